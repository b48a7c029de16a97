// What a session room tells a connection it turns down: an error message (MSG_ERROR) with the core's text
// when there is one, the refusal of a non-player's player message, the answer to a message type it does not
// handle, and the close of a seat's older connection when the seat is opened on another screen (one seat, one
// connection: issue 10, item 8). A refused edit whose seq can be read is answered MSG_EDIT_REFUSED with that
// seq, whatever refused it (rate limit, payload, role, a failed save): the page rolls back exactly that edit.
import type { Client } from 'colyseus';
import {
  MSG_EDIT,
  MSG_EDIT_REFUSED,
  MSG_ERROR,
  text,
  type EditRefusedMessage,
  type ErrorMessage,
  type SessionErrorMessage,
  type Text,
} from '../../shared/index.ts';
import type { SeatedClient } from './seat.ts';
import { otherConnections } from './seatConnections.ts';

/** WebSocket close code of a connection whose seat was opened on another screen. */
const CLOSE_SEAT_TAKEN_OVER = 4004;

/** A message the room took but could not write (the store failed): nothing changed. */
export const notSavedError: SessionErrorMessage = {
  code: 'not-saved',
  message: 'The change could not be saved; nothing changed. Try again.',
  text: text(
    '这次改动没能保存，什么都没变：请再试一次。',
    'The change could not be saved; nothing changed. Try again.',
  ),
};

/** What a page is told of an edit it sent that the room could not read (a page older than the server). */
export const unreadableEditText: Text = text(
  '这次改动的格式服务器读不懂，没有保存：请刷新页面再试。',
  'The server could not read this change, so it was not saved: reload the page and try again.',
);

/** Sends `client` an error: the code, the English message and the core's text when there is one. */
export function refuse(client: Client, code: string, message: string, error?: { readonly text: Text }): void {
  const reply: SessionErrorMessage = { code, message, ...(error ? { text: error.text } : {}) };
  client.send(MSG_ERROR, reply);
}

/** The seq of an edit as editMessageSchema reads it (an integer 0…2³¹), else undefined. */
export function seqOf(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null || !Object.hasOwn(payload, 'seq')) return undefined;
  const seq: unknown = (payload as { seq: unknown }).seq;
  return typeof seq === 'number' && Number.isInteger(seq) && seq >= 0 && seq <= 2 ** 31 ? seq : undefined;
}

/** The refusal of the edit `seq` as the page rolls it back: the room's code as type and code. */
export const editRefusal = (seq: number, reply: SessionErrorMessage): EditRefusedMessage => ({
  seq,
  type: reply.code,
  code: reply.code,
  message: reply.message,
  explanation: reply.text ?? text(reply.message, reply.message),
});

/** Answers a refused message of `type`: an edit with a readable seq gets MSG_EDIT_REFUSED, the rest MSG_ERROR. */
export function refuseMessage(
  client: Client,
  type: string,
  payload: unknown,
  reply: SessionErrorMessage,
): void {
  const seq = type === MSG_EDIT ? seqOf(payload) : undefined;
  if (seq === undefined) client.send(MSG_ERROR, reply);
  else client.send(MSG_EDIT_REFUSED, editRefusal(seq, reply));
}

const READ_ONLY: SessionErrorMessage = {
  code: 'read-only',
  message: 'The projector only watches.',
  text: text('投影屏只能观看。', 'The projector only watches.'),
};
const NOT_PLAYER: SessionErrorMessage = {
  code: 'not-player',
  message: 'Only players can do this.',
  text: text('只有玩家能这样做。', 'Only players can do this.'),
};

/**
 * The sender's player id, or undefined after `answer`ing a non-player that it may not do this (by default
 * with MSG_ERROR).
 */
export function playerOf(
  client: SeatedClient,
  answer: (reply: SessionErrorMessage) => void = (reply) => client.send(MSG_ERROR, reply),
): string | undefined {
  const seat = client.userData;
  if (seat?.role === 'player' && seat.playerId !== undefined) return seat.playerId;
  answer(seat?.role === 'projector' ? READ_ONLY : NOT_PLAYER);
  return undefined;
}

/** The reply to a message type a session room does not handle (unhandledMessages.ts names the type). */
export const unknownMessageAnswer = (client: SeatedClient, type: string): ErrorMessage =>
  client.userData?.role === 'projector'
    ? { code: 'read-only', message: 'The projector only watches.' }
    : { code: 'unknown-message', message: `A session room does not handle '${type}'.` };

/** One seat, one connection (issue 10, item 8): the older connection of this seat is told and closed. */
export function closeOlderConnections(
  clients: Iterable<SeatedClient>,
  client: SeatedClient,
  playerId: string,
): void {
  for (const c of otherConnections(clients, client, playerId)) {
    refuse(c, 'seat-taken-over', 'This seat was opened on another screen; this one was closed.');
    c.leave(CLOSE_SEAT_TAKEN_OVER);
  }
}
