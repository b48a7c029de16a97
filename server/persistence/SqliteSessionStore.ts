// The classroom's embedded database (the default SessionStore): SQLite (WAL) in one file. Every change is
// written in one transaction before its promise resolves, so a crash loses nothing accepted; the changes of one
// turn of the event loop share one transaction (GroupCommit.ts).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
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
import { GroupCommit } from './GroupCommit.ts';
import { enableWal } from './enableWal.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  code TEXT PRIMARY KEY, title TEXT NOT NULL, host_key_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, snapshot_json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (
  session TEXT NOT NULL, id TEXT NOT NULL, nickname TEXT NOT NULL, team TEXT NOT NULL,
  seat_key_hash TEXT NOT NULL, PRIMARY KEY (session, id));
CREATE TABLE IF NOT EXISTS rounds (
  session TEXT NOT NULL, idx INTEGER NOT NULL, level_id TEXT NOT NULL,
  started_at INTEGER, ended_at INTEGER, PRIMARY KEY (session, idx));
CREATE TABLE IF NOT EXISTS plans (
  session TEXT NOT NULL, round INTEGER NOT NULL, team TEXT NOT NULL, version INTEGER NOT NULL,
  plan_json TEXT NOT NULL, locked INTEGER NOT NULL, saved_at INTEGER NOT NULL, activity_json TEXT,
  PRIMARY KEY (session, round, team));
CREATE TABLE IF NOT EXISTS scores (
  session TEXT NOT NULL, round INTEGER NOT NULL, team TEXT NOT NULL, result_json TEXT NOT NULL,
  points INTEGER NOT NULL, rank INTEGER NOT NULL, PRIMARY KEY (session, round, team));
CREATE TABLE IF NOT EXISTS room_leases (
  code TEXT PRIMARY KEY, process_id TEXT NOT NULL, token TEXT NOT NULL, claimed_at INTEGER NOT NULL);
`;

/** Columns added after a database was first made, created when missing (SQLite has no IF NOT EXISTS here). */
const ADDED_COLUMNS = [{ table: 'plans', column: 'activity_json', type: 'TEXT' }] as const;

function addMissingColumns(db: Database.Database): void {
  for (const c of ADDED_COLUMNS) {
    const columns = db.pragma(`table_info(${c.table})`) as { name: string }[];
    if (!columns.some((x) => x.name === c.column))
      db.exec(`ALTER TABLE ${c.table} ADD COLUMN ${c.column} ${c.type}`);
  }
}

/** The database path: `MESH_KITCHEN_DB` or data/mesh-kitchen.sqlite under the working directory. */
export const defaultDbPath = (): string =>
  process.env.MESH_KITCHEN_DB ?? path.resolve('data', 'mesh-kitchen.sqlite');

function prepareStatements(db: Database.Database) {
  return {
    insertSession: db.prepare(
      `INSERT INTO sessions (code, title, host_key_hash, created_at, updated_at, snapshot_json)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    updateSnapshot: db.prepare(`UPDATE sessions SET snapshot_json = ?, updated_at = ? WHERE code = ?`),
    touch: db.prepare(`UPDATE sessions SET updated_at = ? WHERE code = ?`),
    getSession: db.prepare(
      `SELECT code, title, host_key_hash AS hostKeyHash, created_at AS createdAt, updated_at AS updatedAt,
       snapshot_json AS snapshotJson FROM sessions WHERE code = ?`,
    ),
    hasSession: db.prepare(`SELECT 1 FROM sessions WHERE code = ?`),
    deleteSession: db.prepare(`DELETE FROM sessions WHERE code = ?`),
    deletePlayer: db.prepare(`DELETE FROM players WHERE session = ? AND id = ?`),
    upsertPlayer: db.prepare(
      `INSERT INTO players (session, id, nickname, team, seat_key_hash) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (session, id) DO UPDATE SET nickname = excluded.nickname, team = excluded.team,
       seat_key_hash = excluded.seat_key_hash`,
    ),
    players: db.prepare(
      `SELECT id, nickname, team, seat_key_hash AS seatKeyHash FROM players WHERE session = ? ORDER BY rowid`,
    ),
    startRound: db.prepare(
      `INSERT INTO rounds (session, idx, level_id, started_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (session, idx) DO UPDATE SET level_id = excluded.level_id, started_at = excluded.started_at`,
    ),
    endRound: db.prepare(`UPDATE rounds SET ended_at = COALESCE(ended_at, ?) WHERE session = ? AND idx = ?`),
    rounds: db.prepare(
      `SELECT idx, level_id AS levelId, started_at AS startedAt, ended_at AS endedAt FROM rounds
       WHERE session = ? ORDER BY idx`,
    ),
    upsertPlan: db.prepare(
      `INSERT INTO plans (session, round, team, version, plan_json, locked, saved_at, activity_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (session, round, team) DO UPDATE SET version = excluded.version,
       plan_json = excluded.plan_json, locked = excluded.locked, saved_at = excluded.saved_at,
       activity_json = excluded.activity_json`,
    ),
    plans: db.prepare(
      `SELECT round, team, version, plan_json AS planJson, locked, activity_json AS activityJson,
       saved_at AS savedAt FROM plans WHERE session = ? ORDER BY round, team`,
    ),
    upsertScore: db.prepare(
      `INSERT INTO scores (session, round, team, result_json, points, rank) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (session, round, team) DO UPDATE SET result_json = excluded.result_json,
       points = excluded.points, rank = excluded.rank`,
    ),
    deleteScores: db.prepare(`DELETE FROM scores WHERE session = ? AND round = ?`),
    scores: db.prepare(
      `SELECT round, team, result_json AS resultJson, points, rank FROM scores
       WHERE session = ? ORDER BY round, rank, team`,
    ),
    lease: db.prepare(
      `SELECT process_id AS processId, token, claimed_at AS claimedAt FROM room_leases WHERE code = ?`,
    ),
    claimLease: db.prepare(
      `INSERT INTO room_leases (code, process_id, token, claimed_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (code) DO UPDATE SET process_id = excluded.process_id, token = excluded.token,
       claimed_at = excluded.claimed_at WHERE room_leases.token = ? RETURNING code`,
    ),
    releaseLease: db.prepare(`DELETE FROM room_leases WHERE code = ? AND token = ?`),
  };
}

export class SqliteSessionStore implements SessionStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly stmt: ReturnType<typeof prepareStatements>;
  private readonly group: GroupCommit;

  /** Opens (creating the folder and tables when missing) the database at `dbPath`; ':memory:' works too. */
  constructor(dbPath: string) {
    if (dbPath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
    this.db = new Database(dbPath);
    enableWal(this.db);
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
    addMissingColumns(this.db);
    this.stmt = prepareStatements(this.db);
    this.group = new GroupCommit(this.db);
  }

  /** The statements, once the changes still pending are written (every read sees every accepted change). */
  private ready(): ReturnType<typeof prepareStatements> {
    this.group.flush();
    return this.stmt;
  }

  async hasSession(code: string): Promise<boolean> {
    return this.ready().hasSession.get(code) !== undefined;
  }

  /** Stores a new session; throws if the code is already stored (codes are unique). */
  async createSession(s: NewSession): Promise<void> {
    this.ready().insertSession.run(s.code, s.title, s.hostKeyHash, s.nowMs, s.nowMs, s.snapshotJson);
  }

  /** Forgets a session that never opened (its room could not be created); nothing else refers to it yet. */
  async deleteNewSession(code: string): Promise<void> {
    this.ready().deleteSession.run(code);
  }

  async getSession(code: string): Promise<StoredSession | undefined> {
    const stored = this.ready().getSession.get(code) as StoredSession | undefined;
    if (stored === undefined) return undefined;
    return { ...stored, snapshotJson: withLatestPlans(stored.snapshotJson, await this.plans(code)) };
  }

  /** Writes one accepted change atomically (its own savepoint in this turn's transaction: GroupCommit.ts). */
  applyChange(code: string, change: SessionChange): Promise<void> {
    const t = change.nowMs;
    return this.group.add(() => {
      // A change of plans alone leaves the session's row as it is: rewriting even its updated_at rewrites the
      // whole row, snapshot and all (SQLite stores a row as one record); the heartbeat (touch) keeps it.
      const stored =
        change.snapshotJson === undefined
          ? this.stmt.hasSession.get(code) !== undefined
          : this.stmt.updateSnapshot.run(change.snapshotJson, t, code).changes === 1;
      if (!stored) throw new Error(`Session ${code} is not stored.`);
      for (const p of change.players ?? [])
        this.stmt.upsertPlayer.run(code, p.id, p.nickname, p.team, p.seatKeyHash);
      for (const id of change.playersDropped ?? []) this.stmt.deletePlayer.run(code, id);
      for (const r of change.roundsStarted ?? []) this.stmt.startRound.run(code, r.idx, r.levelId, t);
      for (const idx of change.roundsEnded ?? []) this.stmt.endRound.run(t, code, idx);
      for (const p of change.plans ?? [])
        this.stmt.upsertPlan.run(
          code,
          p.round,
          p.team,
          p.version,
          p.planJson,
          p.locked ? 1 : 0,
          t,
          p.activityJson,
        );
      for (const round of change.scoresWithdrawn ?? []) this.stmt.deleteScores.run(code, round);
      for (const s of change.scores ?? [])
        this.stmt.upsertScore.run(code, s.round, s.team, s.resultJson, s.points, s.rank);
    });
  }

  /** Records that the session was live at `nowMs` (a heartbeat: a resumed timer counts time up to here). */
  async touch(code: string, nowMs: number): Promise<void> {
    this.ready().touch.run(nowMs, code);
  }

  async players(code: string): Promise<PlayerRow[]> {
    return this.ready().players.all(code) as PlayerRow[];
  }

  async rounds(code: string): Promise<RoundRow[]> {
    return this.ready().rounds.all(code) as RoundRow[];
  }

  async plans(code: string): Promise<PlanRow[]> {
    return (this.ready().plans.all(code) as (Omit<PlanRow, 'locked'> & { locked: number })[]).map((r) => ({
      ...r,
      locked: r.locked === 1,
    }));
  }

  async scores(code: string): Promise<ScoreRow[]> {
    return this.ready().scores.all(code) as ScoreRow[];
  }

  async roomLease(code: string): Promise<RoomLease | undefined> {
    return this.ready().lease.get(code) as RoomLease | undefined;
  }

  async claimRoomLease(code: string, lease: RoomLease, expectedToken: string | null): Promise<boolean> {
    // one statement: SQLite serialises writers, and the conflict clause compares the stored token
    const row = this.ready().claimLease.get(
      code,
      lease.processId,
      lease.token,
      lease.claimedAt,
      expectedToken,
    );
    return row !== undefined;
  }

  async releaseRoomLease(code: string, token: string): Promise<void> {
    this.ready().releaseLease.run(code, token);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.group.flush();
    this.db.close();
  }
}
