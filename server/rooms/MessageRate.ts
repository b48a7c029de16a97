// Per-connection message rate limit (issue 10, item 7): a token bucket of `burst` messages refilled at
// `perSecond`; a message that finds it empty is refused with the coded error 'rate-limited' before any
// validation or core work. A connection that keeps flooding (`closeAfter` refusals in a row) is closed.
import type { Client } from 'colyseus';
import { MSG_ERROR, type ErrorMessage } from '../../shared/index.ts';

/** WebSocket close code of a connection closed for flooding. */
export const CLOSE_FLOODING = 4029;

export interface MessageRateOptions {
  /** Messages that may arrive at once. */
  readonly burst: number;
  /** Sustained messages per second. */
  readonly perSecond: number;
  /** Refused messages in a row after which the connection is closed. */
  readonly closeAfter: number;
}

/** A player edits by clicks and drags (a few a second); a page pings every few seconds. */
export const SESSION_MESSAGE_RATE: MessageRateOptions = { burst: 40, perSecond: 20, closeAfter: 400 };
export const LOBBY_MESSAGE_RATE: MessageRateOptions = { burst: 20, perSecond: 5, closeAfter: 200 };

export type RateVerdict = 'ok' | 'refuse' | 'close';

interface Bucket {
  tokens: number;
  atMs: number;
  refusedInARow: number;
}

export const rateLimitedError = (o: MessageRateOptions): ErrorMessage => ({
  code: 'rate-limited',
  message: `Too many messages: at most ${o.perSecond} a second (bursts of ${o.burst}); this one was ignored.`,
});

export class MessageRate {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly options: MessageRateOptions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one message of connection `id`. */
  take(id: string): RateVerdict {
    const now = this.now();
    let b = this.buckets.get(id);
    if (b === undefined) {
      b = { tokens: this.options.burst, atMs: now, refusedInARow: 0 };
      this.buckets.set(id, b);
    }
    b.tokens = Math.min(this.options.burst, b.tokens + ((now - b.atMs) / 1000) * this.options.perSecond);
    b.atMs = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      b.refusedInARow = 0;
      return 'ok';
    }
    b.refusedInARow++;
    return b.refusedInARow >= this.options.closeAfter ? 'close' : 'refuse';
  }

  /** Forgets a connection that left. */
  forget(id: string): void {
    this.buckets.delete(id);
  }
}

/** `handler`, run only when `rate` lets the sender's message through; else the 'rate-limited' reply. */
export function limited<A extends unknown[]>(
  rate: MessageRate,
  handler: (client: Client, ...args: A) => void,
): (client: Client, ...args: A) => void {
  return (client, ...args) => {
    const verdict = rate.take(client.sessionId);
    if (verdict === 'ok') return handler(client, ...args);
    client.send(MSG_ERROR, rateLimitedError(rate.options));
    if (verdict === 'close') client.leave(CLOSE_FLOODING);
  };
}
