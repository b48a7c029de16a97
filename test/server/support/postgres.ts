// A throw-away PostgreSQL cluster for the tests: Debian's binaries (/usr/lib/postgresql/<version>/bin, the
// newest version installed; PG_BIN overrides), `initdb` into a temp folder and `postgres` on a free
// loopback port, trust auth for the one superuser `mesh`. PostgreSQL refuses to run as root, so as root both
// run as the `postgres` user (the folder is given to it). fsync is off: the tests kill server processes,
// never the machine. stop() ends the server (SIGINT: fast shutdown) and removes the folder.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, start, stopProcess, waitReady } from './processes.ts';

/** The bin folder of the newest PostgreSQL under /usr/lib/postgresql, or undefined if none is installed. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], 'bin');
}

export interface PostgresProcess {
  readonly port: number;
  /** postgres://mesh@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** A new empty database; its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The uid/gid to run PostgreSQL as: the `postgres` user when this is root, else the current user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPostgres(): Promise<PostgresProcess> {
  const bin = postgresBin();
  if (bin === undefined)
    throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb).');
  const user = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mesh-kitchen-pg-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const env = { ...process.env, LC_ALL: 'C' };
  // asynchronous: under load initdb takes many seconds, which a test worker must not spend blocked
  await promisify(execFile)(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'mesh', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { env, cwd: dir, ...user },
  );
  const port = await freePort();
  const { child, output } = start(
    path.join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    env,
    user,
  );
  const url = (database = 'postgres') => `postgres://mesh@127.0.0.1:${port}/${database}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: url() });
    // a connection the starting or stopping server breaks is an answer here (false), never a thrown event
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query(sql);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  await waitReady(`postgres :${port}`, child, output, () =>
    query('SELECT 1').then(
      () => true,
      () => false,
    ),
  );
  return {
    port,
    url,
    createDatabase: async (name) => {
      await query(`CREATE DATABASE ${name}`);
      return url(name);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      await stopProcess(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
