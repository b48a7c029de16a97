// Per-connection message rate limit (issue 10, item 7): a token bucket of `burst` messages refilled at
// `perSecond`; a message that finds it empty is refused with the coded 'rate-limited' before any validation or
// core work. Refusals are counted in a sliding window of `windowMs`: the first `answerUpTo` in the window are
// answered, later ones are dropped unanswered (a flood would otherwise buy one socket write per message), and
// the `closeAfter`-th closes the connection (4029).
import type { Client } from 'colyseus';
import { MSG_ERROR, text, type SessionErrorMessage } from '../../shared/index.ts';

/** WebSocket close code of a connection closed for flooding. */
export const CLOSE_FLOODING = 4029;

export interface MessageRateOptions {
  /** Messages that may arrive at once. */
  readonly burst: number;
  /** Sustained messages per second. */
  readonly perSecond: number;
  /** Refusals within the window at which the connection is closed; Infinity: never (nor counted). */
  readonly closeAfter: number;
  /** The sliding window refusals are counted in, ms (10 000 when omitted). */
  readonly windowMs?: number;
  /** Refusals within the window that are answered; later ones are dropped (all are answered when omitted). */
  readonly answerUpTo?: number;
}

/**
 * A player edits by clicks and drags (a few a second); a page pings every few seconds, and paces its own
 * messages under this limit (client/net/SendPacer.ts: bursts of 20, 15 a second), so an honest page is never
 * refused. 400 refusals in 10 s take more than 400 + 40 + 20 × 10 = 640 messages in 10 s (64 a second
 * sustained, or 440 at once): a flood. At 1000 messages a second the close comes after about (40 + 400) / 1000
 * = 0.44 s, with 40 refusals answered.
 */
export const SESSION_MESSAGE_RATE: MessageRateOptions = {
  burst: 40,
  perSecond: 20,
  windowMs: 10_000,
  answerUpTo: 40,
  closeAfter: 400,
};
/** The lobby only answers pings: 200 refusals in 10 s take more than 270 messages in 10 s. */
export const LOBBY_MESSAGE_RATE: MessageRateOptions = {
  burst: 20,
  perSecond: 5,
  windowMs: 10_000,
  answerUpTo: 20,
  closeAfter: 200,
};

/** ok: let through; answer: refuse with a reply; drop: refuse silently; close: refuse and close (4029). */
export type RateVerdict = 'ok' | 'answer' | 'drop' | 'close';

interface Bucket {
  tokens: number;
  atMs: number;
  /** Times of the refusals still in the window (ms), oldest at `first`; allocated at the first refusal. */
  refusals?: Float64Array;
  first: number;
  count: number;
  closed: boolean;
}

export const rateLimitedError = (o: MessageRateOptions): SessionErrorMessage => ({
  code: 'rate-limited',
  message: `Too many messages: at most ${o.perSecond} a second (bursts of ${o.burst}); this one was ignored.`,
  text: text(
    `消息太多（每秒最多 ${o.perSecond} 条，一次最多 ${o.burst} 条）：这次的改动没有保存，请再试一次。`,
    `Too many messages (at most ${o.perSecond} a second, ${o.burst} at once): this change was not saved; try it again.`,
  ),
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
      b = { tokens: this.options.burst, atMs: now, first: 0, count: 0, closed: false };
      this.buckets.set(id, b);
    }
    b.tokens = Math.min(this.options.burst, b.tokens + ((now - b.atMs) / 1000) * this.options.perSecond);
    b.atMs = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 'ok';
    }
    if (b.closed) return 'drop';
    if (!Number.isFinite(this.options.closeAfter)) return 'answer';
    const inWindow = this.refused(b, now);
    if (inWindow >= this.options.closeAfter) {
      b.closed = true;
      return 'close';
    }
    return inWindow <= (this.options.answerUpTo ?? Infinity) ? 'answer' : 'drop';
  }

  /** Forgets a connection that left. */
  forget(id: string): void {
    this.buckets.delete(id);
  }

  /** Records a refusal at `now` (ms); the refusals within the window, this one included. */
  private refused(b: Bucket, now: number): number {
    const capacity = this.options.closeAfter;
    const times = (b.refusals ??= new Float64Array(capacity));
    const windowMs = this.options.windowMs ?? 10_000;
    while (b.count > 0 && times[b.first]! <= now - windowMs) {
      b.first = (b.first + 1) % capacity;
      b.count--;
    }
    times[(b.first + b.count) % capacity] = now;
    b.count = Math.min(capacity, b.count + 1);
    return b.count;
  }
}

/** How a refused message is answered: by default the MSG_ERROR `reply`; the handler's arguments come along. */
export type RateRefusal<A extends unknown[]> = (
  client: Client,
  reply: SessionErrorMessage,
  ...args: A
) => void;

/**
 * `handler`, run only when `rate` lets the sender's message through; else `answer` with the 'rate-limited'
 * reply (while the refusals are not yet a flood), or the close of a flooding connection.
 */
export function limited<A extends unknown[]>(
  rate: MessageRate,
  handler: (client: Client, ...args: A) => void,
  answer: RateRefusal<A> = (client, reply, ..._: A) => client.send(MSG_ERROR, reply),
): (client: Client, ...args: A) => void {
  return (client, ...args) => {
    const verdict = rate.take(client.sessionId);
    if (verdict === 'ok') return handler(client, ...args);
    if (verdict === 'answer') answer(client, rateLimitedError(rate.options), ...args);
    if (verdict === 'close') client.leave(CLOSE_FLOODING);
  };
}
