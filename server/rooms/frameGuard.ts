// Frames Colyseus would drop without a word (issue 10, fuzz test): a ROOM_DATA frame whose body is not one
// msgpack value is logged with a stack (one log line per hostile frame) and its connection closed (4002); an
// empty frame, an unknown protocol code or a JOIN_ROOM from a joined client is ignored. colyseus.js itself
// writes such a ROOM_DATA frame for a type name of 256 bytes or more (msgpackr keeps only the low 8 bits of
// the reserved start space, so the payload overwrites the type). Here each of them is counted by the room's
// rate limit and answered with the coded error 'malformed-message'; the connection stays, nothing changes.
import { ClientState, Protocol, type Client, type Room } from 'colyseus';
import { unpack } from '@colyseus/msgpackr';
import { MSG_ERROR, type ErrorMessage } from '../../shared/index.ts';
import { limited, type MessageRate } from './MessageRate.ts';

export const malformedMessageError: ErrorMessage = {
  code: 'malformed-message',
  message: 'This message could not be read; it was ignored.',
};

type OnMessage = (client: Client, buffer: Buffer) => void;

/** Whether Colyseus would act on `buffer` from `client` (dispatch it, join or leave). */
export function readableFrame(buffer: Buffer, state: ClientState): boolean {
  const code = buffer[0];
  if (code === Protocol.ROOM_DATA) return roomDataDecodes(buffer);
  if (code === Protocol.ROOM_DATA_BYTES) return buffer.byteLength > 1;
  if (code === Protocol.LEAVE_ROOM) return true;
  return code === Protocol.JOIN_ROOM && state === ClientState.JOINING;
}

/** A ROOM_DATA frame: code, message type (a string or a number as @colyseus/schema encodes them), then at most
 * one msgpack value. */
function roomDataDecodes(buffer: Buffer): boolean {
  const body = typeEnd(buffer, 1);
  if (body === undefined) return false;
  if (body === buffer.byteLength) return true;
  try {
    unpack(buffer.subarray(body));
    return true;
  } catch {
    return false;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Bytes a number type takes after its prefix (schema's decode.number), by prefix. */
const NUMBER_BYTES = new Map([
  [0xca, 4],
  [0xcb, 8],
  [0xcc, 1],
  [0xcd, 2],
  [0xce, 4],
  [0xcf, 8],
  [0xd0, 1],
  [0xd1, 2],
  [0xd2, 4],
  [0xd3, 8],
]);

/**
 * Where the message type that starts at `at` ends, or undefined if it is cut short, not valid UTF-8 (schema's
 * decoder would log each such byte) or no type at all. Little-endian lengths, as @colyseus/schema writes them.
 */
function typeEnd(buffer: Buffer, at: number): number | undefined {
  const prefix = buffer[at];
  if (prefix === undefined) return undefined;
  if (prefix < 0x80 || prefix > 0xdf) return at + 1; // fixints
  const numberBytes = NUMBER_BYTES.get(prefix);
  if (numberBytes !== undefined)
    return at + 1 + numberBytes <= buffer.byteLength ? at + 1 + numberBytes : undefined;
  const header =
    prefix > 0xa0 && prefix < 0xc0 ? 1 : ({ 0xd9: 2, 0xda: 3, 0xdb: 5 } as Record<number, number>)[prefix];
  if (header === undefined || at + header > buffer.byteLength) return undefined;
  const length =
    header === 1
      ? prefix & 0x1f
      : header === 2
        ? buffer[at + 1]!
        : header === 3
          ? buffer.readUInt16LE(at + 1)
          : buffer.readUInt32LE(at + 1);
  const end = at + header + length;
  if (end > buffer.byteLength) return undefined;
  try {
    utf8.decode(buffer.subarray(at + header, end));
    return end;
  } catch {
    return undefined;
  }
}

/** Wraps `room`'s frame handler (call in onCreate, before any client joins: Colyseus binds it at join). */
export function guardFrames(room: Room, rate: MessageRate): void {
  const internals = room as unknown as { _onMessage: OnMessage };
  const original = internals._onMessage;
  const refuse = limited(rate, (client: Client) => client.send(MSG_ERROR, malformedMessageError));
  internals._onMessage = function (this: Room, client: Client, buffer: Buffer): void {
    if (client.state === ClientState.LEAVING) return;
    if (readableFrame(buffer, client.state)) return original.call(this, client, buffer);
    refuse(client);
  };
}
