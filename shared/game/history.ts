// Undo and redo as pure data: the plans before the present one, the present, and the plans undone. Only
// accepted edits enter it (a refused edit changes nothing), and a new edit after an undo drops the redo list.
import { applyEdit } from './applyEdit.ts';
import type { PlanEdit } from './actions.ts';
import type { GameError } from './errors.ts';
import type { Level } from './level.ts';
import type { PlanState } from './planState.ts';
import type { PreparedPlan } from './preparePlan.ts';

/** Most plans kept to undo. */
export const MAX_UNDO = 100;

/** An edit history. */
export interface History {
  /** Oldest first. */
  readonly past: readonly PlanState[];
  readonly present: PlanState;
  /** The next redo first. */
  readonly future: readonly PlanState[];
}

/** A history that starts at `state`. */
export const createHistory = (state: PlanState): History => ({ past: [], present: state, future: [] });

/**
 * Applies `edit` to the present plan; on success the old present is pushed to `past` and `future` cleared
 * (`prepared` is the new present's, for evaluatePlan).
 * @example commitEdit(level, createHistory(level.start), edit) // { ok: true, history: { past: [start], … } }
 */
export function commitEdit(
  level: Level,
  history: History,
  edit: PlanEdit,
):
  | { readonly ok: true; readonly history: History; readonly prepared: PreparedPlan }
  | { readonly ok: false; readonly error: GameError } {
  const r = applyEdit(level, history.present, edit);
  if (!r.ok) return r;
  return {
    ok: true,
    history: { past: [...history.past, history.present].slice(-MAX_UNDO), present: r.state, future: [] },
    prepared: r.prepared,
  };
}

/** Whether there is a plan to go back to. */
export const canUndo = (h: History): boolean => h.past.length > 0;
/** Whether an undone plan can be restored. */
export const canRedo = (h: History): boolean => h.future.length > 0;

/** One step back (the same history when there is nothing to undo). */
export function undo(h: History): History {
  const prev = h.past[h.past.length - 1];
  if (prev === undefined) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

/** One step forward again (the same history when there is nothing to redo). */
export function redo(h: History): History {
  const nextState = h.future[0];
  if (nextState === undefined) return h;
  return { past: [...h.past, h.present], present: nextState, future: h.future.slice(1) };
}
