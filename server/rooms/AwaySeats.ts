// When each never-played seat's last connection went: such a seat is dropped once its player has been gone
// past the reconnection window plus a heartbeat (shared/classroom/ghostSeats.ts drops it from the session).
export class AwaySeats {
  /** ms of the room's clock, by player id. */
  private readonly since = new Map<string, number>();

  away(playerId: string, atMs: number): void {
    this.since.set(playerId, atMs);
  }

  back(playerId: string): void {
    this.since.delete(playerId);
  }

  /** The seats gone for at least `graceMs` at `nowMs` that `connected` does not hold; they are forgotten. */
  takeDue(nowMs: number, graceMs: number, connected: ReadonlySet<string>): string[] {
    const due = [...this.since].filter(([id, at]) => nowMs - at >= graceMs && !connected.has(id));
    for (const [id] of due) this.since.delete(id);
    return due.map(([id]) => id);
  }
}
