// The slicing labels: per dish one <select> per dimension (None or a mesh axis; the keyboard path), each
// dimension also a drop target for the axis tokens, and an "unlabel" button. In manual mode the labels are
// shard_map's in_specs / out_specs; pmap takes none (the selects are disabled and a note says why).
import { evaluatePlan, type Level } from '../../../shared/index.ts';
import type { PlanSession, SessionView } from '../../state/PlanSession.ts';
import { tokenDropEdit } from '../../viewModels/axisTokens.ts';
import { allows } from '../../viewModels/planOptionsForm.ts';
import {
  labelTable,
  setDimensionEdit,
  specForm,
  specText,
  takesLabels,
  tensorShapes,
  type TensorForm,
} from '../../viewModels/specForm.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';
import { renderAxisTokens } from './AxisTokens.ts';
import { section, setOptions, type Editor } from './controls.ts';

/** The dishes' shapes: from the session's evaluation, else from evaluating the level's reference plan. */
function shapesOf(level: Level, view: SessionView): Map<string, readonly number[]> {
  if (view.evaluation) return tensorShapes(view.evaluation);
  const r = evaluatePlan(level, level.reference);
  return r.ok ? tensorShapes(r.evaluation) : new Map();
}

export function labelsEditor(session: PlanSession, t: Translate, open: boolean): Editor {
  const { level } = session;
  const shapes = shapesOf(level, session.view);
  const formOf = (tensor: string): TensorForm | undefined =>
    specForm(level, session.view.plan, shapes).find((f) => f.tensor === tensor);
  const selects = new Map<string, HTMLSelectElement[]>();
  const specLabels = new Map<string, HTMLElement>();
  const clearButtons = new Map<string, HTMLButtonElement>();
  const dimLabels = new Map<string, HTMLElement[]>();
  const canClear = allows(level, 'clearSpec');

  const fieldsets = specForm(level, session.view.plan, shapes).map((form) => {
    const spec = h('code', { class: 'spec' });
    specLabels.set(form.tensor, spec);
    const dims = form.dims.map((d) => {
      const select = h('select', {
        'aria-label': t('level.dimLabel', { tensor: form.tensor, i: d.index }),
        'data-tensor': form.tensor,
      });
      select.addEventListener('change', () => {
        const current = formOf(form.tensor);
        if (current)
          session.edit(setDimensionEdit(current, d.index, select.value === '' ? null : select.value));
      });
      const label = h(
        'label',
        { 'data-drop-tensor': form.tensor, 'data-drop-dim': String(d.index) },
        h('span', {}, t('level.dim', { i: d.index, size: d.size })),
        select,
      );
      return { select, label };
    });
    dimLabels.set(
      form.tensor,
      dims.map((d) => d.label),
    );
    selects.set(
      form.tensor,
      dims.map((d) => d.select),
    );
    const clear = h('button', { type: 'button', class: 'button small clear-label' }, '✕');
    clear.setAttribute('aria-label', t('labels.clear', { tensor: form.tensor }));
    clear.title = t('labels.clear', { tensor: form.tensor });
    clear.addEventListener('click', () => session.edit({ type: 'clearSpec', tensor: form.tensor }));
    clearButtons.set(form.tensor, clear);
    return h(
      'fieldset',
      { class: 'dish' },
      h(
        'legend',
        {},
        h('span', { class: 'dish-name' }, form.tensor),
        ' ',
        spec,
        ' ',
        canClear ? clear : null,
      ),
      ...dims.map((d) => d.label),
    );
  });

  const tokens = h('div', { class: 'axis-tokens', 'aria-label': t('labels.tokens') });
  const onDrop = (axis: string, target: HTMLElement) => {
    const form = formOf(target.dataset.dropTensor ?? '');
    const edit = form && tokenDropEdit(form, Number(target.dataset.dropDim), axis, session.view.plan);
    if (edit) session.edit(edit);
  };
  const pmapNote = h('p', { class: 'note' }, t('labels.pmap'));
  const element = section(
    'labels',
    t('level.plan'),
    open,
    h('p', { class: 'muted' }, t('level.planHelp')),
    h('p', { class: 'tokens-caption muted', 'aria-hidden': 'true' }, t('labels.tokens')),
    tokens,
    pmapNote,
    h('div', { class: 'plan' }, ...fieldsets),
  );

  const update = (view: SessionView): void => {
    const enabled = takesLabels(view.plan);
    const table = labelTable(view.plan);
    pmapNote.hidden = enabled;
    tokens.hidden = !enabled;
    renderAxisTokens(tokens, view.plan, t, onDrop);
    for (const form of specForm(level, view.plan, shapes)) {
      const list = selects.get(form.tensor) ?? [];
      form.dims.forEach((d, i) => {
        const select = list[i];
        if (!select) return;
        const choices = d.options.map((o) => ({ value: o ?? '', text: o ?? t('level.none') }));
        setOptions(select, choices, d.value ?? '');
      });
      // pmap takes no labels: its selects are hidden, not shown disabled at None beside a view that says
      // P('data', None); an unlabelled dish says so, unlike an explicit P(None, None) (issue 13 item 6).
      for (const label of dimLabels.get(form.tensor) ?? []) label.hidden = !enabled;
      const spec = specLabels.get(form.tensor)!;
      const labelled = table[form.tensor] !== undefined;
      spec.textContent = !enabled ? '' : labelled ? specText(form.dims) : t('labels.unlabelled');
      spec.classList.toggle('unlabelled', enabled && !labelled);
      const clear = clearButtons.get(form.tensor);
      if (clear)
        clear.hidden = !enabled || table[form.tensor] === undefined || table[form.tensor]!.length === 0;
    }
  };
  return { element, update };
}
