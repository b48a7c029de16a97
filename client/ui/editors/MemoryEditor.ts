// The memory savers: recomputation (cook again instead of storing), the ZeRO stage (seasoning ledgers) and
// sequence parallelism; each control only when the level allows its edit.
import type { PlanSession, SessionView } from '../../state/PlanSession.ts';
import {
  allows,
  RECOMPUTE_POLICIES,
  recomputeEdit,
  sequenceParallelEdit,
  ZERO_STAGES,
  zeroEdit,
} from '../../viewModels/planOptionsForm.ts';
import { h } from '../dom.ts';
import type { Translate } from '../translate.ts';
import { labelledSelect, section, setOptions, setSectionNote, type Editor } from './controls.ts';

export function memoryEditor(session: PlanSession, t: Translate, open: boolean): Editor {
  const { level } = session;
  const recompute = labelledSelect(
    t('memory.recompute'),
    (v) => session.edit(recomputeEdit(RECOMPUTE_POLICIES.find((p) => p === v) ?? 'none')),
    { 'data-memory': 'recompute' },
  );
  const zero = labelledSelect(
    t('memory.zero'),
    (v) => session.edit(zeroEdit(ZERO_STAGES.find((z) => String(z) === v) ?? 0)),
    { 'data-memory': 'zero' },
  );
  const sp = h('input', { type: 'checkbox', 'data-memory': 'sp' });
  sp.addEventListener('change', () => session.edit(sequenceParallelEdit(sp.checked)));
  const element = section(
    'memory',
    t('editor.memory'),
    open,
    h(
      'div',
      { class: 'fields' },
      allows(level, 'setRecompute') ? recompute.label : null,
      allows(level, 'setZero') ? zero.label : null,
      allows(level, 'setSequenceParallel')
        ? h('label', { class: 'checkbox' }, sp, h('span', {}, t('memory.sp')))
        : null,
    ),
  );
  const update = (view: SessionView): void => {
    const p = view.plan;
    setOptions(
      recompute.select,
      RECOMPUTE_POLICIES.map((r) => ({ value: r, text: t(`recompute.${r}`) })),
      p.recompute,
    );
    setOptions(
      zero.select,
      ZERO_STAGES.map((z) => ({ value: String(z), text: t(`zero.${z}`) })),
      String(p.zeroStage),
    );
    sp.checked = p.sequenceParallel;
    setSectionNote(
      element,
      [
        allows(level, 'setRecompute') ? t(`memoryNote.${p.recompute}`) : '',
        allows(level, 'setZero') ? `ZeRO ${p.zeroStage}` : '',
        allows(level, 'setSequenceParallel') && p.sequenceParallel ? t('memoryNote.sp') : '',
      ]
        .filter(Boolean)
        .join(' · '),
    );
  };
  return { element, update };
}
