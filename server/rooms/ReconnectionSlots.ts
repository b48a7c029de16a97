// One reconnection slot per seat. A connection that drops keeps a place of the room for its grace period
// (Colyseus's allowReconnection reserves one seat per dropped connection); a new connection to the same seat (a
// rejoin with the seat key, the host key) or another drop of it gives the older place back. Without this one
// seat key that dropped and rejoined 60 times held 60 places (the audit of 2026-12-07), enough to fill a room.
import type { Deferred } from 'colyseus';
import type { Seat } from './seat.ts';

/** What allowReconnection returns: settled when the connection comes back, rejected to give its place back. */
type Slot = Deferred<unknown>;

/** The seat a connection holds, as slots are keyed: a player by id, the facilitator; projectors hold none. */
export const slotKeyOf = (seat: Seat): string | undefined =>
  seat.role === 'player'
    ? seat.playerId === undefined
      ? undefined
      : `player:${seat.playerId}`
    : seat.role === 'facilitator'
      ? 'facilitator'
      : undefined;

export class ReconnectionSlots {
  private readonly slots = new Map<string, Slot>();

  /** `slot` now holds `key`'s place; the slot that held it before gives its place back. */
  hold(key: string, slot: Slot): void {
    this.release(key);
    this.slots.set(key, slot);
  }

  /** Gives back `key`'s place, if a dropped connection still holds one (its seat was taken again). */
  release(key: string): void {
    const held = this.slots.get(key);
    this.slots.delete(key);
    held?.reject(new Error('superseded'));
  }

  /** Forgets `slot` once it settled (came back or expired), unless a newer one holds the key. */
  settled(key: string, slot: Slot): void {
    if (this.slots.get(key) === slot) this.slots.delete(key);
  }
}
