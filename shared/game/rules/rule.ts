// The shape of an edit handler (one handler per edit kind, like excalidraw's actions/): it turns the plan
// and one edit into the next plan, or refuses with an explained error. Checks of the whole resulting plan
// (the core's validation at both scales) happen once, in applyEdit.ts.
import type { PlanEdit, PlanEditType } from '../actions.ts';
import { ruleError, type GameResult } from '../errors.ts';
import type { Level } from '../level.ts';
import type { ManualState, PlanState } from '../planState.ts';

/** The handler of edits of type `T`. */
export type Rule<T extends PlanEditType> = (
  level: Level,
  state: PlanState,
  edit: Extract<PlanEdit, { readonly type: T }>,
) => GameResult<PlanState>;

/** The next plan. */
export const next = (state: PlanState): GameResult<PlanState> => ({ ok: true, value: state });

/** The plan's shard_map, or the refusal of a manual-mode edit outside manual mode. */
export function manualOf(state: PlanState): GameResult<ManualState> {
  if (state.mode === 'manual' && state.manual !== null) return { ok: true, value: state.manual };
  return ruleError(
    'rule/not-manual',
    {},
    'This edit changes the shard_map body; switch the plan to manual mode first.',
  );
}
