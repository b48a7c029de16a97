// The routing of a mixture-of-experts level: the capacity factor, i.e. how many seats each counter (expert)
// keeps per token group, C = ⌈k·S·cf/E⌉. The choices are the core's CAPACITY_FACTORS; the plan's own
// factor, or the scenario's when the plan keeps it, is selected.
import { CAPACITY_FACTORS, MODELS } from '../../../shared/index.ts';
import type { PlanSession, SessionView } from '../../state/PlanSession.ts';
import { capacityEdit } from '../../viewModels/planOptionsForm.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';
import { labelledSelect, section, setOptions, setSectionNote, type Editor } from './controls.ts';

/** The scenario's own capacity factor (the banquet dims', else the model's default). */
function scenarioFactor(session: PlanSession): number {
  const s = session.level.scenario;
  if (s.engine !== 'tasting+pricing') return 1;
  return s.banquetDims['capacityFactor'] ?? MODELS[s.model]?.dims['capacityFactor'] ?? 1;
}

export function routingEditor(session: PlanSession, t: Translate, open: boolean): Editor {
  const factor = labelledSelect(t('routing.capacity'), (v) => session.edit(capacityEdit(Number(v))), {
    'data-routing': 'capacity',
  });
  const element = section(
    'routing',
    t('editor.routing'),
    open,
    h('div', { class: 'fields' }, factor.label, h('p', { class: 'hint' }, t('routing.note'))),
  );
  const update = (view: SessionView): void => {
    const current = view.plan.capacityFactor ?? scenarioFactor(session);
    setOptions(
      factor.select,
      CAPACITY_FACTORS.map((f) => ({ value: String(f), text: `×${f}` })),
      String(current),
    );
    setSectionNote(element, `cf ${current}`);
  };
  return { element, update };
}
