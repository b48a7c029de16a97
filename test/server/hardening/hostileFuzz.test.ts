// The seeded hostile fuzz test of issue 10: ≥ 10,000 hostile messages of every type — including '*' and
// '__no_message_handler' with {toString: 1} (item 1) and raw frames Colyseus cannot dispatch — from every role
// (lobby page, projector, players, both captains, facilitators), plus hostile join options and joins without
// the session's code (item 4), to a real `server/index.ts` process. It must stay up, answer every message
// with exactly one coded error (or a refused edit) and change nothing: the synchronised state and every
// database row are as before. Each connection sends in batches of its burst and waits for the budget to refill
// (MessageRate), so every message reaches validation. Each peer draws from its own PRNG seeded SEED + index:
// a failure names the peer and batch, and FUZZ_SEED=<seed> replays the same messages.
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION, ROOM_LOBBY, ROOM_SESSION } from '../../../shared/index.ts';
import {
  LOBBY_MESSAGE_RATE,
  SESSION_MESSAGE_RATE,
  type MessageRateOptions,
} from '../../../server/rooms/MessageRate.ts';
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
import { quietRefusal } from '../support/quietRefusal.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
/** How long each connection sends, s: a session connection 320 messages (20 a second), a lobby one 80 (5). */
const SECONDS = 16;
const dbPath = path.join(tempDir(), 'fuzz.sqlite');
let srv: ServerProcess;
let code: string;
let host: Peer;
/** Every fuzzing connection, with its role and message budget. */
const peers: { p: Peer; role: string; rate: MessageRateOptions }[] = [];
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
let rnd = prng(SEED);
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

/** A raw frame: a protocol code other than LEAVE_ROOM (12, a consented leave) and random bytes. */
function hostileFrame(): Uint8Array {
  const bytes = Array.from({ length: Math.floor(rnd() * 12) }, () => Math.floor(rnd() * 256));
  return Uint8Array.from(rnd() < 0.1 ? [] : [pick([0, 10, 11, 13, 13, 13, 14, 17, 255]), ...bytes]);
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
const as = (role: string, rate: MessageRateOptions) => (p: Peer) => peers.push({ p, role, rate });

beforeAll(async () => {
  srv = await startServerProcess({ port: 0, dbPath });
  const created = await createSession(srv.url, { teams: 2 });
  code = created.code;
  host = await join(srv.url, code, { role: 'facilitator', hostKey: created.hostKey });
  const players: Peer[] = [];
  for (let i = 0; i < 16; i++)
    players.push(await join(srv.url, code, { role: 'player', nickname: `P${i}`, team: i % 2 ? 't2' : 't1' }));
  await startPlanning(host, players[0]!);
  host.room.send('host', { command: 'pause' });
  await until(() => !host.state().timerRunning && players.every((p) => !p.state().timerRunning));
  const captains = Object.values(host.state().teams).map((t) => t.captain);
  for (const p of players) {
    const id = p.of<{ playerId: string }>('welcome')[0]!.playerId;
    as(captains.includes(id) ? 'captain' : 'player', SESSION_MESSAGE_RATE)(p);
  }
  as('facilitator', SESSION_MESSAGE_RATE)(host);
  for (let i = 0; i < 3; i++)
    as(
      'facilitator',
      SESSION_MESSAGE_RATE,
    )(await join(srv.url, code, { role: 'facilitator', hostKey: created.hostKey }));
  for (let i = 0; i < 12; i++)
    as('projector', SESSION_MESSAGE_RATE)(await join(srv.url, code, { role: 'projector' }));
  for (let i = 0; i < 12; i++) {
    const lobby = await new Client(srv.url).joinOrCreate(ROOM_LOBBY, { protocolVersion: PROTOCOL_VERSION });
    rooms.push(lobby);
    as('lobby', LOBBY_MESSAGE_RATE)(peer(lobby));
  }
  await patchInterval();
}, 60_000);
// The server first, whatever else failed (a leave per peer under load once outlasted the hook and left the
// server process running); its clients close with it.
afterAll(() => stopAll(), 30_000);

const total = (rate: MessageRateOptions) => rate.perSecond * SECONDS;

it(`stays up, answers each hostile message once and changes nothing (seed ${SEED})`, async () => {
  const sent = peers.reduce((n, { rate }) => n + total(rate), 0);
  expect(sent).toBeGreaterThanOrEqual(10_000);
  expect(new Set(peers.map((x) => x.role))).toEqual(
    new Set(['player', 'captain', 'facilitator', 'projector', 'lobby']),
  );
  expect(peers.filter((x) => x.role === 'captain')).toHaveLength(2);
  const state = host.state();
  const rows = dbRows();
  // Every message and join is drawn before anything is sent: the same seed gives the same run.
  rnd = prng(SEED);
  const joins = Array.from({ length: 200 }, () => {
    const options = hostileJoinOptions();
    const withoutCode = rnd() < 0.25 ? pick([0, 1, 2] as const) : undefined;
    // A join whose HTTP socket was hung up (a loaded machine: a kept-alive socket closed under it) is tried
    // once more; the answer it then gets must be a coded refusal like any other.
    const once = () => {
      const client = new Client(srv.url);
      if (withoutCode === undefined) return client.joinById(code, options);
      const projector = { protocolVersion: PROTOCOL_VERSION, role: 'projector' };
      return [
        () => client.join(ROOM_SESSION, projector),
        () => client.joinOrCreate(ROOM_SESSION, projector),
        () => client.create(ROOM_SESSION, { code }),
      ][withoutCode]!();
    };
    return () =>
      once().catch((e: Error) => (/socket hang up|ECONNRESET/.test(e.message) ? once() : Promise.reject(e)));
  });
  const plans = peers.map(({ rate }, k) => {
    rnd = prng(SEED + k + 1);
    return Array.from({ length: total(rate) }, () =>
      rnd() < 0.05 ? hostileFrame() : ([pick(TYPES), hostileValue()] as const),
    );
  });
  const leaves: string[] = [];
  peers.forEach(({ p }, k) => p.room.onLeave((c) => leaves.push(`${k}:${c}`)));
  const start = peers.map(({ p }) => answers(p));
  const batches = peers.map(async ({ p, role, rate }, k) => {
    const plan = plans[k]!;
    for (let i = 0; i < plan.length; i += rate.burst) {
      const before = answers(p);
      const batch = plan.slice(i, i + rate.burst);
      for (const m of batch)
        if (m instanceof Uint8Array) p.room.connection.send(m);
        else p.room.send(m[0] as string, m[1]);
      await until(
        () => answers(p) - before >= batch.length,
        20_000,
        `peer ${k} (${role}) batch ${i / rate.burst}: ${answers(p) - before}/${batch.length} answers; left ${leaves.join(',')}; server ${srv.output().slice(-800)}`,
      );
      await new Promise((r) => setTimeout(r, (rate.burst / rate.perSecond) * 1000)); // the budget refills
    }
  });
  // colyseus.js warns on the console for each refused join, the outcome asserted below: held back, not printed
  const joined = quietRefusal(async () => {
    const settled: PromiseSettledResult<unknown>[] = [];
    for (let i = 0; i < joins.length; i += 20)
      settled.push(...(await Promise.allSettled(joins.slice(i, i + 20).map((j) => j()))));
    return settled;
  });
  await Promise.all(batches);
  expect((await joined).filter((j) => j.status === 'fulfilled')).toEqual([]);
  // each refusal is coded (a JSON JoinRefusal), never a bare close
  const reasons = (await joined).map((j) => (j.status === 'rejected' ? (j.reason as Error).message : ''));
  const uncoded = reasons.filter((m) => !/^\{"code":"[a-z-]+"/.test(m));
  expect(uncoded).toEqual([]);
  await patchInterval();
  expect(leaves).toEqual([]);
  peers.forEach(({ p, rate }, k) => expect(answers(p) - start[k]!, `peer ${k}`).toBe(total(rate)));
  const codes = new Set(peers.flatMap(({ p }) => p.of<{ code: unknown }>('error').map((e) => e.code)));
  for (const c of codes) expect(c).toMatch(/^[a-z-]+$/);
  expect(codes.has('rate-limited')).toBe(false);
  expect(codes.has('internal')).toBe(false);
  expect(srv.child.exitCode).toBeNull();
  expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  expect(host.state()).toEqual(state);
  expect(dbRows()).toEqual(rows);
}, 120_000);

it('a frame over the WebSocket payload limit closes that connection only', async () => {
  const room = await new Client(srv.url).joinOrCreate(ROOM_LOBBY, { protocolVersion: PROTOCOL_VERSION });
  const left = new Promise<number>((r) => room.onLeave(r));
  room.send('ping', 'x'.repeat(100_000));
  expect(await left).toBe(1009);
  expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  await barrierOf(host);
  // One log line for it, not ws's stack (server/support/clientFrameError.ts).
  await until(() => srv.output().includes("a client's frame was refused"));
  expect(srv.output()).toContain(
    "[socket] a client's frame was refused and its connection closed: Max payload size exceeded\n",
  );
  expect(srv.output()).not.toMatch(/ws[/\\]lib[/\\]receiver\.js/);
});

/** A round trip through the room: `p`'s connection is still served. */
async function barrierOf(p: Peer): Promise<void> {
  const n = p.of('error').length;
  p.room.send('barrier', {});
  await until(() => p.of('error').length > n);
}
