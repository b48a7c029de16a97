// GroupCommit (server/persistence/GroupCommit.ts): changes close together share one transaction; a quiet
// server commits on the next turn, a busy one waits up to COMMIT_WINDOW_MS after its last commit; a change
// that throws writes nothing and the others still commit.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMIT_WINDOW_MS, GroupCommit } from '../../../server/persistence/GroupCommit.ts';

const turn = () => new Promise((r) => setImmediate(r));

function store() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  const rows = () => (db.prepare('SELECT k FROM t ORDER BY k').all() as { k: string }[]).map((r) => r.k);
  const transactions = vi.spyOn(db, 'transaction');
  let clock = 0;
  const group = new GroupCommit(db, () => clock);
  return { db, insert, rows, transactions, group, at: (ms: number) => (clock = ms) };
}

describe('GroupCommit', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('writes the changes of one turn in one transaction', async () => {
    const s = store();
    await Promise.all(['a', 'b', 'c'].map((k) => s.group.add(() => s.insert.run(k))));
    expect(s.rows()).toEqual(['a', 'b', 'c']);
    expect(s.transactions).toHaveBeenCalledTimes(1);
  });

  it('right after a commit, waits the window for more changes; a quiet server does not wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] }); // the window's timer; turns of the loop stay real
    const s = store();
    await s.group.add(() => s.insert.run('a'));
    s.at(1); // 1 ms after that commit: the next waits until 4 ms after it
    let done = false;
    const b = s.group.add(() => s.insert.run('b')).then(() => (done = true));
    await turn();
    await turn();
    expect(done).toBe(false);
    expect(s.rows()).toEqual(['a']);
    const c = s.group.add(() => s.insert.run('c'));
    vi.advanceTimersByTime(COMMIT_WINDOW_MS - 2);
    expect(s.rows()).toEqual(['a']);
    vi.advanceTimersByTime(1);
    await Promise.all([b, c]);
    expect(s.rows()).toEqual(['a', 'b', 'c']);
    expect(s.transactions).toHaveBeenCalledTimes(2); // b and c shared one
    s.at(1 + 2 * COMMIT_WINDOW_MS); // long after: the next turn
    const d = s.group.add(() => s.insert.run('d'));
    await turn();
    await d;
    expect(s.rows()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a change that throws writes nothing of its own; the others commit', async () => {
    const s = store();
    const results = await Promise.allSettled([
      s.group.add(() => s.insert.run('a')),
      s.group.add(() => {
        s.insert.run('x');
        throw new Error('refused');
      }),
      s.group.add(() => s.insert.run('b')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(s.rows()).toEqual(['a', 'b']);
  });

  it('a read flushes at once: every read sees every accepted change', () => {
    const s = store();
    void s.group.add(() => s.insert.run('a'));
    s.group.flush();
    expect(s.rows()).toEqual(['a']);
  });
});
