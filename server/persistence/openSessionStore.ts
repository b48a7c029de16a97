// Which store a process uses: PostgreSQL when DATABASE_URL is a postgres:// (or postgresql://) URL, else the
// embedded SQLite file (MESH_KITCHEN_DB, default data/mesh-kitchen.sqlite). With a DATABASE_URL no SQLite
// file is opened.
import { PgSessionStore } from './PgSessionStore.ts';
import type { SessionStore } from './SessionStore.ts';
import { SqliteSessionStore, defaultDbPath } from './SqliteSessionStore.ts';

export interface StoreOptions {
  /** postgres://user@host:port/db; undefined or '' → SQLite. */
  readonly databaseUrl?: string | undefined;
  /** The SQLite file when there is no databaseUrl. */
  readonly dbPath?: string | undefined;
}

export async function openSessionStore(options: StoreOptions): Promise<SessionStore> {
  const url = options.databaseUrl ?? '';
  if (url === '') return new SqliteSessionStore(options.dbPath ?? defaultDbPath());
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error(`[database-url] DATABASE_URL must start with postgres:// (got '${url.split(':')[0]}:').`);
  return PgSessionStore.open(url);
}
