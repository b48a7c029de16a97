// Refusals of a session room and the HTTP API: every role violation and malformed payload gets an error
// reply (an edit with a readable seq: editRefused with that seq) and leaves the synchronised state and the
// database exactly as they were; bad joins are refused.
import Database from 'better-sqlite3';
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVELS, PROTOCOL_VERSION, ROOM_SESSION } from '../../../shared/index.ts';
import {
  barrier,
  hostedSession,
  join,
  patchInterval,
  post,
  received,
  startPlanning,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from './harness.ts';
import { quietRefusal } from '../support/quietRefusal.ts';

let srv: TestServer;
let code: string;
let hostKey: string;
let host: Peer, projector: Peer, ann: Peer, bo: Peer, cy: Peer;

/** Every row the session has in the database, except the heartbeat column. */
function dbRows(): unknown {
  const db = new Database(srv.dbPath, { readonly: true });
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

beforeAll(async () => {
  srv = await startTestServer();
  ({ code, hostKey, host } = await hostedSession(srv.url));
  projector = await join(srv.url, code, { role: 'projector' });
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann', team: 't1' });
  bo = await join(srv.url, code, { role: 'player', nickname: 'Bo', team: 't1' });
  cy = await join(srv.url, code, { role: 'player', nickname: 'Cy', team: 't2' });
  await startPlanning(host, cy);
  ann.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
  await until(() => host.state().teams.t1!.planVersion === 1);
  host.room.send('host', { command: 'pause' }); // a still clock: the state must not change at all below
  await until(() => !host.state().timerRunning);
});
afterAll(async () => {
  await srv.close();
});

/**
 * Sends `payload` as `type` from `who`, expects the error `code` and no change anywhere. An edit whose seq can
 * be read is refused with editRefused and that seq (the page rolls back exactly that edit), anything else
 * with an error.
 */
async function expectRefused(who: Peer, type: string, payload: unknown, code: string): Promise<void> {
  const watchers = [host, projector, ann, bo, cy];
  const state = host.state();
  const rows = dbRows();
  const counts = watchers.map((p) => p.messages.length);
  const seq = (payload as { seq?: unknown } | null)?.seq;
  const withSeq = type === 'edit' && typeof seq === 'number' && seq >= 0;
  const reply = withSeq ? 'editRefused' : 'error';
  const errors = who.of(reply).length;
  who.room.send(type, payload);
  await received(who, reply, errors + 1);
  expect(who.of<{ code: string; message: string }>(reply)[errors]).toMatchObject({
    code,
    ...(withSeq ? { seq } : {}),
  });
  await patchInterval();
  expect(host.state()).toEqual(state);
  expect(dbRows()).toEqual(rows);
  watchers.forEach((p, i) => expect(p.messages.length).toBe(counts[i]! + (p === who ? 1 : 0)));
}

describe('role violations change nothing', () => {
  it('a player sends a facilitator command', async () => {
    await expectRefused(ann, 'host', { command: 'endPlanning' }, 'not-facilitator');
    await expectRefused(ann, 'host', { command: 'kick', player: 'p3' }, 'not-facilitator');
  });
  it('a player tries to edit another team’s plan', async () => {
    await expectRefused(
      ann,
      'edit',
      { seq: 2, team: 't2', edit: { type: 'setSpec', tensor: 'w2', spec: ['model', null] } },
      'bad-message',
    );
  });
  it('a non-captain locks', async () => {
    await expectRefused(bo, 'lock', { locked: true }, 'not-captain');
  });
  it('a player changes team during planning', async () => {
    await expectRefused(bo, 'chooseTeam', { team: 't2' }, 'wrong-phase');
  });
  it('the facilitator sends a player message', async () => {
    await expectRefused(host, 'edit', { seq: 1, edit: { type: 'clearSpec', tensor: 'w1' } }, 'not-player');
  });
  it('the projector sends anything', async () => {
    await expectRefused(projector, 'host', { command: 'pause' }, 'not-facilitator');
    await expectRefused(
      projector,
      'edit',
      { seq: 1, edit: { type: 'clearSpec', tensor: 'w1' } },
      'read-only',
    );
    await expectRefused(projector, 'lock', { locked: true }, 'read-only');
    await expectRefused(projector, 'hello', {}, 'read-only');
  });
});

describe('malformed payloads change nothing', () => {
  it.each([
    ['host', { command: 'nuke' }],
    ['host', { command: 'extend', seconds: 5 }],
    ['host', { command: 'extend', seconds: '60' }],
    ['host', { command: 'hint', text: 'a hint of 281 characters'.padEnd(281, '.') }],
    ['host', { command: 'pause', extra: 1 }],
    ['host', 'start'],
    ['host', null],
  ])('facilitator %s %j', async (type, payload) => {
    await expectRefused(host, type, payload, 'bad-message');
  });
  it.each([
    ['edit', { seq: -1, edit: { type: 'clearSpec', tensor: 'w1' } }],
    ['edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: 'model' } }],
    [
      'edit',
      { seq: 1, edit: { type: 'setSpec', tensor: 'tensor-name-of-65-chars'.padEnd(65, '-'), spec: [] } },
    ],
    ['edit', { seq: 1, edit: { type: 'setMesh', axes: [{ name: 'model', size: 0 }] } }],
    ['edit', { seq: 1, edit: { type: 'teleport' } }],
    ['edit', { seq: 1 }],
    ['lock', { locked: 'yes' }],
    ['chooseTeam', { team: 2 }],
  ])('player %s %j', async (type, payload) => {
    await expectRefused(ann, type, payload, 'bad-message');
  });
  it('a well-formed edit the core refuses answers editRefused only', async () => {
    const rows = dbRows();
    const n = ann.of('editRefused').length;
    ann.room.send('edit', { seq: 9, edit: { type: 'setSpec', tensor: 'nope', spec: [null, 'model'] } });
    await received(ann, 'editRefused', n + 1);
    expect(ann.of('editRefused')[n]).toMatchObject({ seq: 9 });
    await barrier(ann);
    expect(dbRows()).toEqual(rows);
  });
});

describe('joins that are refused', () => {
  const joinRaw = (options: object) => new Client(srv.url).joinById(code, options);
  it.each([
    [{ protocolVersion: PROTOCOL_VERSION + 1, role: 'projector' }, /reload the page/],
    [{ protocolVersion: PROTOCOL_VERSION, role: 'facilitator', hostKey: 'guess' }, /wrong-host-key/],
    [{ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: '' }, /bad-nickname/],
    [{ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: 'Ann' + 'n'.repeat(20) }, /bad-nickname/],
    [{ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: 'Zed', team: 't9' }, /unknown-team/],
    [{ protocolVersion: PROTOCOL_VERSION, role: 'projector', hostKey: 'x' }, /bad-message/],
    [{ protocolVersion: PROTOCOL_VERSION, role: 'admin' }, /bad-message/],
  ])('%j', async (options, error) => {
    const rows = dbRows();
    await expect(quietRefusal(() => joinRaw(options))).rejects.toThrow(error);
    expect(dbRows()).toEqual(rows);
  });
  it('a client cannot open a session room itself without the host key', async () => {
    // the matchmaker offers no method by name for sessions (issue 10, item 4)
    await expect(
      quietRefusal(() => new Client(srv.url).create(ROOM_SESSION, { code: 'ABCDEF' })),
    ).rejects.toThrow(/not offered/);
    await expect(quietRefusal(() => new Client(srv.url).create(ROOM_SESSION, { code }))).rejects.toThrow(
      /not offered/,
    );
  });
});

describe('HTTP API', () => {
  it('lists the levels', async () => {
    const levels = (await (await fetch(`${srv.url}/api/levels`)).json()) as { id: string; title: object }[];
    expect(levels.map((l) => l.id)).toEqual(LEVELS.map((l) => l.id));
    expect(levels[0]!.title).toEqual(LEVELS[0]!.title);
  });
  it.each([
    [{}, 400],
    [{ rounds: [], planningSeconds: 300, teams: 2 }, 400],
    [{ rounds: ['fridge-too-small'], planningSeconds: 10, teams: 2 }, 400],
    [{ rounds: ['fridge-too-small'], planningSeconds: 300, teams: 13 }, 400],
    [{ rounds: ['no-such-level'], planningSeconds: 300, teams: 2 }, 400],
    [{ rounds: ['fridge-too-small'], planningSeconds: 300, teams: 2, title: '题'.repeat(61) }, 400],
    [{ rounds: ['fridge-too-small'], planningSeconds: 300, teams: 2, admin: true }, 400],
    ['{"rounds": [', 400],
  ])('POST /api/sessions %j → %i', async (body, status) => {
    const res = await post(`${srv.url}/api/sessions`, body);
    expect(res.status).toBe(status);
    expect(res.json).toMatchObject({ error: expect.any(String) });
  });
  it('POST /api/sessions with a body over 16 kB → 413', async () => {
    const body = { rounds: ['fridge-too-small'], planningSeconds: 300, teams: 2, title: 'x'.repeat(20_000) };
    const res = await post(`${srv.url}/api/sessions`, body);
    expect(res).toEqual({ status: 413, json: { error: expect.stringMatching(/16 kB/) } });
  });
  it('resume refuses a wrong key, an unknown code and a bad body; a running session is left alone', async () => {
    expect((await post(`${srv.url}/api/sessions/${code}/resume`, { hostKey: 'nope' })).status).toBe(403);
    expect((await post(`${srv.url}/api/sessions/ZZZZZZ/resume`, { hostKey })).status).toBe(404);
    expect((await post(`${srv.url}/api/sessions/abc/resume`, { hostKey })).status).toBe(400);
    expect((await post(`${srv.url}/api/sessions/${code}/resume`, {})).status).toBe(400);
    expect(await post(`${srv.url}/api/sessions/${code}/resume`, { hostKey })).toEqual({
      status: 200,
      json: { code, resumed: false },
    });
  });
});
