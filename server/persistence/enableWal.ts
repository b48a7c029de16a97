// SQLite's WAL journal for a database file that several server processes may open at once (scale-out on one
// host, a restart overlapping the old process). Switching a new file to WAL takes an exclusive lock; when two
// connections both want it, SQLite can answer SQLITE_BUSY without calling its busy handler (that could
// deadlock: https://www.sqlite.org/c3ref/busy_handler.html), so better-sqlite3's 5 s timeout does not
// cover it. The switch is retried, every `waitMs`, for up to `tries` attempts; any other error is thrown.
import type Database from 'better-sqlite3';

/** Blocks the thread for `ms` milliseconds (the store opens synchronously, before the server listens). */
const sleepSync = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/** Sets `journal_mode = WAL` on `db`, retrying while another connection holds the lock. */
export function enableWal(
  db: Pick<Database.Database, 'pragma'>,
  {
    tries = 100,
    waitMs = 50,
    sleep = sleepSync,
  }: { tries?: number; waitMs?: number; sleep?: (ms: number) => void } = {},
): void {
  for (let attempt = 1; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'SQLITE_BUSY' || attempt >= tries) throw e;
      sleep(waitMs);
    }
  }
}
