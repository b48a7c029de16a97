// The manual-mode editor (shard_map): the body as rows of ops in JAX's words with a remove button each, a
// form to add a collective (passing style, dish, row of kitchens and the style's parameters), and one select
// per served output. in_specs / out_specs are the slicing labels (LabelsEditor).
import { MANUAL_COLLECTIVES } from '../../../shared/index.ts';
import type { PlanSession, SessionView } from '../../state/PlanSession.ts';
import {
  addCollectiveEdit,
  bodyRows,
  COLLECTIVE_FIELDS,
  outputRows,
  valueOptions,
  type CollectiveDraft,
  type CollectiveField,
} from '../../viewModels/manualBodyForm.ts';
import { allows } from '../../viewModels/planOptionsForm.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';
import { labelledSelect, section, setOptions, setSectionNote, type Editor, type Choice } from './controls.ts';

const DIMS: readonly Choice[] = [0, 1, 2, 3].map((d) => ({ value: String(d), text: String(d) }));
const SHIFTS: readonly Choice[] = [1, 2, 3, -1].map((d) => ({
  value: String(d),
  text: d > 0 ? `+${d}` : `${d}`,
}));

export function manualEditor(session: PlanSession, t: Translate, open: boolean): Editor {
  const { level } = session;
  const noop = () => undefined;
  const body = h('ol', { class: 'op-list' });
  const kind = labelledSelect(t('manual.kind'), () => showFields(), { 'data-manual': 'kind' });
  setOptions(
    kind.select,
    MANUAL_COLLECTIVES.map((c) => ({ value: c, text: t(`collective.${c}`) })),
    'psum',
  );
  const input = labelledSelect(t('manual.input'), noop, { 'data-manual': 'input' });
  const axis = labelledSelect(t('manual.axis'), noop, { 'data-manual': 'axis' });
  const fields: Record<CollectiveField, ReturnType<typeof labelledSelect>> = {
    dim: labelledSelect(t('manual.dim'), noop, { 'data-manual': 'dim' }),
    to: labelledSelect(t('manual.to'), noop, { 'data-manual': 'to' }),
    splitDim: labelledSelect(t('manual.splitDim'), noop, { 'data-manual': 'splitDim' }),
    concatDim: labelledSelect(t('manual.concatDim'), noop, { 'data-manual': 'concatDim' }),
    shift: labelledSelect(t('manual.shift'), noop, { 'data-manual': 'shift' }),
  };
  for (const f of ['dim', 'splitDim', 'concatDim'] as const) setOptions(fields[f].select, DIMS, '0');
  setOptions(fields.shift.select, SHIFTS, '1');
  setOptions(
    fields.to.select,
    [
      { value: 'varying', text: t('manual.varying') },
      { value: 'invarying', text: t('manual.invarying') },
    ],
    'varying',
  );
  const name = h('input', { type: 'text', 'data-manual': 'name', placeholder: t('manual.namePlaceholder') });
  const showFields = () => {
    const wanted = COLLECTIVE_FIELDS[kind.select.value as keyof typeof COLLECTIVE_FIELDS] ?? [];
    for (const [f, control] of Object.entries(fields))
      control.label.hidden = !wanted.includes(f as CollectiveField);
  };
  showFields();
  const add = h('button', { type: 'button', class: 'button' }, t('manual.addButton'));
  add.addEventListener('click', () => {
    const draft: CollectiveDraft = {
      name: name.value,
      kind: MANUAL_COLLECTIVES.find((c) => c === kind.select.value) ?? 'psum',
      input: input.select.value,
      axis: axis.select.value,
      dim: Number(fields.dim.select.value),
      to: fields.to.select.value === 'invarying' ? 'invarying' : 'varying',
      splitDim: Number(fields.splitDim.select.value),
      concatDim: Number(fields.concatDim.select.value),
      shift: Number(fields.shift.select.value),
    };
    if (session.edit(addCollectiveEdit(draft, session.view.plan))) name.value = '';
  });
  const outputs = h('div', { class: 'fields' });
  const notInManual = h('p', { class: 'note' }, t('manual.needsMode'));
  const addForm = h(
    'fieldset',
    { class: 'add-op' },
    h('legend', {}, t('manual.add')),
    h(
      'div',
      { class: 'fields' },
      kind.label,
      input.label,
      axis.label,
      ...Object.values(fields).map((f) => f.label),
      h('label', { class: 'field' }, h('span', {}, t('manual.name')), name),
    ),
    add,
  );
  const element = section(
    'manual',
    t('editor.manual'),
    open,
    notInManual,
    h('h4', {}, t('manual.body')),
    body,
    allows(level, 'addManualOp') ? addForm : null,
    h('h4', {}, t('manual.outputs')),
    outputs,
    h('p', { class: 'muted' }, t('manual.specsHelp')),
  );

  let shownBody = '';
  let shownOutputs = '';
  const update = (view: SessionView): void => {
    const manual = view.plan.manual;
    const active = view.plan.mode === 'manual' && manual !== null;
    notInManual.hidden = active;
    for (const el of element.querySelectorAll<HTMLSelectElement | HTMLInputElement | HTMLButtonElement>(
      'select, input, button',
    ))
      el.disabled = !active;
    if (manual === null) return;
    setSectionNote(
      element,
      bodyRows(manual)
        .filter((r) => r.collective)
        .map((r) => r.text.split(' = ')[1]?.split('(')[0] ?? '')
        .join(', '),
    );
    const bodyKey = JSON.stringify(manual.body);
    if (bodyKey !== shownBody) {
      shownBody = bodyKey;
      body.replaceChildren(
        ...bodyRows(manual).map((row) => {
          const remove = h(
            'button',
            { type: 'button', class: 'button small', 'data-remove-op': row.name },
            '✕',
          );
          remove.setAttribute('aria-label', t('manual.remove', { name: row.name }));
          remove.title = t('manual.remove', { name: row.name });
          remove.disabled = !active;
          remove.addEventListener('click', () => session.edit({ type: 'removeManualOp', name: row.name }));
          return h(
            'li',
            { class: row.collective ? 'op collective' : 'op' },
            h('code', {}, row.text),
            allows(level, 'removeManualOp') ? remove : null,
          );
        }),
      );
    }
    const values = valueOptions(manual).map((v) => ({ value: v, text: v }));
    setOptions(input.select, values, input.select.value || (values.at(-1)?.value ?? ''));
    setOptions(
      axis.select,
      view.plan.mesh.map((a) => ({ value: a.name, text: `${a.name} (${a.size})` })),
      axis.select.value || (view.plan.mesh[0]?.name ?? ''),
    );
    const outKey = JSON.stringify([manual.outputs, values]);
    if (outKey !== shownOutputs) {
      shownOutputs = outKey;
      outputs.replaceChildren(
        ...outputRows(manual).map((row) => {
          const s = labelledSelect(
            t('manual.output', { output: row.output }),
            (v) => session.edit({ type: 'setManualOutput', output: row.output, value: v }),
            { 'data-output': row.output },
          );
          setOptions(s.select, values, row.value);
          s.select.disabled = !active || !allows(level, 'setManualOutput');
          return s.label;
        }),
      );
    }
    for (const s of outputs.querySelectorAll<HTMLSelectElement>('select[data-output]'))
      s.value = manual.outputs[s.dataset.output ?? ''] ?? s.value;
  };
  return { element, update };
}
