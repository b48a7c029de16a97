// The persistence layer on its own: what a transition writes (sessionChange over the core's snapshots),
// the SQLite store's rows (storeContract.ts), secrets, and how a stored timer resumes after a restart.
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../../shared/index.ts';
import { SqliteSessionStore } from '../../../server/persistence/SqliteSessionStore.ts';
import { resumedSnapshot } from '../../../server/persistence/resumedSnapshot.ts';
import { sessionChange } from '../../../server/persistence/sessionChange.ts';
import { hashSecret, newSecret, verifySecret } from '../../../server/persistence/secrets.ts';
import { host, storeContract, storedLobby } from '../persistence/storeContract.ts';
import { tempDir } from './harness.ts';

storeContract('SQLite', async () => new SqliteSessionStore(path.join(tempDir(), 'nested', 'db.sqlite')));

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
  let lobby: SessionSnapshot;
  beforeAll(async () => {
    const store = new SqliteSessionStore(':memory:');
    lobby = (await storedLobby(store)).s;
    await store.close();
  });
  const planning = (): SessionSnapshot =>
    host(host(lobby, { command: 'start' }, 0).session, { command: 'advance' }, 1000).session;
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

describe('an SQLite file made before plans carried their activity line', () => {
  it('gains the column when opened, and its old plan rows read with no activity', async () => {
    const file = path.join(tempDir(), 'old.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE plans (
      session TEXT NOT NULL, round INTEGER NOT NULL, team TEXT NOT NULL, version INTEGER NOT NULL,
      plan_json TEXT NOT NULL, locked INTEGER NOT NULL, saved_at INTEGER NOT NULL,
      PRIMARY KEY (session, round, team))`);
    old.prepare(`INSERT INTO plans VALUES ('ABC234', 0, 't1', 3, '{}', 0, 5)`).run();
    old.close();
    const store = new SqliteSessionStore(file);
    try {
      expect(await store.plans('ABC234')).toEqual([
        { round: 0, team: 't1', version: 3, planJson: '{}', locked: false, activityJson: null, savedAt: 5 },
      ]);
    } finally {
      await store.close();
    }
  });
});

describe('group commit (GroupCommit.ts)', () => {
  it('writes the changes of one turn together, each alone: one refused writes nothing, the others commit', async () => {
    const store = new SqliteSessionStore(path.join(tempDir(), 'group.sqlite'));
    try {
      const { s, seats } = await storedLobby(store);
      const started = host(s, { command: 'start' }, 10).session;
      const change = sessionChange(s, started, 10, seats);
      // same turn: a change of a session that is not stored, then a good one
      const results = await Promise.allSettled([
        store.applyChange('ZZZ999', change),
        store.applyChange('ABC234', change),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      expect(JSON.parse((await store.getSession('ABC234'))!.snapshotJson)).toEqual(started);
      expect(await store.plans('ZZZ999')).toEqual([]);
      // a read in the same turn as a write sees it
      const advanced = host(started, { command: 'advance' }, 20).session;
      const written = store.applyChange('ABC234', sessionChange(started, advanced, 20, seats));
      expect(JSON.parse((await store.getSession('ABC234'))!.snapshotJson)).toEqual(advanced);
      await written;
    } finally {
      await store.close();
    }
  });
});
