// The session's schema state as the screens read it, mirrored from the accepted snapshot (sessionState.ts).
// The teams' edit counts are paced by the wall clock (editCountsDue), not the session's clock, which a test
// or a paused class may hold still.
import type { SessionSnapshot } from '../../shared/index.ts';
import { SessionState, editCountsDue, mirrorSession } from './sessionState.ts';

export class StateMirror {
  readonly state = new SessionState();
  /** When the edit counts were last mirrored (performance.now(), ms). */
  private countsAt = -Infinity;

  constructor(private readonly wallMs: () => number = () => performance.now()) {}

  /** Mirrors `session` at `nowMs` (its clock); `connected` holds the player ids with an open connection. */
  mirror(session: SessionSnapshot, nowMs: number, connected: ReadonlySet<string>): void {
    const wall = this.wallMs();
    const counts = editCountsDue(this.state, session, nowMs, wall - this.countsAt);
    if (counts) this.countsAt = wall;
    mirrorSession(this.state, session, nowMs, connected, counts);
  }
}
