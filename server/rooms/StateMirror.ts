// The session's schema state as the screens read it, mirrored from the accepted snapshot (sessionState.ts).
// A running timer is resynced every TIMER_RESYNC_MS of the wall clock, not the session's clock, which a test
// or a paused class may hold still.
import { timerRemainingMs, type SessionSnapshot } from '../../shared/index.ts';
import { SessionState, TIMER_RESYNC_MS, mirrorSession } from './sessionState.ts';

export class StateMirror {
  readonly state = new SessionState();
  /** When the timer was last written (performance.now(), ms). */
  private timerAt = -Infinity;

  constructor(private readonly wallMs: () => number = () => performance.now()) {}

  /** Mirrors `session` at `nowMs` (its clock); `connected` holds the player ids with an open connection. */
  mirror(session: SessionSnapshot, nowMs: number, connected: ReadonlySet<string>): void {
    const wall = this.wallMs();
    if (mirrorSession(this.state, session, nowMs, connected, wall - this.timerAt >= TIMER_RESYNC_MS))
      this.timerAt = wall;
  }

  /**
   * A tick that changed nothing, with `session` mirrored last and no connection opened or closed since: only a
   * running timer's resync can be due (the rest of the state depends on the snapshot and the connections).
   */
  resync(session: SessionSnapshot, nowMs: number): void {
    const wall = this.wallMs();
    if (!this.state.timerRunning || wall - this.timerAt < TIMER_RESYNC_MS) return;
    this.state.timerRemainingMs = timerRemainingMs(session, nowMs);
    this.timerAt = wall;
  }
}
