// The classroom's store in PostgreSQL (DATABASE_URL=postgres://…) through `pg`: the same tables as SQLite
// (pgMigrations.ts), shared by every process of a deployment. Each accepted change is one transaction
// (BEGIN … COMMIT on one pooled connection) and its promise resolves after COMMIT returns.
import pg from 'pg';
import { PG_MIGRATIONS, type Migration } from './pgMigrations.ts';
import type {
  NewSession,
  PlanRow,
  PlayerRow,
  RoomLease,
  RoundRow,
  ScoreRow,
  SessionChange,
  SessionStore,
  StoredSession,
} from './SessionStore.ts';
import { withLatestPlans } from './latestPlans.ts';

/** pg_advisory_xact_lock key of the migration step (any constant unique to this application). */
const MIGRATION_LOCK = 0x6d6b6d67; // "mkmg"
const INT8_OID = 20;

/** BIGINT columns (ms since the epoch, < 2^53) as numbers instead of pg's default strings. */
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID
      ? Number
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Applies the migrations the database lacks (in order, one transaction); returns the versions applied. */
export async function migrate(
  pool: pg.Pool,
  migrations: readonly Migration[] = PG_MIGRATIONS,
): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const known = new Set(migrations.map((m) => m.version));
    const unknown = [...done].filter((v) => !known.has(v));
    if (unknown.length > 0)
      throw new Error(
        `[db-too-new] The database has schema version(s) ${unknown.join(', ')} this server does not know.`,
      );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      applied.push(m.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

export class PgSessionStore implements SessionStore {
  readonly kind = 'postgres';

  private constructor(private readonly pool: pg.Pool) {}

  /** Connects to `connectionString`, applies pending migrations, and returns the store. */
  static async open(connectionString: string): Promise<PgSessionStore> {
    const pool = new pg.Pool({ connectionString, types, max: 10 });
    // an idle connection that breaks (database restarted) must not end the process; the next query reconnects
    pool.on('error', (e) => console.error(`[db-idle-error] ${e.message}`));
    try {
      await migrate(pool);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PgSessionStore(pool);
  }

  async hasSession(code: string): Promise<boolean> {
    return (await this.pool.query('SELECT 1 FROM sessions WHERE code = $1', [code])).rowCount === 1;
  }

  async createSession(s: NewSession): Promise<void> {
    await this.pool.query(
      `INSERT INTO sessions (code, title, host_key_hash, created_at, updated_at, snapshot_json)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [s.code, s.title, s.hostKeyHash, s.nowMs, s.snapshotJson],
    );
  }

  async deleteNewSession(code: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE code = $1', [code]);
  }

  async getSession(code: string): Promise<StoredSession | undefined> {
    const r = await this.pool.query<StoredSession>(
      `SELECT code, title, host_key_hash AS "hostKeyHash", created_at AS "createdAt",
       updated_at AS "updatedAt", snapshot_json AS "snapshotJson" FROM sessions WHERE code = $1`,
      [code],
    );
    const stored = r.rows[0];
    if (stored === undefined) return undefined;
    return { ...stored, snapshotJson: withLatestPlans(stored.snapshotJson, await this.plans(code)) };
  }

  async applyChange(code: string, change: SessionChange): Promise<void> {
    const t = change.nowMs;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // A change of plans alone leaves the session's row as it is (the heartbeat, touch, keeps updated_at).
      const updated =
        change.snapshotJson === undefined
          ? await client.query('SELECT 1 FROM sessions WHERE code = $1', [code])
          : await client.query('UPDATE sessions SET snapshot_json = $1, updated_at = $2 WHERE code = $3', [
              change.snapshotJson,
              t,
              code,
            ]);
      if (updated.rowCount !== 1) throw new Error(`Session ${code} is not stored.`);
      for (const p of change.players ?? [])
        await client.query(
          `INSERT INTO players (session, id, nickname, team, seat_key_hash) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (session, id) DO UPDATE SET nickname = excluded.nickname, team = excluded.team,
           seat_key_hash = excluded.seat_key_hash`,
          [code, p.id, p.nickname, p.team, p.seatKeyHash],
        );
      for (const id of change.playersDropped ?? [])
        await client.query('DELETE FROM players WHERE session = $1 AND id = $2', [code, id]);
      for (const r of change.roundsStarted ?? [])
        await client.query(
          `INSERT INTO rounds (session, idx, level_id, started_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (session, idx) DO UPDATE SET level_id = excluded.level_id, started_at = excluded.started_at`,
          [code, r.idx, r.levelId, t],
        );
      for (const idx of change.roundsEnded ?? [])
        await client.query(
          'UPDATE rounds SET ended_at = COALESCE(ended_at, $1) WHERE session = $2 AND idx = $3',
          [t, code, idx],
        );
      for (const p of change.plans ?? [])
        await client.query(
          `INSERT INTO plans (session, round, team, version, plan_json, locked, saved_at, activity_json)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (session, round, team) DO UPDATE SET version = excluded.version,
           plan_json = excluded.plan_json, locked = excluded.locked, saved_at = excluded.saved_at,
           activity_json = excluded.activity_json`,
          [code, p.round, p.team, p.version, p.planJson, p.locked, t, p.activityJson],
        );
      for (const round of change.scoresWithdrawn ?? [])
        await client.query('DELETE FROM scores WHERE session = $1 AND round = $2', [code, round]);
      for (const s of change.scores ?? [])
        await client.query(
          `INSERT INTO scores (session, round, team, result_json, points, rank) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (session, round, team) DO UPDATE SET result_json = excluded.result_json,
           points = excluded.points, rank = excluded.rank`,
          [code, s.round, s.team, s.resultJson, s.points, s.rank],
        );
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  async touch(code: string, nowMs: number): Promise<void> {
    await this.pool.query('UPDATE sessions SET updated_at = $1 WHERE code = $2', [nowMs, code]);
  }

  async players(code: string): Promise<PlayerRow[]> {
    const r = await this.pool.query<PlayerRow>(
      `SELECT id, nickname, team, seat_key_hash AS "seatKeyHash" FROM players WHERE session = $1 ORDER BY seq`,
      [code],
    );
    return r.rows;
  }

  async rounds(code: string): Promise<RoundRow[]> {
    const r = await this.pool.query<RoundRow>(
      `SELECT idx, level_id AS "levelId", started_at AS "startedAt", ended_at AS "endedAt" FROM rounds
       WHERE session = $1 ORDER BY idx`,
      [code],
    );
    return r.rows;
  }

  async plans(code: string): Promise<PlanRow[]> {
    const r = await this.pool.query<PlanRow>(
      `SELECT round, team, version, plan_json AS "planJson", locked, activity_json AS "activityJson",
       saved_at AS "savedAt" FROM plans WHERE session = $1 ORDER BY round, team`,
      [code],
    );
    return r.rows;
  }

  async scores(code: string): Promise<ScoreRow[]> {
    const r = await this.pool.query<ScoreRow>(
      `SELECT round, team, result_json AS "resultJson", points, rank FROM scores
       WHERE session = $1 ORDER BY round, rank, team`,
      [code],
    );
    return r.rows;
  }

  async roomLease(code: string): Promise<RoomLease | undefined> {
    const r = await this.pool.query<RoomLease>(
      `SELECT process_id AS "processId", token, claimed_at AS "claimedAt" FROM room_leases WHERE code = $1`,
      [code],
    );
    return r.rows[0];
  }

  async claimRoomLease(code: string, lease: RoomLease, expectedToken: string | null): Promise<boolean> {
    // INSERT … ON CONFLICT DO UPDATE … WHERE: a concurrent claim waits for this row's lock, then re-checks
    // the WHERE against the committed token, so only one of two claims expecting the same token succeeds.
    const r = await this.pool.query(
      `INSERT INTO room_leases (code, process_id, token, claimed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code) DO UPDATE SET process_id = excluded.process_id, token = excluded.token,
       claimed_at = excluded.claimed_at WHERE room_leases.token = $5 RETURNING code`,
      [code, lease.processId, lease.token, lease.claimedAt, expectedToken],
    );
    return r.rowCount === 1;
  }

  async releaseRoomLease(code: string, token: string): Promise<void> {
    await this.pool.query('DELETE FROM room_leases WHERE code = $1 AND token = $2', [code, token]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
