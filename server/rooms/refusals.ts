// What a session room tells a connection it turns down: an error message (MSG_ERROR) with the core's text
// when there is one, the refusal of a non-player's player message, the answer to a message type it does not
// handle, and the close of a seat's older connection when the seat is opened on another screen (one seat, one
// connection: issue 10, item 8).
import type { Client } from 'colyseus';
import {
  MSG_ERROR,
  type ClassroomError,
  type ErrorMessage,
  type SessionErrorMessage,
} from '../../shared/index.ts';
import type { SeatedClient } from './seat.ts';
import { otherConnections } from './seatConnections.ts';

/** WebSocket close code of a connection whose seat was opened on another screen. */
const CLOSE_SEAT_TAKEN_OVER = 4004;

/** Sends `client` an error: the code, the English message and the core's text when there is one. */
export function refuse(client: Client, code: string, message: string, error?: ClassroomError): void {
  const reply: SessionErrorMessage = { code, message, ...(error ? { text: error.text } : {}) };
  client.send(MSG_ERROR, reply);
}

/** The sender's player id, or undefined after telling a non-player it may not do this. */
export function playerOf(client: SeatedClient): string | undefined {
  const seat = client.userData;
  if (seat?.role === 'player' && seat.playerId !== undefined) return seat.playerId;
  if (seat?.role === 'projector') refuse(client, 'read-only', 'The projector only watches.');
  else refuse(client, 'not-player', 'Only players can do this.');
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
