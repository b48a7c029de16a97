// The PostgreSQL schema as versioned migrations, applied in order at start (PgSessionStore.open) inside one
// transaction holding an advisory lock, so processes starting together apply each version once. Append new
// versions; never edit a released one. Times are ms since the epoch (BIGINT); the snapshot is JSON text, so
// a field added to the core's SessionSnapshot needs no migration.

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const PG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'sessions, seats, rounds, plans, scores, room leases',
    sql: `
CREATE TABLE sessions (
  code TEXT PRIMARY KEY, title TEXT NOT NULL, host_key_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, snapshot_json TEXT NOT NULL);
CREATE TABLE players (
  session TEXT NOT NULL REFERENCES sessions (code) ON DELETE CASCADE, id TEXT NOT NULL,
  seq BIGSERIAL NOT NULL, nickname TEXT NOT NULL, team TEXT NOT NULL, seat_key_hash TEXT NOT NULL,
  PRIMARY KEY (session, id));
CREATE TABLE rounds (
  session TEXT NOT NULL REFERENCES sessions (code) ON DELETE CASCADE, idx INTEGER NOT NULL,
  level_id TEXT NOT NULL, started_at BIGINT, ended_at BIGINT, PRIMARY KEY (session, idx));
CREATE TABLE plans (
  session TEXT NOT NULL REFERENCES sessions (code) ON DELETE CASCADE, round INTEGER NOT NULL,
  team TEXT NOT NULL, version INTEGER NOT NULL, plan_json TEXT NOT NULL, locked BOOLEAN NOT NULL,
  saved_at BIGINT NOT NULL, PRIMARY KEY (session, round, team));
CREATE TABLE scores (
  session TEXT NOT NULL REFERENCES sessions (code) ON DELETE CASCADE, round INTEGER NOT NULL,
  team TEXT NOT NULL, result_json TEXT NOT NULL, points INTEGER NOT NULL, rank INTEGER NOT NULL,
  PRIMARY KEY (session, round, team));
CREATE TABLE room_leases (
  code TEXT PRIMARY KEY REFERENCES sessions (code) ON DELETE CASCADE, process_id TEXT NOT NULL,
  token TEXT NOT NULL, claimed_at BIGINT NOT NULL);
`,
  },
  {
    version: 2,
    name: "plans carry the team's activity line (a change of plans alone writes no snapshot)",
    sql: 'ALTER TABLE plans ADD COLUMN activity_json TEXT;',
  },
];
