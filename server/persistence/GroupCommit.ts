// Group commit for the embedded store: the changes accepted within one turn of the event loop (many classes
// editing at once) are written in one SQLite transaction, each in its own savepoint, so one that fails writes
// nothing of its own and the others still commit. Each promise resolves only once that transaction committed:
// nothing is acknowledged before it is written. The COMMIT (appending the WAL frames of every page touched) is
// most of what a small change costs, and the changes of one turn share the pages they touch.
import type Database from 'better-sqlite3';

interface Pending {
  readonly write: () => void;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export class GroupCommit {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Database.Database) {}

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
