// What the level screen needs from whoever holds the plan: the solo LevelSession (local history) or a
// server-backed team plan (classroom). Edits go through `edit`; a refusal keeps the plan and shows in `view.error`.
import type { Evaluation, Level, PlanEdit, PlanState, ShownError } from '../../shared/index.ts';

export interface SessionView {
  readonly level: Level;
  readonly plan: PlanState;
  /** null when the plan cannot be evaluated (then `error` says why). */
  readonly evaluation: Evaluation | null;
  /** The last refused edit's reason, cleared by the next accepted change. */
  readonly error: ShownError | null;
  /** False when there is nothing to undo, or when the session has no undo at all (e.g. a team plan). */
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

export type SessionListener = (view: SessionView) => void;

export interface PlanSession {
  readonly level: Level;
  /** The present state; always consistent with what the last listener call received. */
  readonly view: SessionView;
  /**
   * Asks for an edit. Returns true when it was accepted locally, false when refused (the reason lands in
   * `view.error`). A server-backed session may return true and apply it when the server confirms.
   */
  edit(edit: PlanEdit): boolean;
  /** No-op when `view.canUndo` is false. */
  undo(): void;
  /** No-op when `view.canRedo` is false. */
  redo(): void;
  /** Calls `listener` now and on every change; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void;
}
