// setMode: auto (jit with shardings, GSPMD inserts the passes), manual (shard_map: the player places them)
// or pmap (one row of kitchens, weights copied everywhere). The level lists the modes it offers.
import { ruleError } from '../errors.ts';
import { next, type Rule } from './rule.ts';

/** Chooses auto, manual or pmap mode. */
export const setMode: Rule<'setMode'> = (level, state, edit) => {
  if (!level.limits.modes.includes(edit.mode))
    return ruleError(
      'level/mode',
      { allowed: level.limits.modes, mode: String(edit.mode) },
      `This level offers the modes ${level.limits.modes.join(', ')}, not '${String(edit.mode)}'.`,
    );
  if (edit.mode === 'manual' && state.manual === null)
    return ruleError(
      'rule/no-manual-plan',
      {},
      'manual: manual mode needs a shard_map plan (inSpecs, outSpecs, body, outputs).',
    );
  return next({ ...state, mode: edit.mode });
};
