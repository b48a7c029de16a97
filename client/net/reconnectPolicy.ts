// How a session page reacts to a closed socket (shared/protocol/closeCodes.ts): what the close code means,
// how long to wait before each retry (exponential backoff with jitter, so 30 phones do not come back at the
// same millisecond after a restart), and what the server's status answer means for the next step.
import {
  CLOSE_ENDED,
  CLOSE_KICKED,
  CLOSE_RESTARTING,
  type SessionStatusResponse,
} from '../../shared/index.ts';

/** ended: the session is over; kicked: removed; restarting: the server said it restarts; network: anything else (1006 after kill -9 too). */
export type DropCause = 'ended' | 'kicked' | 'restarting' | 'network';

export function dropCause(closeCode: number): DropCause {
  if (closeCode === CLOSE_ENDED) return 'ended';
  if (closeCode === CLOSE_KICKED) return 'kicked';
  if (closeCode === CLOSE_RESTARTING) return 'restarting';
  return 'network';
}

/** Backoff: 250 ms doubling per attempt up to 5 s, times a jitter factor in [0.8, 1.2) from `random` ∈ [0, 1). */
export function retryDelayMs(attempt: number, random: number): number {
  const base = Math.min(5000, 250 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random));
}

/**
 * How long a dropped page keeps trying, ms: the server keeps a dropped seat for 120 s; a restarted server
 * waits for its facilitator to reopen the session (a class does not end because the server restarted).
 */
export const RETRY_WINDOW_MS = { network: 120_000, restarting: 30 * 60_000 } as const;

/** Where the session is, as seen by a retrying page: the status answer, or unreachable (the server is down). */
export type SessionWhereabouts = 'running' | 'waiting' | 'ended' | 'unreachable';

/** The status answer (HTTP status, body) → whereabouts: 404 or closed → ended; stored but not open → waiting. */
export function whereabouts(
  httpStatus: number | null,
  body: SessionStatusResponse | null,
): SessionWhereabouts {
  if (httpStatus === null || httpStatus >= 500) return 'unreachable';
  if (httpStatus === 404) return 'ended';
  if (httpStatus !== 200 || body === null) return 'unreachable';
  if (body.closed) return 'ended';
  return body.running ? 'running' : 'waiting';
}
