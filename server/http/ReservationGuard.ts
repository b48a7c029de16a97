// Seat reservations a client address and a room may hold (issue 10, item 2). A reservation (POST
// /matchmake/joinById) holds a seat of the room until its WebSocket arrives or the reservation expires; ~250
// of them, from anyone, filled a class for 15 s, the facilitator's seat too. Here: at most `perAddress`
// unconsumed reservations per client address and `perRoom` per room, and the last `facilitatorSeats` of a
// room are for a facilitator whose host key was checked. Pure bookkeeping; the clock is passed in. Join
// options the room would refuse whatever its state are refused before any of this (matchmakeRoutes.ts).
import { MAX_SEATS } from '../../shared/index.ts';
import { MAX_PROJECTORS } from '../rooms/seat.ts';

export interface ReservationLimits {
  /** Unconsumed reservations one address may hold (a school behind one NAT joins in a burst: ≥ 30). */
  readonly perAddress: number;
  /** Unconsumed reservations one room may hold. */
  readonly perRoom: number;
  /** Seats of every room kept for the facilitator. */
  readonly facilitatorSeats: number;
  /** How long an unconsumed reservation counts, ms: the session room's seat reservation time. */
  readonly holdMs: number;
}

export const RESERVATION_LIMITS: ReservationLimits = {
  perAddress: 40,
  perRoom: 60,
  facilitatorSeats: 5,
  // Colyseus 0.16 holds a reserved seat 15 s by default (@colyseus/core Room.ts DEFAULT_SEAT_RESERVATION_TIME,
  // env COLYSEUS_SEAT_RESERVATION_TIME). colyseus.js opens the WebSocket as soon as the reservation arrives:
  // TCP, TLS and the upgrade are ~3 round trips, ≤ 3 s at a congested school Wi-Fi's 1 s RTT; 10 s keeps a 3×
  // margin and frees a reservation nobody uses a third sooner.
  holdMs: 10_000,
};

/**
 * Connections and reserved seats a session room takes (its maxClients): the seats (MAX_SEATS, 200) + the
 * projectors (MAX_PROJECTORS, 12) + the joins waiting at once (perRoom, 60) + the facilitator's (5) = 277, so
 * neither projectors nor waiting joins take a player's seat; players are capped by MAX_SEATS (session-full).
 */
export const SESSION_ROOM_CLIENTS =
  MAX_SEATS + MAX_PROJECTORS + RESERVATION_LIMITS.perRoom + RESERVATION_LIMITS.facilitatorSeats;

interface Held {
  readonly address: string;
  readonly roomId: string;
  readonly untilMs: number;
}

export type Refused = { readonly code: 'too-many-joins' | 'session-full'; readonly message: string };

export class ReservationGuard {
  /** By sessionId. */
  private readonly held = new Map<string, Held>();

  constructor(readonly limits: ReservationLimits = RESERVATION_LIMITS) {}

  /**
   * Whether one more reservation may be made. `seats`: the room's connected clients plus reserved seats and
   * its capacity; `isConsumed(sessionId)`: whether a held reservation has since been turned into a connection.
   */
  check(
    address: string,
    roomId: string,
    facilitator: boolean,
    seats: { readonly used: number; readonly max: number },
    nowMs: number,
    isConsumed: (roomId: string, sessionId: string) => boolean,
  ): Refused | undefined {
    this.purge(nowMs, isConsumed);
    if (facilitator) return undefined;
    let byAddress = 0;
    let byRoom = 0;
    for (const h of this.held.values()) {
      if (h.address === address) byAddress++;
      if (h.roomId === roomId) byRoom++;
    }
    if (byAddress >= this.limits.perAddress || byRoom >= this.limits.perRoom)
      return {
        code: 'too-many-joins',
        message: 'Too many joins are waiting at once; try again in a few seconds.',
      };
    if (seats.used >= seats.max - this.limits.facilitatorSeats)
      return { code: 'session-full', message: 'This session is full.' };
    return undefined;
  }

  /** Records a reservation made. */
  hold(sessionId: string, address: string, roomId: string, nowMs: number): void {
    this.held.set(sessionId, { address, roomId, untilMs: nowMs + this.limits.holdMs });
  }

  /** Reservations counted now. */
  get size(): number {
    return this.held.size;
  }

  private purge(nowMs: number, isConsumed: (roomId: string, sessionId: string) => boolean): void {
    for (const [sessionId, h] of this.held)
      if (nowMs >= h.untilMs || isConsumed(h.roomId, sessionId)) this.held.delete(sessionId);
  }
}
