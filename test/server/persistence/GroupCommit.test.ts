// GroupCommit (server/persistence/GroupCommit.ts): the changes of one turn share one transaction, without a
// savepoint each; a change that throws writes nothing and the others still commit; a read flushes first.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../../../server/persistence/GroupCommit.ts';

function store() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  const rows = () => (db.prepare('SELECT k FROM t ORDER BY k').all() as { k: string }[]).map((r) => r.k);
  const transactions = vi.spyOn(db, 'transaction');
  return { db, insert, rows, transactions, group: new GroupCommit(db) };
}

describe('GroupCommit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the changes of one turn in one transaction', async () => {
    const s = store();
    await Promise.all(['a', 'b', 'c'].map((k) => s.group.add(() => s.insert.run(k))));
    expect(s.rows()).toEqual(['a', 'b', 'c']);
    expect(s.transactions).toHaveBeenCalledTimes(1);
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
