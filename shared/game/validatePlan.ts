// Whether a plan can be played in a level: the level's limits (kitchens, row names, modes), then the core's
// own validation of the whole plan (preparePlan.ts: both scales, or the Megatron request and its pipeline
// schedule's rules). Nothing is checked here that the core checks; the limits are the level's.
import type { GameResult } from './errors.ts';
import type { Level } from './level.ts';
import type { PlanState } from './planState.ts';
import { preparePlan } from './preparePlan.ts';

const OK: GameResult<void> = { ok: true, value: undefined };

/**
 * Whether `state` can be played in `level`; a refusal carries the core's message and its explanation.
 * @example validatePlan(level, level.start) // { ok: true, value: undefined }
 */
export function validatePlan(level: Level, state: PlanState): GameResult<void> {
  const prepared = preparePlan(level, state);
  return prepared.ok ? OK : prepared;
}
