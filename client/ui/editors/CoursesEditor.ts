// The courses editor (pipeline): stations (the grid's stage row), rounds per step (microbatches), the
// schedule and the interleaved chunks, each a select whose choices come from viewModels/planOptionsForm.ts.
import type { PlanSession, SessionView } from '../../state/PlanSession.ts';
import { coursesEdit, coursesForm, SCHEDULES } from '../../viewModels/planOptionsForm.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';
import { labelledSelect, section, setOptions, setSectionNote, type Editor } from './controls.ts';

const numbers = (list: readonly number[]) => list.map((n) => ({ value: String(n), text: String(n) }));

export function coursesEditor(session: PlanSession, t: Translate, open: boolean): Editor {
  const send = (field: Parameters<typeof coursesEdit>[0]) => (value: string) =>
    session.edit(coursesEdit(field, value));
  const stages = labelledSelect(t('courses.stages'), send('stages'), { 'data-courses': 'stages' });
  const micro = labelledSelect(t('courses.microbatches'), send('microbatches'), {
    'data-courses': 'microbatches',
  });
  const schedule = labelledSelect(t('courses.schedule'), send('schedule'), { 'data-courses': 'schedule' });
  const virtual = labelledSelect(t('courses.virtual'), send('virtualStages'), {
    'data-courses': 'virtualStages',
  });
  const element = section(
    'courses',
    t('editor.courses'),
    open,
    h('div', { class: 'fields' }, stages.label, micro.label, schedule.label, virtual.label),
  );
  const update = (view: SessionView): void => {
    const f = coursesForm(session.level, view.plan);
    stages.label.hidden = f.stages === null;
    setOptions(stages.select, numbers(f.stageOptions), String(f.stages ?? ''));
    setOptions(micro.select, numbers(f.microbatchOptions), String(f.microbatches));
    setOptions(
      schedule.select,
      SCHEDULES.map((s) => ({ value: s, text: t(`schedule.${s}`) })),
      f.schedule,
    );
    virtual.label.hidden = f.schedule !== 'interleaved';
    setOptions(virtual.select, numbers(f.virtualOptions), String(f.virtualStages));
    setSectionNote(element, `p ${f.stages ?? 1} · m ${f.microbatches} · ${t(`schedule.name.${f.schedule}`)}`);
  };
  return { element, update };
}
