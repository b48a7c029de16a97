// The PostgreSQL store against a real cluster started by the test (support/postgres.ts): the same contract
// as SQLite (storeContract.ts), and the versioned migrations — applied once however many processes start at
// the same time, recorded in schema_migrations, and a database from a newer server is refused.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgSessionStore, migrate } from '../../../server/persistence/PgSessionStore.ts';
import { PG_MIGRATIONS } from '../../../server/persistence/pgMigrations.ts';
import { startPostgres, type PostgresProcess } from '../support/postgres.ts';
import { storeContract } from './storeContract.ts';

let cluster: PostgresProcess;
let databases = 0;
const freshDatabase = () => cluster.createDatabase(`store_${++databases}`);

beforeAll(async () => {
  cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
}, 20_000);

storeContract('PostgreSQL', async () => PgSessionStore.open(await freshDatabase()));

describe('PostgreSQL migrations', () => {
  it('three processes starting at once apply each version exactly once', async () => {
    const url = await freshDatabase();
    const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: url }).on('error', () => undefined));
    try {
      const applied = await Promise.all(pools.map((p) => migrate(p)));
      expect(applied.flat()).toEqual(PG_MIGRATIONS.map((m) => m.version));
      expect(await migrate(pools[0]!)).toEqual([]);
      const rows = await pools[0]!.query('SELECT version, name FROM schema_migrations ORDER BY version');
      expect(rows.rows).toEqual(PG_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('a later version is applied on top; a database newer than the server is refused', async () => {
    const url = await freshDatabase();
    const pool = new pg.Pool({ connectionString: url }).on('error', () => undefined);
    try {
      const versions = PG_MIGRATIONS.map((m) => m.version);
      expect(await migrate(pool)).toEqual(versions);
      const later = Math.max(...versions) + 1;
      const next = [
        ...PG_MIGRATIONS,
        { version: later, name: 'a note', sql: 'ALTER TABLE sessions ADD note TEXT' },
      ];
      expect(await migrate(pool, next)).toEqual([later]);
      await expect(PgSessionStore.open(url)).rejects.toThrow(new RegExp(`\\[db-too-new\\].*${later}`));
      // the refused start changed nothing
      const v = await pool.query('SELECT max(version) AS v FROM schema_migrations');
      expect(v.rows[0]).toEqual({ v: later });
    } finally {
      await pool.end();
    }
  });
});
