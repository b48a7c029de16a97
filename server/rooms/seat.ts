// Who a connection of a session room is: resolved at onAuth from the join options (seatFor), kept across
// reconnections. A refused join is a ServerError whose message is a JoinRefusal (code, text), which the
// pages show in words. What can be refused without the room (checkJoinOptions) is also refused by the
// matchmaker's HTTP route, before a seat is reserved.
import { ServerError, type Client } from 'colyseus';
import {
  PROTOCOL_VERSION,
  joinPlayer,
  removedSeatRefusal,
  text,
  validateNickname,
  type ClassroomError,
  type JoinRefusal,
  type SessionJoinOptions,
  type SessionSnapshot,
} from '../../shared/index.ts';
import { verifySecret } from '../persistence/secrets.ts';
import { validateJoinOptions } from '../protocol/classroomSchemas.ts';

export type Seat =
  | { readonly role: 'facilitator' | 'projector' }
  | { readonly role: 'player'; playerId?: string; readonly nickname?: string; readonly team?: string };

/** A connection of a session room. */
export type SeatedClient = Client<Seat, Seat>;

/**
 * Projector screens a session admits at once. A class shows one or two; a lecture with overflow rooms, the
 * facilitator's own preview and a reload's overlap stay under 12, which is 4% of a room's 277 connections
 * (ReservationGuard.ts SESSION_ROOM_CLIENTS) and none of its 200 player seats. A projector holds no seat
 * across a dropped socket (its page joins afresh), so the 12 are open connections only.
 */
export const MAX_PROJECTORS = 12;

/** A refused join: its HTTP-like status and the JoinRefusal the page shows. */
export interface Refused {
  readonly status: number;
  readonly refusal: JoinRefusal;
}

/** A refusal as a ServerError (the room's onAuth/onJoin throws it; colyseus.js rejects the join with it). */
export const refusalError = ({ status, refusal }: Refused): ServerError =>
  new ServerError(status, JSON.stringify(refusal));

/** A refused join: HTTP-like `status`, the refusal's code and English message, the core's text when it has one. */
export const joinRefusal = (
  status: number,
  code: string,
  message: string,
  error?: ClassroomError,
): ServerError =>
  refusalError({ status, refusal: { code, message, ...(error ? { text: error.text } : {}) } });

const projectorsFull: JoinRefusal = {
  code: 'projectors-full',
  message: `This session already shows on ${MAX_PROJECTORS} projector screens; close one to open another.`,
  text: text(
    `这场课已经在 ${MAX_PROJECTORS} 个投影屏幕上显示，请先关掉一个再打开。`,
    `This session already shows on ${MAX_PROJECTORS} projector screens; close one to open another.`,
  ),
};

/**
 * The join options read without the room: their shape (contract), the protocol version and, for a new
 * player (no seat key), the nickname's own rules (length, characters, word filter; a taken name is numbered
 * later, never refused). Anything refused here would be refused by seatFor too.
 */
export function checkJoinOptions(
  options: unknown,
): { readonly ok: true; readonly value: SessionJoinOptions } | ({ readonly ok: false } & Refused) {
  const parsed = validateJoinOptions(options);
  if (!parsed.ok)
    return { ok: false, status: 400, refusal: { code: parsed.error.code, message: parsed.error.message } };
  const o = parsed.value;
  if (o.protocolVersion !== PROTOCOL_VERSION)
    return {
      ok: false,
      status: 426,
      refusal: {
        code: 'protocol',
        message: `This page speaks protocol ${o.protocolVersion} but the server speaks ${PROTOCOL_VERSION}; reload the page.`,
      },
    };
  if (o.role === 'player' && o.seatKey === undefined) {
    const nick = validateNickname(o.nickname, []);
    if (!nick.ok)
      return {
        ok: false,
        status: 422,
        refusal: { code: nick.error.code, message: nick.error.text.en, text: nick.error.text },
      };
  }
  return { ok: true, value: o };
}

/** What seatFor reads of the room: the live snapshot, each seat's key hash, the host key's hash, open projectors. */
export interface SeatBook {
  readonly session: SessionSnapshot;
  readonly seatKeys: ReadonlyMap<string, string>;
  readonly hostKeyHash: string;
  readonly projectors: number;
}

/**
 * The seat `options` ask for, or a thrown joinRefusal: a projector (at most MAX_PROJECTORS); the facilitator
 * with the host key; a player coming back with a seat key (refused for a removed seat); or a new player,
 * whose join is tried on the snapshot (pure) and taken in onJoin against the snapshot of that moment.
 */
export function seatFor(options: unknown, room: SeatBook): Seat {
  const checked = checkJoinOptions(options);
  if (!checked.ok) throw refusalError(checked);
  const o = checked.value;
  if (o.role === 'projector') {
    if (room.projectors >= MAX_PROJECTORS) throw refusalError({ status: 409, refusal: projectorsFull });
    return { role: 'projector' };
  }
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
