// A team's shared plan as a PlanSession (client/state/PlanSession.ts) for the level panel: edits are checked
// by the core at once (a refusal shows without a round trip), sent as MSG_EDIT with a seq, and shown on top
// of the last MSG_TEAM_PLAN until the server confirms or refuses them. The preview is the core's
// evaluatePlan of the shown plan: the same numbers the server scores. No undo: the plan is the team's.
// The server's refusal of an edit stays shown until the player's next edit: the confirmations of the edits
// sent before and after it may arrive later (the rate limit answers at once, the store after its write) and
// must not wipe the only sign that a change was not saved.
import {
  applyEdit,
  evaluatePlan,
  type EditMessage,
  type EditRefusedMessage,
  type Evaluation,
  type Level,
  type PlanEdit,
  type PlanState,
  type PreparedPlan,
  type ShownError,
  type TeamPlanMessage,
} from '../../shared/index.ts';
import type { PlanSession, SessionListener, SessionView } from '../state/PlanSession.ts';
import type { ActivityClock } from './viewModels/activityLine.ts';

interface Pending {
  readonly seq: number;
  readonly edit: PlanEdit;
}

export class TeamPlanSession implements PlanSession {
  private serverPlan: PlanState;
  private version = 0;
  private lockedNow = false;
  private seq = 0;
  /** Names this page's edits for the server (AppliedEdits.ts): a reload is another page. */
  private readonly page = pageId();
  private pending: Pending[] = [];
  private shown: PlanState;
  private evaluation: Evaluation | null = null;
  private error: ShownError | null = null;
  /** The error shown is the server's refusal of one of this player's edits. */
  private errorFromServer = false;
  private activityNow: ActivityClock = { activity: [], serverNowMs: 0, receivedAtMs: 0 };
  private readonly listeners = new Set<SessionListener>();

  /**
   * @param me the player's id (to recognise the server's echo of this player's edits)
   * @param send delivers one MSG_EDIT to the room
   * @param canEdit false while the team's plan is locked or the player joined late
   */
  constructor(
    readonly level: Level,
    private readonly me: string,
    private readonly send: (message: EditMessage) => void,
    private canEdit: () => boolean = () => true,
  ) {
    this.serverPlan = level.start;
    this.shown = level.start;
    this.evaluate();
  }

  get view(): SessionView {
    return {
      level: this.level,
      plan: this.shown,
      evaluation: this.evaluation,
      error: this.error,
      canUndo: false,
      canRedo: false,
    };
  }

  /** Accepted edits of the team's plan so far (the server's count). */
  get planVersion(): number {
    return this.version;
  }

  get locked(): boolean {
    return this.lockedNow;
  }

  /** Who changed what in the team's plan (the server's record), with the clocks to say how long ago. */
  get activity(): ActivityClock {
    return this.activityNow;
  }

  /** Edits sent and not yet confirmed or refused. */
  get unconfirmed(): number {
    return this.pending.length;
  }

  edit(edit: PlanEdit): boolean {
    if (!this.canEdit()) return false;
    const r = applyEdit(this.level, this.shown, edit);
    this.errorFromServer = false;
    if (!r.ok) {
      this.error = r.error;
      this.emit();
      return false;
    }
    const seq = ++this.seq;
    this.pending.push({ seq, edit });
    this.send({ seq, edit, page: this.page });
    this.error = null;
    // The shown plan already is the server's with the pending edits replayed: this edit goes on top of it.
    this.show(r.state, r.prepared);
    this.emit();
    return true;
  }

  undo(): void {}
  redo(): void {}

  /**
   * The connection came back: the edits still unconfirmed may have been lost with the old socket (sent into it,
   * or queued while it was down), so each is sent again, in order, under its own seq. One the server had
   * applied is confirmed, not applied again; one no longer valid is refused with its seq and leaves the plan.
   */
  resendPending(): void {
    for (const { seq, edit } of this.pending) this.send({ seq, edit, page: this.page });
  }

  /** The server's plan after an accepted edit (anyone's) or a lock. */
  applyTeamPlan(message: TeamPlanMessage): void {
    if (message.version < this.version) return;
    if (message.version > this.version && !this.errorFromServer) this.error = null;
    this.serverPlan = message.plan;
    this.version = message.version;
    this.activityNow = {
      activity: message.activity ?? [],
      serverNowMs: message.serverNowMs ?? Date.now(),
      receivedAtMs: Date.now(),
    };
    this.lockedNow = message.locked;
    if (message.by === this.me && message.seq !== undefined) {
      const confirmed = message.seq;
      this.pending = this.pending.filter((p) => p.seq > confirmed);
    }
    if (message.locked) this.pending = [];
    this.rebuild();
  }

  /**
   * The server refused one of this player's edits (the core, the rate limit, a failed save…): that edit
   * leaves the shown plan, the others are replayed over the server's plan, and its reason shows.
   */
  applyRefusal(message: EditRefusedMessage): void {
    this.pending = this.pending.filter((p) => p.seq !== message.seq);
    const { type, code, message: text, explanation } = message;
    this.error = { type, code, message: text, explanation };
    this.errorFromServer = true;
    this.rebuild();
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    listener(this.view);
    return () => this.listeners.delete(listener);
  }

  /** The shown plan = the server's plan with the unconfirmed edits replayed (those now invalid are dropped). */
  private rebuild(): void {
    let plan = this.serverPlan;
    let prepared: PreparedPlan | undefined;
    this.pending = this.pending.filter((p) => {
      const r = applyEdit(this.level, plan, p.edit);
      if (r.ok) {
        plan = r.state;
        prepared = r.prepared;
      }
      return r.ok;
    });
    this.show(plan, prepared);
    this.emit();
  }

  /** Shows `plan` and evaluates it when it changed (`prepared`, the edit's that made it, is not planned again). */
  private show(plan: PlanState, prepared: PreparedPlan | undefined): void {
    if (plan === this.shown) return;
    this.shown = plan;
    this.evaluate(prepared);
  }

  private evaluate(prepared?: PreparedPlan): void {
    const r = evaluatePlan(this.level, this.shown, prepared);
    this.evaluation = r.ok ? r.evaluation : null;
    if (!r.ok) {
      this.error = r.error;
      this.errorFromServer = false;
    }
  }

  private emit(): void {
    const view = this.view;
    for (const listener of this.listeners) listener(view);
  }
}

/** 16 random base64url characters (96 bits): crypto.getRandomValues works on plain-http pages too. */
function pageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}
