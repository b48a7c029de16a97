// Group commit for the embedded store: the changes accepted within one turn of the event loop (many classes
// editing at once) are written in one SQLite transaction. Each promise resolves only once that transaction
// committed: nothing is acknowledged before it is written. The COMMIT (appending the WAL frames of every page
// touched) is most of what a small change costs — measured with better-sqlite3 12 in WAL mode,
// synchronous=NORMAL, one plan upsert each: ~40 µs of CPU per change at one change per transaction, ~6 µs at
// eight, and a savepoint around each change adds two statements (~10 µs), so the changes share one
// transaction without savepoints unless one throws. Waiting a few ms after a commit for more changes (as
// PostgreSQL's commit_delay does) was measured too (bench/classroomRamp.ts at 2,400 players): no CPU saved,
// and 2–3 ms more at the median, so a change waits for nothing but the end of its turn.
import type Database from 'better-sqlite3';

interface Pending {
  readonly write: () => void;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export class GroupCommit {
  private pending: Pending[] = [];
  private scheduled = false;
  /**
   * The batch's transaction, made once: better-sqlite3's `db.transaction(fn)` builds its wrapper (five
   * variants and their properties) on every call, ~8 µs of CPU per commit at one change per batch
   * (measured beside a select and an upsert of a plan: 23 → 15 µs of user time per commit).
   */
  private readonly writeAll: (batch: readonly Pending[]) => void;

  constructor(private readonly db: Database.Database) {
    this.writeAll = db.transaction((batch: readonly Pending[]) => {
      for (const p of batch) p.write();
    });
  }

  /** Runs `write` (statements, no await) in the next group transaction; resolves once it has committed. */
  add(write: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ write, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Writes what is pending, now: the store calls it before any other statement, so every read sees every write. */
  flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    try {
      // the common case: every change writes; one transaction, no savepoints (each costs two statements)
      this.writeAll(batch);
    } catch {
      // one of them threw and the whole transaction rolled back: again, each in its own savepoint, so the one
      // that fails writes nothing of its own and the others still commit
      return this.writeEachAlone(batch);
    }
    for (const p of batch) p.resolve();
  }

  private writeEachAlone(batch: readonly Pending[]): void {
    const failed = new Map<Pending, unknown>();
    try {
      this.db.transaction(() => {
        for (const p of batch) {
          try {
            this.db.transaction(p.write)(); // nested: a savepoint, rolled back alone if it throws
          } catch (e) {
            failed.set(p, e);
          }
        }
      })();
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    for (const p of batch)
      if (failed.has(p)) p.reject(failed.get(p));
      else p.resolve();
  }
}
