// Ghost seats pinned by a team choice: join → chooseTeam (the other team) → leave, repeated, once left a seat
// each (a team choice counted as playing), 200 in 16 s, then 'session-full' for everyone; the first ghost of
// a team stayed its captain, so that team could never lock. Now a team choice alone is not playing: the seat
// goes when its player leaves, its team gets the next member as captain, and a dropped socket (not a leave)
// still keeps seat and team for the reconnection window.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WelcomeMessage } from '../../../shared/index.ts';
import {
  hostedSession,
  join,
  startPlanning,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from '../classroom/harness.ts';

const GHOSTS = 40;
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

const idOf = (p: Peer): string => p.of<WelcomeMessage>('welcome')[0]!.playerId!;
const seats = () => Object.keys(host.state().players).length;
const seatRows = () => {
  const db = new Database(srv.dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM players WHERE session = ?').get(code) as { n: number }).n;
  } finally {
    db.close();
  }
};

/** Joins as `nickname`, moves to the other team (seen by the facilitator), returns the player. */
async function joinAndSwitch(nickname: string, team?: 't1' | 't2'): Promise<Peer> {
  const p = await join(srv.url, code, { role: 'player', nickname, ...(team ? { team } : {}) });
  const id = idOf(p);
  await until(() => host.state().players[id] !== undefined, 4000, `${nickname} seated`);
  const other = host.state().players[id]!.team === 't1' ? 't2' : 't1';
  p.room.send('chooseTeam', { team: other });
  await until(() => host.state().players[id]?.team === other, 4000, `${nickname} in ${other}`);
  return p;
}

it(`${GHOSTS} join → team choice → leave cycles leave no seat`, async () => {
  for (let i = 0; i < GHOSTS; i += 10) {
    srv.advanceClock(1000); // one address may ask for 20 joins a second (matchmakeRoutes.ts)
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => (await joinAndSwitch(`Gh${i + k}`)).room.leave(true)),
    );
  }
  await until(() => seats() === 0, 10_000, `ghost seats gone (${seats()} left)`);
  expect(seatRows()).toBe(0);
}, 60_000);

it('a dropped socket keeps seat and team for the reconnection window, then the seat goes', async () => {
  srv.advanceClock(1000);
  const cy = await joinAndSwitch('Cy', 't1');
  const id = idOf(cy);
  cy.room.connection.close(); // no consent: the phone dropped
  await until(() => host.state().players[id]?.connected === false, 4000, 'Cy shown away');
  srv.advanceClock(RECONNECT_MS - 10_000);
  await new Promise((r) => setTimeout(r, 1000)); // ≥ 4 ticks and a heartbeat of the advanced clock
  expect(host.state().players[id]).toMatchObject({ nickname: 'Cy', team: 't2' });
  srv.advanceClock(20_000); // past the window and a heartbeat
  await until(() => host.state().players[id] === undefined, 10_000, 'Cy dropped after the window');
  expect(seatRows()).toBe(0);
}, 30_000);

it('a ghost captain that leaves hands the captaincy on, so the team can lock', async () => {
  srv.advanceClock(1000);
  const ghost = await joinAndSwitch('Ghost', 't1'); // alone in t2: its captain
  const ghostId = idOf(ghost);
  await until(() => host.state().teams.t2!.captain === ghostId, 4000, 'the ghost captains t2');
  const bo = await join(srv.url, code, { role: 'player', nickname: 'Bo', team: 't2' });
  expect(host.state().teams.t2!.captain).toBe(ghostId);
  await ghost.room.leave(true);
  await until(() => host.state().teams.t2!.captain === idOf(bo), 4000, 'Bo captains t2');
  expect(host.state().players[ghostId]).toBeUndefined();
  await startPlanning(host, bo);
  bo.room.send('lock', { locked: true });
  await until(() => bo.of<{ locked: boolean }>('teamPlan').some((m) => m.locked), 4000, 't2 locked');
  expect(bo.of('error')).toEqual([]);
});
