// Who a connection of a session room is: resolved at onAuth from the join options (seatFor), kept across
// reconnections. A refused join is a ServerError whose message is a JoinRefusal (code, text), which the
// pages show in words.
import { ServerError, type Client } from 'colyseus';
import {
  PROTOCOL_VERSION,
  joinPlayer,
  removedSeatRefusal,
  type ClassroomError,
  type JoinRefusal,
  type SessionSnapshot,
} from '../../shared/index.ts';
import { verifySecret } from '../persistence/secrets.ts';
import { validateJoinOptions } from '../protocol/classroomSchemas.ts';

export type Seat =
  | { readonly role: 'facilitator' | 'projector' }
  | { readonly role: 'player'; playerId?: string; readonly nickname?: string; readonly team?: string };

/** A connection of a session room. */
export type SeatedClient = Client<Seat, Seat>;

/** A refused join: HTTP-like `status`, the refusal's code and English message, the core's text when it has one. */
export const joinRefusal = (
  status: number,
  code: string,
  message: string,
  error?: ClassroomError,
): ServerError =>
  new ServerError(
    status,
    JSON.stringify({ code, message, ...(error ? { text: error.text } : {}) } satisfies JoinRefusal),
  );

/** What seatFor reads of the room: the live snapshot, each seat's key hash, the host key's hash. */
export interface SeatBook {
  readonly session: SessionSnapshot;
  readonly seatKeys: ReadonlyMap<string, string>;
  readonly hostKeyHash: string;
}

/**
 * The seat `options` ask for, or a thrown joinRefusal: a projector; the facilitator with the host key; a
 * player coming back with a seat key (refused for a removed seat); or a new player, whose join is tried on
 * the snapshot (pure) and taken in onJoin against the snapshot of that moment.
 */
export function seatFor(options: unknown, room: SeatBook): Seat {
  const parsed = validateJoinOptions(options);
  if (!parsed.ok) throw joinRefusal(400, parsed.error.code, parsed.error.message);
  const o = parsed.value;
  if (o.protocolVersion !== PROTOCOL_VERSION)
    throw joinRefusal(
      426,
      'protocol',
      `This page speaks protocol ${o.protocolVersion} but the server speaks ${PROTOCOL_VERSION}; reload the page.`,
    );
  if (o.role === 'projector') return { role: 'projector' };
  if (o.role === 'facilitator') {
    if (!verifySecret(o.hostKey, room.hostKeyHash))
      throw joinRefusal(403, 'wrong-host-key', 'Wrong host key.');
    return { role: 'facilitator' };
  }
  if (o.seatKey !== undefined) {
    const playerId = [...room.seatKeys].find(([, hash]) => verifySecret(o.seatKey!, hash))?.[0];
    const player = room.session.players.find((p) => p.id === playerId);
    if (player?.kicked)
      throw joinRefusal(403, removedSeatRefusal.code, removedSeatRefusal.text.en, removedSeatRefusal);
    if (player) return { role: 'player', playerId: player.id };
  }
  const trial = joinPlayer(room.session, { nickname: o.nickname, ...(o.team ? { team: o.team } : {}) }, 0);
  if (!trial.ok) throw joinRefusal(422, trial.error.code, trial.error.text.en, trial.error);
  return { role: 'player', nickname: o.nickname, ...(o.team ? { team: o.team } : {}) };
}
