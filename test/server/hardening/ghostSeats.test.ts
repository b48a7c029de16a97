// Item 6 of issue 10 against a live session: 600 join/leave cycles (one in ten a dropped socket rather than
// a leave) once left 600 permanent seats and grew the state a new screen receives from 739 B to 65 KB. Now a
// player who leaves before playing leaves no seat, a dropped one is gone after the reconnection window, and
// a connected player's seat stays; the full state a new projector decodes is measured in bytes before and after.
import Database from 'better-sqlite3';
import { Client, SchemaSerializer } from 'colyseus.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../shared/index.ts';
import {
  hostedSession,
  join,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from '../classroom/harness.ts';

const CYCLES = 600;
const RECONNECT_MS = 120_000;
let srv: TestServer;
let code: string;
let host: Peer;

beforeAll(async () => {
  srv = await startTestServer();
  ({ code, host } = await hostedSession(srv.url));
});
afterAll(async () => {
  await srv.close();
});

/** Bytes of the full state a newly joined projector decodes (the first ROOM_STATE after its join). */
async function fullStateBytes(): Promise<number> {
  const proto = SchemaSerializer.prototype as { setState(bytes: Uint8Array, it?: { offset: number }): void };
  const original = proto.setState;
  let bytes = -1;
  proto.setState = function (this: unknown, encoded, it) {
    if (bytes < 0) bytes = encoded.byteLength - (it?.offset ?? 0);
    return original.call(this, encoded, it);
  };
  try {
    const projector = await join(srv.url, code, { role: 'projector' });
    await projector.room.leave();
  } finally {
    proto.setState = original;
  }
  return bytes;
}

const seatRows = () => {
  const db = new Database(srv.dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM players WHERE session = ?').get(code) as { n: number }).n;
  } finally {
    db.close();
  }
};
const seats = () => Object.keys(host.state().players).length;

it(`${CYCLES} join/leave cycles leave only the connected seat, and a small state`, async () => {
  const ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
  ann.room.send('chooseTeam', { team: 't2' }); // Ann stays connected (a team choice alone is not playing)
  await until(() => host.state().players.p1?.team === 't2');
  const before = await fullStateBytes();
  for (let i = 0; i < CYCLES; i += 20) {
    srv.advanceClock(1000); // one address may ask for 20 joins a second (matchmakeRoutes.ts)
    await Promise.all(
      Array.from({ length: 20 }, async (_, k) => {
        const n = i + k;
        const room = await new Client(srv.url).joinById(code, {
          protocolVersion: PROTOCOL_VERSION,
          role: 'player',
          nickname: `Ghost ${n}`,
        });
        room.onMessage('*', () => {}); // a ghost reads nothing; registered so colyseus.js does not warn
        if (n % 10 === 9)
          room.connection.close(); // a dropped socket: the seat is held for reconnection
        else await room.leave();
      }),
    );
  }
  await until(() => seats() <= 1 + CYCLES / 10, 10_000, `consented ghosts gone (${seats()} seats)`);
  expect(host.state().players.p1?.nickname).toBe('Ann');
  const held = await fullStateBytes(); // the dropped sockets' seats, still held for their reconnection
  expect(held).toBeGreaterThan(before + (CYCLES / 10) * 10);
  // Past the reconnection window and a heartbeat: the dropped ghosts go too, their rows with them.
  srv.advanceClock(RECONNECT_MS + 6_000);
  await until(() => seats() === 1, 10_000, 'dropped ghosts gone');
  expect(seatRows()).toBe(1);
  const after = await fullStateBytes();
  expect(after, `full state for a new screen: ${before} B before, ${held} B held`).toBeLessThanOrEqual(
    before + 16,
  );
  // Ann's seat (connected) survives the same grace; a new player gets a fresh id, never a dropped one's.
  const zed = await join(srv.url, code, { role: 'player', nickname: 'Zed' });
  expect(zed.of<{ playerId: string }>('welcome')[0]!.playerId).toBe(`p${CYCLES + 2}`);
}, 120_000);
