// A page's messages paced under the server's per-connection limit (server/rooms/MessageRate.ts: bursts of 40,
// 20 a second), so an honest fast player is never refused 'rate-limited': a token bucket of `burst` messages
// refilled at `perSecond`; a message that finds it empty waits, in order, for its token. Nothing is dropped or
// merged: what is sent is exactly what the player did, a little later.
//
// The margin absorbs the network's jitter: sends within (15/s, burst 20) that arrive with delays differing by
// up to D seconds arrive within (15/s, burst 20 + 15·D), which the server's (20/s, burst 40) takes for
// D ≤ (40 − 20) / 15 ≈ 1.3 s.

export interface SendPace {
  /** Messages sent at once, before any waits. */
  readonly burst: number;
  /** Sustained messages per second. */
  readonly perSecond: number;
}

export const SESSION_SEND_PACE: SendPace = { burst: 20, perSecond: 15 };

export class SendPacer {
  private tokens: number;
  private atMs: number;
  private readonly waiting: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** @param now a monotonic clock, ms */
  constructor(
    private readonly pace: SendPace = SESSION_SEND_PACE,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = pace.burst;
    this.atMs = now();
  }

  /** Messages waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `deliver` now when the budget allows and nothing waits before it, else after those that wait. */
  send(deliver: () => void): void {
    this.waiting.push(deliver);
    this.drain();
  }

  /** Forgets what waits (the page left the session for good). */
  clear(): void {
    this.waiting.length = 0;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private drain(): void {
    if (this.timer !== undefined) return;
    const now = this.now();
    this.tokens = Math.min(this.pace.burst, this.tokens + ((now - this.atMs) / 1000) * this.pace.perSecond);
    this.atMs = now;
    try {
      while (this.waiting.length > 0 && this.tokens >= 1) {
        this.tokens -= 1;
        this.waiting.shift()!();
      }
    } finally {
      // a delivery that throws does not stall the ones after it
      if (this.waiting.length > 0) this.wake();
    }
  }

  /** Drains again once the next whole token is there: (1 − tokens) / perSecond s. */
  private wake(): void {
    const waitMs = Math.ceil(((1 - Math.max(0, this.tokens)) / this.pace.perSecond) * 1000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, waitMs);
  }
}
