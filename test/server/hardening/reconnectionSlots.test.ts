// One seat key that dropped its socket and joined again, over and over, held one of the room's places per
// drop for the reconnection window (the audit of 2026-12-07: 60 cycles, 62 places, 14 s to fill a class).
// A seat now holds at most one reconnection place: a fresh connection to it, or another drop, gives the older
// place back. The seat itself, its team and points stay, and the drop still gets its reconnection window.
import { matchMaker } from 'colyseus';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WelcomeMessage } from '../../../shared/index.ts';
import {
  dropConnection,
  hostedSession,
  join,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from '../classroom/harness.ts';

const CYCLES = 12;
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

/** Connections and reserved places the room counts (what maxClients caps). */
const places = async (): Promise<number> => (await matchMaker.query({ roomId: code }))[0]!.clients;

it(`${CYCLES} drops and rejoins with one seat key hold one place, not ${CYCLES}`, async () => {
  let ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
  const { playerId, seatKey } = ann.of<WelcomeMessage>('welcome')[0]!;
  const before = await places(); // the facilitator and Ann
  for (let i = 0; i < CYCLES; i++) {
    dropConnection(code, ann);
    await until(() => host.state().players[playerId!]?.connected === false, 4000, 'Ann shown away');
    srv.advanceClock(1000); // the matchmaker's per-address pace
    ann = await join(srv.url, code, { role: 'player', nickname: 'ignored', seatKey: seatKey! });
  }
  await until(() => host.state().players[playerId!]?.connected === true, 4000, 'Ann back');
  expect(await places()).toBeLessThanOrEqual(before + 1);
  expect(Object.values(host.state().players).map((p) => p.nickname)).toEqual(['Ann']);
}, 30_000);
