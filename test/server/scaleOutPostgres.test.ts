// Scale-out on PostgreSQL and Redis (README "Scaling out"): three `server/index.ts` processes share one
// throw-away PostgreSQL cluster (DATABASE_URL) and redis-server (REDIS_URL), each with its PUBLIC_ADDRESS. A
// session is created, joined and played through all three; the process holding its room is killed with
// SIGKILL; the facilitator's resume through another process opens it at once (the dead process is detected,
// not waited out) with every accepted edit, lock and score; two simultaneous resumes through the two
// survivors open one room; the players come back into their seats. No SQLite file is ever opened.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  type ResultsMessage,
  type SessionJoinOptions,
  type TeamPlanMessage,
  type WelcomeMessage,
} from '../../shared/index.ts';
import { createSession, peer, post, tempDir, until, type Peer } from './classroom/harness.ts';
import { startPostgres, type PostgresProcess } from './support/postgres.ts';
import {
  freePort,
  startRedis,
  startServerProcess,
  stopAll,
  type ServerProcess,
} from './support/processes.ts';

const dir = tempDir();
const sqlitePath = path.join(dir, 'must-not-exist.sqlite');
let cluster: PostgresProcess;
let servers: ServerProcess[] = [];
const peers: Peer[] = [];

const hostOf = (s: ServerProcess): string => `127.0.0.1:${s.port}`;

/** Joins `code` through `server`; the peer and the host:port its WebSocket went to (the room's process). */
async function joinVia(
  server: ServerProcess,
  code: string,
  as:
    | { role: 'facilitator'; hostKey: string }
    | { role: 'player'; nickname: string; team?: string; seatKey?: string },
): Promise<{ peer: Peer; wsHost: string }> {
  let wsHost = '';
  const client = new Client(server.url, {
    urlBuilder: (url) => ((wsHost = url.host), url.href),
  });
  const p = peer(
    await client.joinById(code, { protocolVersion: PROTOCOL_VERSION, ...as } as SessionJoinOptions),
  );
  peers.push(p);
  await until(() => p.state().code === code && p.messages.some((m) => m.type === 'welcome'), 8000, 'welcome');
  return { peer: p, wsHost };
}

beforeAll(async () => {
  const [redis, pgCluster] = await Promise.all([startRedis(), startPostgres()]);
  cluster = pgCluster;
  const databaseUrl = await cluster.createDatabase('scaleout');
  const ports = [await freePort(), await freePort(), await freePort()];
  servers = await Promise.all(
    ports.map((port) =>
      startServerProcess({
        port,
        dbPath: sqlitePath,
        databaseUrl,
        redisUrl: redis.url,
        publicAddress: `127.0.0.1:${port}`,
      }),
    ),
  );
}, 240_000);

afterAll(async () => {
  // (a connection to the killed process never answers a leave)
  await Promise.allSettled(peers.filter((p) => p.room.connection.isOpen).map((p) => p.room.leave(true)));
  await stopAll();
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('three processes on PostgreSQL and Redis', () => {
  it('a kill -9 of the room’s process loses nothing: resume elsewhere, same plans, locks, scores and seats', async () => {
    for (const s of servers) expect(s.output()).toMatch(/store: postgres/);
    const [s0, s1, s2] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const { code, hostKey } = await createSession(s0.url, {
      rounds: ['fridge-too-small', 'fridge-too-small'],
    });
    const facilitator = await joinVia(s1, code, { role: 'facilitator', hostKey });
    const host = facilitator.peer;
    const ann = await joinVia(s0, code, { role: 'player', nickname: 'Ann', team: 't1' });
    const bo = await joinVia(s1, code, { role: 'player', nickname: 'Bo', team: 't1' });
    const cy = await joinVia(s2, code, { role: 'player', nickname: 'Cy', team: 't2' });
    // every matchmaker sends its clients to the one process running the room
    for (const p of [ann, bo, cy]) expect(p.wsHost).toBe(facilitator.wsHost);
    const seatKey = (p: Peer) => p.of<WelcomeMessage>('welcome')[0]!.seatKey!;
    const seats = { Ann: seatKey(ann.peer), Bo: seatKey(bo.peer), Cy: seatKey(cy.peer) };

    // round 1: edits, both captains lock → served and scored
    host.room.send('host', { command: 'start' });
    await until(() => ann.peer.state().phase === 'briefing', 8000, 'briefing');
    host.room.send('host', { command: 'advance' });
    await until(() => cy.peer.state().phase === 'planning', 8000, 'planning');
    ann.peer.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    cy.peer.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w2', spec: ['model', null] } });
    await until(
      () => host.state().teams.t1!.planVersion === 1 && host.state().teams.t2!.planVersion === 1,
      8000,
    );
    ann.peer.room.send('lock', { locked: true });
    cy.peer.room.send('lock', { locked: true });
    await until(() => host.state().phase === 'service', 8000, 'service');
    host.room.send('host', { command: 'advance' });
    await until(() => host.of('results').length === 1, 8000, 'results');
    const results = host.of<ResultsMessage>('results')[0]!;
    // round 2: one edit of t1, t2 locks its start plan
    host.room.send('host', { command: 'advance' });
    await until(() => ann.peer.state().phase === 'briefing' && ann.peer.state().round === 1, 8000);
    host.room.send('host', { command: 'advance' });
    await until(() => ann.peer.state().phase === 'planning', 8000, 'planning round 2');
    ann.peer.room.send('edit', { seq: 2, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    cy.peer.room.send('lock', { locked: true });
    await until(() => host.state().teams.t1!.planVersion === 1 && host.state().teams.t2!.locked, 8000);
    const t1Plan = host
      .of<TeamPlanMessage>('teamPlan')
      .filter((m) => m.team === 't1')
      .at(-1)!;
    const before = host.state();
    const csvUrl = (s: ServerProcess) =>
      `${s.url}/api/sessions/${code}/results.csv?hostKey=${encodeURIComponent(hostKey)}`;
    const csvBefore = await (await fetch(csvUrl(s2))).text();

    // the process holding the room dies without a word
    const dead = servers.find((s) => hostOf(s) === facilitator.wsHost)!;
    const survivors = servers.filter((s) => s !== dead) as [ServerProcess, ServerProcess];
    await new Promise<void>((resolve) => {
      dead.child.once('exit', () => resolve());
      dead.child.kill('SIGKILL');
    });

    // both survivors are asked at once: exactly one opens the room, the other answers that it is running
    const resumes = await Promise.all(
      survivors.map((s) => post(`${s.url}/api/sessions/${code}/resume`, { hostKey })),
    );
    expect(resumes.map((r) => r.status)).toEqual([200, 200]);
    expect(resumes.map((r) => (r.json as { resumed: boolean }).resumed).sort()).toEqual([false, true]);

    const again = await joinVia(survivors[1], code, { role: 'facilitator', hostKey });
    expect(survivors.map(hostOf)).toContain(again.wsHost);
    const after = again.peer.state();
    expect(after).toMatchObject({ phase: 'planning', round: 1, timerRunning: false });
    for (const team of ['t1', 't2'])
      expect(after.teams[team]).toMatchObject({
        points: before.teams[team]!.points,
        planVersion: before.teams[team]!.planVersion,
        locked: before.teams[team]!.locked,
        members: before.teams[team]!.members,
      });
    expect(after.teams.t1!.points).toBe(results.teams.find((t) => t.team === 't1')!.points);
    await until(() => again.peer.of('teamPlan').length >= 2, 8000, 'the team plans');
    expect(again.peer.of<TeamPlanMessage>('teamPlan').find((m) => m.team === 't1')).toMatchObject({
      version: t1Plan.version,
      plan: t1Plan.plan,
    });

    // players reload (seat keys) through either survivor into the same seats, and play on
    const back = {
      Ann: await joinVia(survivors[0], code, { role: 'player', nickname: 'x', seatKey: seats.Ann }),
      Bo: await joinVia(survivors[1], code, { role: 'player', nickname: 'y', seatKey: seats.Bo }),
      Cy: await joinVia(survivors[0], code, { role: 'player', nickname: 'z', seatKey: seats.Cy }),
    };
    expect(back.Ann.peer.of<WelcomeMessage>('welcome')[0]).toMatchObject({ playerId: 'p1', nickname: 'Ann' });
    expect(back.Bo.peer.of<WelcomeMessage>('welcome')[0]).toMatchObject({ playerId: 'p2', nickname: 'Bo' });
    expect(back.Cy.peer.of<WelcomeMessage>('welcome')[0]).toMatchObject({ playerId: 'p3', nickname: 'Cy' });
    for (const p of Object.values(back)) expect(p.wsHost).toBe(again.wsHost);
    // the resumed planning clock waits, paused, for the facilitator; then the team plays on
    again.peer.room.send('host', { command: 'resume' });
    await until(() => back.Ann.peer.state().timerRunning, 8000, 'the clock running again');
    back.Bo.peer.room.send('edit', {
      seq: 9,
      edit: { type: 'setSpec', tensor: 'w2', spec: ['model', null] },
    });
    await until(() => again.peer.state().teams.t1!.planVersion === 2, 8000, 'an edit after the resume');
    expect(await (await fetch(csvUrl(survivors[0]))).text()).toBe(csvBefore);
    expect(fs.existsSync(sqlitePath)).toBe(false);
  }, 120_000);
});
