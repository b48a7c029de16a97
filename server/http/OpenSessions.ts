// Sessions one client address has open at once (their rooms in memory): POST /api/sessions refuses another
// beyond `max` (429 too-many-open-sessions). With the creation rate (10 a minute) alone one address could keep
// 1,800 rooms in memory before the first of them went idle (roomTimings.ts IDLE_DISPOSE_MS, 3 h): ~175 MB and
// 7,200 ticks a second. A session counts while its room runs: ended and idle ones leave memory and the count.

/** Open sessions one address may have: a school's teachers behind one NAT address, each with a class or two. */
export const OPEN_SESSIONS_PER_ADDRESS = 30;

export class OpenSessions {
  private readonly byAddress = new Map<string, string[]>();

  constructor(
    private readonly isRunning: (code: string) => Promise<boolean>,
    private readonly max = OPEN_SESSIONS_PER_ADDRESS,
  ) {}

  /** Whether `address` may open another session now (its sessions whose rooms are gone are forgotten). */
  async mayOpen(address: string): Promise<boolean> {
    const open: string[] = [];
    for (const code of this.byAddress.get(address) ?? []) if (await this.isRunning(code)) open.push(code);
    if (open.length === 0) this.byAddress.delete(address);
    else this.byAddress.set(address, open);
    return open.length < this.max;
  }

  /** `address` opened session `code`. */
  opened(address: string, code: string): void {
    this.byAddress.set(address, [...(this.byAddress.get(address) ?? []), code]);
  }
}
