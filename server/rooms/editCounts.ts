// The teams' edit counts (MSG_EDIT_COUNTS) to the screens that show them, the facilitator's dashboard and the
// projector: at once when the phase or round changes, otherwise at most once per EDIT_COUNT_MIRROR_MS while
// they change. They used to be a field of the synchronised state, and each change was a patch to every screen
// of the session — 30 socket writes per class each second — for a figure players never see.
import { MSG_EDIT_COUNTS, type EditCountsMessage, type SessionSnapshot } from '../../shared/index.ts';
import type { SeatedClient } from './seat.ts';
import { sendOnce } from './sendOnce.ts';

/** The counts follow the edits at most this often, ms (wall clock: a test or a paused class holds the session's still). */
export const EDIT_COUNT_MIRROR_MS = 1000;

/** Every team's accepted edits of the current round. */
export function editCountsOf(s: SessionSnapshot): EditCountsMessage {
  return { counts: Object.fromEntries(s.teams.map((t) => [t.id, s.plans[t.id]?.version ?? 0])) };
}

/** The screens that show the counts. */
export const watchesEditCounts = (c: SeatedClient): boolean =>
  c.userData?.role === 'facilitator' || c.userData?.role === 'projector';

/** One room's pacing of the counts it sends. */
export class EditCountsCourier {
  private sent = '';
  private sentAt = -Infinity;
  private round = '';

  constructor(private readonly wallMs: () => number = () => performance.now()) {}

  /** Sends the counts of `s` to the watching `clients` when they changed and are due. */
  deliver(clients: readonly SeatedClient[], s: SessionSnapshot): void {
    const message = editCountsOf(s);
    const json = JSON.stringify(message.counts);
    if (json === this.sent) return;
    const round = `${s.phase}/${s.round}`;
    const wall = this.wallMs();
    if (round === this.round && wall - this.sentAt < EDIT_COUNT_MIRROR_MS) return;
    this.sent = json;
    this.sentAt = wall;
    this.round = round;
    sendOnce(clients.filter(watchesEditCounts), MSG_EDIT_COUNTS, message);
  }
}
