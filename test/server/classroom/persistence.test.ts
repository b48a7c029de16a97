// The persistence layer on its own: what a transition writes (sessionChange over the core's snapshots),
// the SQLite store's rows, secrets, and how a stored timer resumes after a restart.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSession,
  hostCommand,
  joinPlayer,
  playerEdit,
  type SessionSnapshot,
  type SessionStep,
} from '../../../shared/index.ts';
import { SessionStore } from '../../../server/persistence/SessionStore.ts';
import { resumedSnapshot } from '../../../server/persistence/resumedSnapshot.ts';
import { hashSecret, newSecret, verifySecret } from '../../../server/persistence/secrets.ts';
import { sessionChange } from '../../../server/persistence/sessionChange.ts';
import { tempDir } from './harness.ts';

const stores: SessionStore[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.close()));

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { text: { en: string } } }): T {
  if (!r.ok) throw new Error(r.error.text.en);
  return r.value;
}
const host = (s: SessionSnapshot, command: Parameters<typeof hostCommand>[1], now: number): SessionStep =>
  unwrap(hostCommand(s, command, now));

/** A lobby with p1 in t1 and p2 in t2, its seat hashes, and a store holding it. */
function setup() {
  const store = new SessionStore(path.join(tempDir(), 'nested', 'db.sqlite'));
  stores.push(store);
  let s = unwrap(
    createSession({ code: 'ABC234', rounds: ['fridge-too-small'], planningSeconds: 60, teams: 2, nowMs: 0 }),
  );
  store.createSession({
    code: 'ABC234',
    title: '',
    hostKeyHash: hashSecret('k'),
    snapshotJson: JSON.stringify(s),
    nowMs: 0,
  });
  const seats = new Map<string, string>();
  for (const nickname of ['Ann', 'Cy']) {
    const j = unwrap(joinPlayer(s, { nickname }, 1));
    seats.set(j.playerId, `hash-${j.playerId}`);
    store.applyChange('ABC234', sessionChange(s, j.session, 1, seats));
    s = j.session;
  }
  return { store, s, seats };
}

describe('sessionChange + SessionStore', () => {
  it('writes seats, round start/end, every plan version and lock, and scores', () => {
    const lobby = setup();
    const { store, seats } = lobby;
    let s = lobby.s;
    expect(store.players('ABC234')).toEqual([
      { id: 'p1', nickname: 'Ann', team: 't1', seatKeyHash: 'hash-p1' },
      { id: 'p2', nickname: 'Cy', team: 't2', seatKeyHash: 'hash-p2' },
    ]);
    const step = (next: SessionStep, now: number) => {
      store.applyChange('ABC234', sessionChange(s, next.session, now, seats));
      s = next.session;
    };
    step(host(s, { command: 'start' }, 10), 10);
    expect(store.rounds('ABC234')).toEqual([
      { idx: 0, levelId: 'fridge-too-small', startedAt: 10, endedAt: null },
    ]);
    expect(store.plans('ABC234').map((p) => [p.team, p.version, p.locked])).toEqual([
      ['t1', 0, false],
      ['t2', 0, false],
    ]);
    step(host(s, { command: 'advance' }, 20), 20);
    step(unwrap(playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 30)), 30);
    expect(store.plans('ABC234')[0]).toMatchObject({ team: 't1', version: 1, locked: false, savedAt: 30 });
    expect(store.plans('ABC234')[1]).toMatchObject({ team: 't2', version: 0, savedAt: 10 });
    step(unwrap(playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w2', spec: ['model', null] }, 35)), 35);
    expect(store.plans('ABC234')[0]).toMatchObject({ version: 2, savedAt: 35 });
    step(host(s, { command: 'endPlanning' }, 40), 40);
    expect(store.plans('ABC234').map((p) => p.locked)).toEqual([true, true]);
    expect(store.scores('ABC234').map((r) => [r.team, r.rank, r.points])).toEqual([
      ['t1', 1, 1000],
      ['t2', 2, 0],
    ]);
    expect(JSON.parse(store.scores('ABC234')[0]!.resultJson)).toEqual(s.results[0]!.teams[0]);
    // skipping the round in service withdraws its score; the round ends at the podium
    step(host(s, { command: 'skipRound' }, 50), 50);
    expect(store.scores('ABC234')).toEqual([]);
    expect(store.rounds('ABC234')[0]).toMatchObject({ startedAt: 10, endedAt: 50 });
    const stored = store.getSession('ABC234')!;
    expect(JSON.parse(stored.snapshotJson)).toEqual(s);
    expect(stored.updatedAt).toBe(50);
  });

  it('refuses to change a session that is not stored, and a second session with the same code', () => {
    const { store, s } = setup();
    expect(() => store.applyChange('ZZZ999', sessionChange(null, s, 1, new Map()))).toThrow(/not stored/);
    expect(() =>
      store.createSession({ code: 'ABC234', title: '', hostKeyHash: '', snapshotJson: '{}', nowMs: 0 }),
    ).toThrow(/UNIQUE/);
    expect(store.hasSession('ABC234')).toBe(true);
    expect(store.hasSession('ZZZ999')).toBe(false);
  });
});

describe('secrets', () => {
  it('are 128-bit base64url and stored only as a salted hash', () => {
    const key = newSecret();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stored = hashSecret(key);
    expect(stored).toMatch(/^sha256\$[A-Za-z0-9_-]{16}\$[0-9a-f]{64}$/);
    expect(stored).not.toContain(key);
    expect(hashSecret(key)).not.toBe(stored); // a fresh salt each time
    expect(verifySecret(key, stored)).toBe(true);
    expect(verifySecret(`${key}x`, stored)).toBe(false);
    expect(verifySecret(key, 'sha256$salt$abc')).toBe(false);
  });
});

describe('resumedSnapshot', () => {
  const planning = (): SessionSnapshot => {
    const { s } = setup();
    return host(host(s, { command: 'start' }, 0).session, { command: 'advance' }, 1000).session;
  };
  it('pauses a running planning timer at what was left at the last heartbeat', () => {
    const s = planning(); // 60 s from t = 1000
    expect(resumedSnapshot(s, 21_000, 999_999).timer).toEqual({ remainingMs: 40_000, runningSinceMs: null });
  });
  it('keeps a stopped timer as it is (same object)', () => {
    const s = host(planning(), { command: 'pause' }, 5000).session;
    expect(resumedSnapshot(s, 9000, 999_999)).toBe(s);
  });
  it('lets a service animation run on from the resume', () => {
    const s = host(planning(), { command: 'endPlanning' }, 2000).session; // 8 s of service from t = 2000
    expect(resumedSnapshot(s, 5000, 100_000).timer).toEqual({ remainingMs: 5000, runningSinceMs: 100_000 });
  });
});
