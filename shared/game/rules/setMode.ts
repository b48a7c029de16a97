// setMode: auto (jit with shardings, GSPMD inserts the passes), manual (shard_map: the player places them)
// or pmap (one row of kitchens, weights copied everywhere). The level lists the modes it offers.
import { ruleError } from '../errors.ts';
import { text } from '../i18n.ts';
import { next, type Rule } from './rule.ts';

/** Chooses auto, manual or pmap mode. */
export const setMode: Rule<'setMode'> = (level, state, edit) => {
  if (!level.limits.modes.includes(edit.mode))
    return ruleError(
      'LevelRule',
      `This level offers the modes ${level.limits.modes.join(', ')}, not '${String(edit.mode)}'.`,
      text(
        `这一关只能用 ${level.limits.modes.join('、')} 模式。`,
        `This level can be played in ${level.limits.modes.join(', ')} mode only.`,
      ),
    );
  if (edit.mode === 'manual' && state.manual === null)
    return ruleError(
      'PlanRule',
      'manual: manual mode needs a shard_map plan (inSpecs, outSpecs, body, outputs).',
      text(
        '这一关没有准备手动模式的菜谱（shard_map）。',
        'This level has no shard_map recipe to play in manual mode.',
      ),
    );
  return next({ ...state, mode: edit.mode });
};
