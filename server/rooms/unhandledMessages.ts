// The catch-all of every room (issue 10, item 1). Colyseus calls the '*' handler with (client, type, payload)
// for an unregistered type, but with (client, payload) when the type itself is '*' or '__no_message_handler'
// — so "the type" may be any client-made value, e.g. {toString: 1}, whose String() throws and, thrown from a
// WebSocket 'message' event, ended the process. Client data is never stringified here: only a string or a
// number type is named (and cut to 32 characters), and both special types are registered so Colyseus's own
// default handler (a template string of the payload) is never reached.
import type { Client, Room } from 'colyseus';
import { MSG_ERROR, type ErrorMessage } from '../../shared/index.ts';
import { limited, type MessageRate } from './MessageRate.ts';

const MAX_NAMED = 32;

/** A printable name of a client-sent message type, or '(unnamed)' for anything else. */
export function messageTypeName(type: unknown): string {
  if (typeof type === 'number' && Number.isFinite(type)) return String(type);
  if (typeof type !== 'string') return '(unnamed)';
  const printable = type.replace(/[^\x20-\x7e]/gu, '?');
  return printable.length > MAX_NAMED ? `${printable.slice(0, MAX_NAMED)}…` : printable;
}

/**
 * Registers '*' and '__no_message_handler' on `room` (counted by `rate`): `answer(client, typeName)` gives the
 * coded reply.
 */
export function handleUnknownMessages(
  room: Room,
  rate: MessageRate,
  answer: (client: Client, typeName: string) => ErrorMessage,
): void {
  const reply = (client: Client, typeName: string) => client.send(MSG_ERROR, answer(client, typeName));
  room.onMessage(
    '*',
    limited(rate, (client: Client, type: unknown) => reply(client, messageTypeName(type))),
  );
  room.onMessage(
    '__no_message_handler',
    limited(rate, (client: Client) => reply(client, '__no_message_handler')),
  );
}
