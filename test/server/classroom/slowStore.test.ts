// A room over a slow (and sometimes failing) store, as PostgreSQL over a network can be: every write is
// delayed by a seeded 0–15 ms before it reaches SQLite. A player pipelines 16 edits; each reaches the
// teammate in the order sent with versions 1…16, and only after its own write was committed; the store ends
// with the last plan. A write that fails is answered 'not-saved' (an edit's with its seq) and changes nothing;
// the next edit goes on.
import path from 'node:path';
import type { ColyseusTestServer } from '@colyseus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditRefusedMessage, TeamPlanMessage } from '../../../shared/index.ts';
import { defineRooms } from '../../../server/createGameServer.ts';
import { sessionRoutes } from '../../../server/http/sessionRoutes.ts';
import type { SessionChange, SessionStore } from '../../../server/persistence/SessionStore.ts';
import { SqliteSessionStore } from '../../../server/persistence/SqliteSessionStore.ts';
import type { SessionRoomDeps } from '../../../server/rooms/SessionRoom.ts';
import { colyseusTesting, holdBack } from '../support/holdBack.ts';
import { freePort } from '../support/processes.ts';
import { hostedSession, join, startPlanning, tempDir, until } from './harness.ts';

/** `inner` with every applyChange delayed (seeded LCG, 0–15 ms) and failing when `failNext` is set. */
function slowStore(inner: SessionStore) {
  let seed = 16;
  const delay = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % 16);
  const committed: { team: string; version: number }[] = [];
  const control = { failNext: false, committed };
  const store: SessionStore = Object.create(inner) as SessionStore;
  store.applyChange = async (code: string, change: SessionChange) => {
    await new Promise((r) => setTimeout(r, delay()));
    if (control.failNext) {
      control.failNext = false;
      throw new Error('connection lost');
    }
    await inner.applyChange(code, change);
    for (const p of change.plans ?? []) committed.push({ team: p.team, version: p.version });
  };
  return { store, control };
}

describe('a room over a slow store', () => {
  const inner = new SqliteSessionStore(path.join(tempDir(), 'slow.sqlite'));
  const { store, control } = slowStore(inner);
  const deps: SessionRoomDeps = { store, now: Date.now, reconnectSeconds: 120 };
  let colyseus: ColyseusTestServer;
  let url = '';
  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const { boot, config } = await colyseusTesting();
    colyseus = await boot(
      config({
        initializeGameServer: (gameServer) => defineRooms(gameServer, deps),
        initializeExpress: (app) => {
          app.use('/api', sessionRoutes(deps));
        },
      }),
      port,
    );
  });
  afterAll(async () => {
    await colyseus.shutdown();
    await inner.close();
  });

  it('keeps pipelined edits in order and acknowledges each only after its write', async () => {
    const { code, host } = await hostedSession(url);
    const ann = await join(url, code, { role: 'player', nickname: 'Ann', team: 't1' });
    const bo = await join(url, code, { role: 'player', nickname: 'Bo', team: 't1' });
    await startPlanning(host, ann);
    // Bo's plans as they arrive (this handler replaces the peer's own record of them)
    const plans: TeamPlanMessage[] = [];
    const seenBeforeCommit: number[] = [];
    bo.room.onMessage('teamPlan', (m: TeamPlanMessage) => {
      plans.push(m);
      if (!control.committed.some((c) => c.team === m.team && c.version === m.version))
        seenBeforeCommit.push(m.version);
    });
    const specs = [
      [null, 'model'],
      [null, null],
    ];
    for (let seq = 1; seq <= 16; seq++)
      ann.room.send('edit', { seq, edit: { type: 'setSpec', tensor: 'w1', spec: specs[seq % 2] } });
    await until(() => plans.at(-1)?.version === 16, 8000, 'version 16');
    const fromAnn = plans.filter((m) => m.by === 'p1');
    expect(fromAnn.map((m) => m.version)).toEqual([...Array(16).keys()].map((i) => i + 1));
    expect(fromAnn.map((m) => m.seq)).toEqual(fromAnn.map((m) => m.version));
    expect(seenBeforeCommit).toEqual([]);
    const stored = (await inner.plans(code)).find((p) => p.team === 't1')!;
    expect(stored.version).toBe(16);
    expect(JSON.parse(stored.planJson)).toEqual(fromAnn.at(-1)!.plan);

    // a write that fails: refused with a code, nothing changes, the next edit is version 17 (the facilitator's
    // state is patched on the room's patch interval, so it is read once it has caught up with version 16)
    await until(() => host.state().teams.t1?.planVersion === 16, 8000, 'the host sees version 16');
    control.failNext = true;
    // The room logs the failed write (the operator's clue): held back here and asserted.
    const logged: string[] = [];
    await holdBack(
      [/^\[session-write\] \w+: connection lost$/],
      async () => {
        ann.room.send('edit', { seq: 17, edit: { type: 'setSpec', tensor: 'w1', spec: specs[1] } });
        // refused with the edit's seq: the page rolls back exactly that edit
        const notSaved = () => ann.of<EditRefusedMessage>('editRefused').find((e) => e.code === 'not-saved');
        await until(() => notSaved()?.seq === 17, 8000, 'not-saved');
      },
      logged,
    );
    expect(logged).toEqual([`[session-write] ${code}: connection lost`]);
    expect(host.state().teams.t1!.planVersion).toBe(16);
    ann.room.send('edit', { seq: 18, edit: { type: 'setSpec', tensor: 'w1', spec: specs[1] } });
    await until(() => plans.at(-1)?.version === 17, 8000, 'version 17');
    expect(plans.at(-1)!.seq).toBe(18);
  });
});
