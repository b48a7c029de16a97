// enableWal (server/persistence/enableWal.ts): a second connection holding a lock makes SQLite answer the
// switch to WAL with SQLITE_BUSY at once; the switch is retried until the lock goes, and gives up after
// `tries`. Two real connections to one new file stand for two server processes starting together.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { enableWal } from '../../../server/persistence/enableWal.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A new database file, one connection reading from it in an open transaction, and a second connection. */
function contended() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-wal-'));
  dirs.push(dir);
  const file = path.join(dir, 'db.sqlite');
  const holder = new Database(file);
  holder.exec('CREATE TABLE t (x INTEGER)');
  holder.exec('BEGIN');
  holder.prepare('SELECT * FROM t').all(); // a shared lock until COMMIT
  const opener = new Database(file, { timeout: 0 });
  return { holder, opener };
}

describe('enableWal', () => {
  it('is refused at once while another connection holds the file (the case it retries)', () => {
    const { opener } = contended();
    expect(() => opener.pragma('journal_mode = WAL')).toThrow(
      expect.objectContaining({ code: 'SQLITE_BUSY' }),
    );
  });

  it('retries until the other connection lets go, then switches to WAL', () => {
    const { holder, opener } = contended();
    let waits = 0;
    enableWal(opener, {
      waitMs: 0,
      sleep: () => {
        if (++waits === 3) holder.exec('COMMIT');
      },
    });
    expect(waits).toBe(3);
    expect(opener.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('gives up after its tries with SQLITE_BUSY, and throws any other error at once', () => {
    const { opener } = contended();
    let waits = 0;
    expect(() => enableWal(opener, { tries: 4, waitMs: 0, sleep: () => waits++ })).toThrow(
      expect.objectContaining({ code: 'SQLITE_BUSY' }),
    );
    expect(waits).toBe(3);
    const broken = Object.assign(new Error('disk image is malformed'), { code: 'SQLITE_CORRUPT' });
    let calls = 0;
    const db = {
      pragma: () => {
        calls++;
        throw broken;
      },
    } as unknown as Parameters<typeof enableWal>[0];
    expect(() => enableWal(db, { sleep: () => {} })).toThrow(broken);
    expect(calls).toBe(1);
  });
});
