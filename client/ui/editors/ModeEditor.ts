// The mode editor: a radio group of the modes the level offers (auto = jit with shardings, manual =
// shard_map, pmap); choosing one sends setMode (a refused switch leaves the old mode checked).
import type { PlanSession, SessionView } from '../../state/PlanSession.ts';
import { modeEdit } from '../../viewModels/planOptionsForm.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';
import { section, setSectionNote, type Editor } from './controls.ts';

const KEYS = { auto: 'mode.auto', manual: 'mode.manual', pmap: 'mode.pmap' } as const;

export function modeEditor(session: PlanSession, t: Translate, open: boolean): Editor {
  const radios = session.level.limits.modes.map((mode) => {
    const input = h('input', { type: 'radio', name: 'plan-mode', value: mode });
    input.addEventListener('change', () => {
      if (input.checked) session.edit(modeEdit(mode));
    });
    return { mode, input, label: h('label', { class: 'radio' }, input, h('span', {}, t(KEYS[mode]))) };
  });
  const element = section(
    'mode',
    t('editor.mode'),
    open,
    h('fieldset', { class: 'choices' }, h('legend', {}, t('mode.legend')), ...radios.map((r) => r.label)),
  );
  const update = (view: SessionView): void => {
    for (const r of radios) r.input.checked = r.mode === view.plan.mode;
    setSectionNote(element, view.plan.mode);
  };
  return { element, update };
}
