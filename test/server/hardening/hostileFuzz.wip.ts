// NOT YET IN THE SUITE (named .wip.ts, so vitest does not collect it): on the loaded shared machine one
// connection's first batch got no answer within 20 s and the cause was not found before the session's end;
// rename to hostileFuzz.test.ts once it passes on a quiet machine (issue 10, "Done means").
// The seeded hostile fuzz test of issue 10: ≥ 10,000 malformed messages of every type, from every role
// (lobby page, projector, players, facilitator), plus hostile join options and joins by room name (items 1
// and 4), to a real `server/index.ts` process. It must stay up, answer every message (an error or a refused
// edit) and change nothing: the synchronised state and every database row are as before. Each connection
// sends in batches below its message budget (MessageRate) so every message reaches validation.
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION, ROOM_LOBBY, ROOM_SESSION } from '../../../shared/index.ts';
import {
  createSession,
  join,
  patchInterval,
  peer,
  startPlanning,
  tempDir,
  until,
  type Peer,
} from '../classroom/harness.ts';
import { startServerProcess, stopAll, type ServerProcess } from '../support/processes.ts';

const SEED = 20261201;
const MESSAGES_PER_PEER = 500;
const BATCH = 30; // below the burst of 40
const dbPath = path.join(tempDir(), 'fuzz.sqlite');
let srv: ServerProcess;
let code: string;
let host: Peer;
const peers: Peer[] = [];
const rooms: Room[] = [];

/** mulberry32: a small seeded PRNG, [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = prng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

const TYPES = [
  'ping',
  'edit',
  'lock',
  'chooseTeam',
  'host',
  '*',
  '__no_message_handler',
  'hello',
  '__proto__',
  'constructor',
  'toString',
  'welcome',
  'teamPlan',
  '',
  'x'.repeat(300),
  0,
  1,
  7,
  255,
] as const;

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = rnd() < 0.5 ? [v] : { a: v };
  return v;
}

/** A value no schema accepts as a whole message (and no core call could accept). */
function hostileValue(): unknown {
  return pick<() => unknown>([
    () => null,
    () => undefined,
    () => Number.NaN,
    () => Number.POSITIVE_INFINITY,
    () => -0,
    () => 1e308,
    () => 'start',
    () => 'x'.repeat(Math.floor(rnd() * 3000)), // a larger frame is closed by ws (1009), tested below
    () => '\u0000\u202e\u200b',
    () => [1, 'two', null],
    () => ({ toString: 1 }),
    () => ({ toString: 1, valueOf: 1 }),
    () => ({ __proto__: { polluted: true } }),
    () => JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    () => ({ constructor: { prototype: { polluted: true } } }),
    () => nested(1 + Math.floor(rnd() * 300)),
    () => ({ seq: 'one', edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } }),
    () => ({ seq: -1, edit: { type: 'clearSpec', tensor: 'w1' } }),
    () => ({ seq: 1, edit: { type: 'setSpec', tensor: { toString: 1 }, spec: [] } }),
    () => ({ seq: 1, edit: { type: 'setSpec', tensor: 'no-such-tensor', spec: [null] } }),
    () => ({ seq: 1, edit: { type: 'setMesh', axes: [{ name: 'model', size: 0 }] } }),
    () => ({ seq: 1, edit: { type: 'teleport' } }),
    () => ({ seq: 1, team: 't2', edit: { type: 'clearSpec', tensor: 'w1' } }),
    () => ({ locked: 'yes' }),
    () => ({ locked: true, extra: 1 }),
    () => ({ team: 2 }),
    () => ({ team: 't2', extra: true }),
    () => ({ command: 'nuke' }),
    () => ({ command: 'kick', player: { toString: 1 } }),
    () => ({ command: 'pause', extra: 1 }),
    () => ({ command: 'extend', seconds: '60' }),
    () => ({ command: 'lockJoins', locked: 'yes' }),
    () => ({ command: 'hint', text: 'x'.repeat(281) }),
    () => ({ sentAt: 'now' }),
    () => ({ sentAt: 1, extra: true }),
  ])();
}

/** Join options the session refuses (never a valid join). */
function hostileJoinOptions(): Record<string, unknown> {
  return pick<() => Record<string, unknown>>([
    () => ({ role: 'projector' }), // no protocol version
    () => ({ protocolVersion: PROTOCOL_VERSION, role: 'admin' }),
    () => ({ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: { toString: 1 } }),
    () => ({ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: 'x'.repeat(17) }),
    () => ({ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: '\u200b\u202e' }),
    () => ({ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: 'Eve', extra: 1 }),
    () => ({ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: 'Eve', seatKey: 5 }),
    () => ({ protocolVersion: PROTOCOL_VERSION, role: 'facilitator', hostKey: 'wrong' }),
    () => ({ protocolVersion: PROTOCOL_VERSION, role: 'projector', team: { toString: 1 } }),
    () => ({ protocolVersion: '1', role: 'projector' }),
  ])();
}

function dbRows(): unknown {
  const db = new Database(dbPath, { readonly: true });
  try {
    return ['sessions', 'players', 'rounds', 'plans', 'scores'].map((table) =>
      db
        .prepare(`SELECT * FROM ${table} ORDER BY rowid`)
        .all()
        .map((r) => ({ ...(r as object), updated_at: undefined })),
    );
  } finally {
    db.close();
  }
}

const answers = (p: Peer): number => p.of('error').length + p.of('editRefused').length;

beforeAll(async () => {
  srv = await startServerProcess({ port: 0, dbPath });
  const created = await createSession(srv.url, { teams: 2 });
  code = created.code;
  host = await join(srv.url, code, { role: 'facilitator', hostKey: created.hostKey });
  for (let i = 0; i < 8; i++)
    peers.push(await join(srv.url, code, { role: 'player', nickname: `P${i}`, team: i % 2 ? 't2' : 't1' }));
  await startPlanning(host, peers[0]!);
  host.room.send('host', { command: 'pause' });
  await until(() => !host.state().timerRunning && peers.every((p) => !p.state().timerRunning));
  for (let i = 0; i < 3; i++) peers.push(await join(srv.url, code, { role: 'projector' }));
  peers.push(await join(srv.url, code, { role: 'facilitator', hostKey: created.hostKey }));
  peers.push(await join(srv.url, code, { role: 'projector' }));
  for (let i = 0; i < 7; i++) {
    const lobby = await new Client(srv.url).joinOrCreate(ROOM_LOBBY, { protocolVersion: PROTOCOL_VERSION });
    rooms.push(lobby);
    peers.push(peer(lobby));
  }
  await patchInterval();
}, 60_000);
afterAll(async () => {
  await Promise.all([host, ...peers].map((p) => p.room.leave().catch(() => undefined)));
  await stopAll();
});

it(`stays up, answers each of ${20 * MESSAGES_PER_PEER} hostile messages and changes nothing`, async () => {
  expect(peers.length).toBe(20);
  const state = host.state();
  const rows = dbRows();
  const joins = Array.from({ length: 200 }, () => () => {
    const options = hostileJoinOptions();
    const client = new Client(srv.url);
    return rnd() < 0.25
      ? pick([
          () => client.join(ROOM_SESSION, { protocolVersion: PROTOCOL_VERSION, role: 'projector' }),
          () => client.joinOrCreate(ROOM_SESSION, { protocolVersion: PROTOCOL_VERSION, role: 'projector' }),
          () => client.create(ROOM_SESSION, { code }),
        ])()
      : client.joinById(code, options);
  });
  const leaves: string[] = [];
  peers.forEach((p, k) => p.room.onLeave((c) => leaves.push(`${k}:${c}`)));
  const batches = peers.map(async (p, k) => {
    const plan = Array.from({ length: MESSAGES_PER_PEER }, () => [pick(TYPES), hostileValue()] as const);
    for (let i = 0; i < plan.length; i += BATCH) {
      const start = answers(p);
      const batch = plan.slice(i, i + BATCH);
      for (const [type, payload] of batch) p.room.send(type as string, payload);
      await until(
        () => answers(p) - start >= batch.length,
        20_000,
        `SERVER ${srv.output().slice(-1500)} left ${leaves.join(',')} peer ${k}: answers of batch ${i / BATCH} (${answers(p) - start}/${batch.length}; ${JSON.stringify(batch.map(([t, v]) => [typeof t === 'string' ? t.slice(0, 8) : t, String(JSON.stringify(v)).slice(0, 30)]))}; got ${JSON.stringify(p.messages.slice(-3)).slice(0, 600)})`,
      );
      await new Promise((r) => setTimeout(r, (BATCH / 20) * 1000)); // the budget refills at 20 a second
    }
  });
  await Promise.all(batches);
  const joined: PromiseSettledResult<unknown>[] = [];
  for (let i = 0; i < joins.length; i += 20)
    joined.push(...(await Promise.allSettled(joins.slice(i, i + 20).map((j) => j()))));
  expect(joined.filter((j) => j.status === 'fulfilled')).toEqual([]);
  await patchInterval();
  for (const p of [host, ...peers])
    expect(p.of('error').filter((e) => (e as { code: string }).code === 'rate-limited')).toEqual([]);
  expect(srv.child.exitCode).toBeNull();
  expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  expect(host.state()).toEqual(state);
  expect(dbRows()).toEqual(rows);
}, 240_000);

it('a frame over the WebSocket payload limit closes that connection only', async () => {
  const room = await new Client(srv.url).joinOrCreate(ROOM_LOBBY, { protocolVersion: PROTOCOL_VERSION });
  const left = new Promise<number>((r) => room.onLeave(r));
  room.send('ping', 'x'.repeat(100_000));
  expect(await left).toBe(1009);
  expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  await barrierOf(host);
});

/** A round trip through the room: `p`'s connection is still served. */
async function barrierOf(p: Peer): Promise<void> {
  const n = p.of('error').length;
  p.room.send('barrier', {});
  await until(() => p.of('error').length > n);
}
