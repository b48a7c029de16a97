// Frames Colyseus dropped without an answer (found by the hostile fuzz test, issue 10): a ROOM_DATA frame
// whose body is not one msgpack value (colyseus.js itself writes one for a type name of ≥ 256 bytes) closed the
// connection silently (4002) and logged a stack per frame; an empty frame, an unknown protocol code, a second
// JOIN_ROOM or a type that is not valid UTF-8 got nothing. Each now gets the coded 'malformed-message' error,
// the connection keeps working and nothing is logged.
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, ROOM_LOBBY } from '../../../shared/index.ts';
import { readableFrame } from '../../../server/rooms/frameGuard.ts';
import {
  barrier,
  hostedSession,
  join,
  peer,
  received,
  startTestServer,
  type Peer,
  type TestServer,
} from '../classroom/harness.ts';

const ROOM_DATA = 13;
const FRAMES: [string, number[]][] = [
  ['empty', []],
  ['unknown protocol code', [0x42, 1, 2]],
  ['JOIN_ROOM once joined', [10]],
  ['ROOM_DATA without a type', [ROOM_DATA]],
  ['a type cut short', [ROOM_DATA, 0xa5, 0x61]],
  ['a type that is not UTF-8', [ROOM_DATA, 0xa2, 0xff, 0xfe]],
  ['a number type cut short', [ROOM_DATA, 0xcb, 1, 2]],
  ['trailing bytes after the payload', [ROOM_DATA, 0xa1, 0x61, 0x01, 0x02]],
  ['a payload cut short', [ROOM_DATA, 0xa1, 0x61, 0x92, 0x01]],
  ['not a type prefix', [ROOM_DATA, 0xc1, 0x01]],
];

let srv: TestServer;
let host: Peer, ann: Peer, lobby: Peer;
beforeAll(async () => {
  srv = await startTestServer();
  let code: string;
  ({ code, host } = await hostedSession(srv.url));
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
  lobby = peer(await new Client(srv.url).joinOrCreate(ROOM_LOBBY, { protocolVersion: PROTOCOL_VERSION }));
});
afterAll(async () => {
  await Promise.all([host, ann, lobby].map((p) => p.room.leave().catch(() => undefined)));
  await srv.close();
});

describe('a frame Colyseus cannot dispatch', () => {
  it.each(FRAMES)(
    '%s is answered with malformed-message, and the connection still serves',
    async (_, bytes) => {
      for (const p of [ann, host, lobby]) {
        const n = p.of('error').length;
        p.room.connection.send(Uint8Array.from(bytes));
        await received(p, 'error', n + 1);
        expect(p.of<{ code: string }>('error')[n]!.code).toBe('malformed-message');
        await barrier(p);
      }
    },
  );

  it('a type name of 256 bytes from colyseus.js (a corrupt frame) is answered, the connection stays', async () => {
    const n = ann.of('error').length;
    ann.room.send('x'.repeat(300), 'payload');
    await received(ann, 'error', n + 1);
    expect(ann.of<{ code: string }>('error')[n]!.code).toBe('malformed-message');
    await barrier(ann);
  });

  it('well-formed frames still pass: string and number types, with and without a payload', () => {
    expect(readableFrame(Buffer.from([ROOM_DATA, 0xa1, 0x61]), 1)).toBe(true);
    expect(readableFrame(Buffer.from([ROOM_DATA, 0xa1, 0x61, 0x01]), 1)).toBe(true);
    expect(readableFrame(Buffer.from([ROOM_DATA, 0x07, 0x80]), 1)).toBe(true);
    expect(readableFrame(Buffer.from([ROOM_DATA, 0xcd, 0x01, 0x02, 0xc0]), 1)).toBe(true);
    expect(readableFrame(Buffer.from([10]), 0)).toBe(true); // JOIN_ROOM while joining
    expect(readableFrame(Buffer.from([12]), 1)).toBe(true); // LEAVE_ROOM
  });
});
