// One level being played: the edit history (only accepted edits enter it), the last refusal, and the
// evaluation of the present plan, recomputed on every change. Listeners redraw the preview and the kitchens.
import {
  canRedo,
  canUndo,
  commitEdit,
  createHistory,
  evaluatePlan,
  redo,
  undo,
  type Evaluation,
  type GameError,
  type History,
  type Level,
  type PlanEdit,
  type PreparedPlan,
} from '../../shared/index.ts';
import type { PlanSession, SessionListener, SessionView } from './PlanSession.ts';

export type { SessionView } from './PlanSession.ts';

export class LevelSession implements PlanSession {
  private history: History;
  private error: GameError | null = null;
  private evaluation: Evaluation | null = null;
  private readonly listeners = new Set<SessionListener>();

  constructor(readonly level: Level) {
    this.history = createHistory(level.start);
    this.evaluate();
  }

  get view(): SessionView {
    return {
      level: this.level,
      plan: this.history.present,
      evaluation: this.evaluation,
      error: this.error,
      canUndo: canUndo(this.history),
      canRedo: canRedo(this.history),
    };
  }

  /** Applies an edit through the core; a refusal keeps the plan and records the reason. */
  edit(edit: PlanEdit): boolean {
    const r = commitEdit(this.level, this.history, edit);
    if (r.ok) this.change(r.history, r.prepared);
    else {
      this.error = r.error;
      this.emit();
    }
    return r.ok;
  }

  undo(): void {
    if (canUndo(this.history)) this.change(undo(this.history));
  }

  redo(): void {
    if (canRedo(this.history)) this.change(redo(this.history));
  }

  /** Calls `listener` now and on every change; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    listener(this.view);
    return () => this.listeners.delete(listener);
  }

  private change(history: History, prepared?: PreparedPlan): void {
    this.history = history;
    this.error = null;
    this.evaluate(prepared);
    this.emit();
  }

  /** Evaluates the present plan (with `prepared`, an accepted edit's, it is not planned again). */
  private evaluate(prepared?: PreparedPlan): void {
    const r = evaluatePlan(this.level, this.history.present, prepared);
    this.evaluation = r.ok ? r.evaluation : null;
    if (!r.ok) this.error = r.error;
  }

  private emit(): void {
    const view = this.view;
    for (const listener of this.listeners) listener(view);
  }
}
