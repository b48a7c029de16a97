// A per-address sliding-window limit. POST /api/sessions takes one per creation (every session keeps a room in
// memory until it is closed and empty, so one address may create only so many per window); the status route
// one per code that names no session (sessionStatusRoute.ts).

/**
 * A sliding-window count of creations per client address: `take` reserves one if fewer than `max` were
 * taken in the last `windowMs` (else answers how many ms until one frees up), `release` gives a reserved
 * one back when the creation failed.
 */
export class CreationLimit {
  private readonly taken = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  take(address: string, nowMs: number): { ok: true } | { ok: false; retryAfterMs: number } {
    const recent = this.recent(address, nowMs);
    if (recent.length >= this.max) return { ok: false, retryAfterMs: recent[0]! + this.windowMs - nowMs };
    recent.push(nowMs);
    this.taken.set(address, recent);
    return { ok: true };
  }

  release(address: string, nowMs: number): void {
    const recent = this.recent(address, nowMs);
    recent.pop();
    if (recent.length === 0) this.taken.delete(address);
  }

  /** The address's creations inside the window; addresses with none are forgotten (bounded memory). */
  private recent(address: string, nowMs: number): number[] {
    if (this.taken.size > 10_000)
      for (const [a, times] of this.taken)
        if (times.every((t) => t <= nowMs - this.windowMs)) this.taken.delete(a);
    const recent = (this.taken.get(address) ?? []).filter((t) => t > nowMs - this.windowMs);
    if (recent.length === 0) this.taken.delete(address);
    else this.taken.set(address, recent);
    return recent;
  }
}
