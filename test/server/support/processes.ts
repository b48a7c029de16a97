// Child processes for the scale-out test and the classroom benchmark: a throw-away redis-server on a free
// port (no RDB/AOF files) and `node --import tsx server/index.ts` game servers with their own env. Every
// process started here is stopped by stopAll() (SIGTERM, then SIGKILL after a grace period).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** How long a process may take to become ready / to exit after SIGTERM, ms. */
const READY_TIMEOUT_MS = 90_000; // generous: a loaded CI machine compiles server/index.ts with tsx first
const EXIT_GRACE_MS = 3_000;

const running = new Set<ChildProcess>();

/** A TCP port that was free a moment ago on 127.0.0.1 (the OS picks it; closed again before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Spawned (a pid) and not exited. */
const alive = (child: ChildProcess): boolean =>
  child.pid !== undefined && child.exitCode === null && child.signalCode === null;

/** Stops one process: SIGTERM, SIGKILL if it has not exited after EXIT_GRACE_MS. Resolves once it exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (!alive(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops every process started by this module that is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stopProcess));
}

/** Spawns `command args` (as `user` if given), remembering it for stopAll(); `output()` is its stdout+stderr so far. */
export function start(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  user?: { readonly uid: number; readonly gid: number },
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], ...user });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.once('error', (e) => (out += `${e.message}\n`)); // e.g. ENOENT: the binary is not installed
  child.once('exit', () => running.delete(child));
  return { child, output: () => out };
}

/** Resolves when `ready()` holds (polled every 50 ms); rejects if the process exits or the time runs out. */
export async function waitReady(
  what: string,
  child: ChildProcess,
  output: () => string,
  ready: () => boolean | Promise<boolean>,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  if (child.pid === undefined) {
    await new Promise((r) => setImmediate(r)); // the spawn 'error' event comes on a later tick
    throw new Error(`${what} could not start: ${output()}`);
  }
  for (;;) {
    if (!alive(child))
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (await ready()) return;
    if (Date.now() > end) {
      await stopProcess(child);
      throw new Error(`${what} was not ready after ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether a Redis server answers PING on 127.0.0.1:port (RESP: "PING\r\n" → "+PONG\r\n"). */
export function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

export interface RedisProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
}

/** A redis-server on a free port with persistence off (`--save '' --appendonly no`), ready for PING. */
export async function startRedis(
  binary = process.env.REDIS_SERVER ?? '/usr/bin/redis-server',
): Promise<RedisProcess> {
  const port = await freePort();
  const { child, output } = start(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    process.env,
  );
  await waitReady(`redis-server :${port}`, child, output, () => redisPing(port));
  return { url: `redis://127.0.0.1:${port}`, port, child };
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** stdout+stderr so far. */
  output(): string;
}

export interface ServerProcessOptions {
  /** 0: the OS picks one (read back from the "serving on" line). */
  readonly port: number;
  /** MESH_KITCHEN_DB. */
  readonly dbPath: string;
  /** DATABASE_URL (postgres://…): the sessions live there and no MESH_KITCHEN_DB file is opened. */
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  /** PUBLIC_ADDRESS, host:port (behind a proxy: host:port/path). */
  readonly publicAddress?: string;
  /** More environment, e.g. TRUST_PROXY. */
  readonly env?: NodeJS.ProcessEnv;
  /** How long the start may take, ms (default READY_TIMEOUT_MS; a test restarting under load waits longer). */
  readonly readyTimeoutMs?: number;
  /** Node's own flags before the script, e.g. ['--cpu-prof'] (not allowed in NODE_OPTIONS). */
  readonly nodeArgs?: readonly string[];
}

/** `node --import tsx server/index.ts` with PORT, HOST=127.0.0.1 and the given env; ready once it serves. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    MESH_KITCHEN_DB: options.dbPath,
  };
  delete env.REDIS_URL;
  delete env.PUBLIC_ADDRESS;
  delete env.DATABASE_URL;
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl;
  if (options.redisUrl !== undefined) env.REDIS_URL = options.redisUrl;
  if (options.publicAddress !== undefined) env.PUBLIC_ADDRESS = options.publicAddress;
  Object.assign(env, options.env);
  const { child, output } = start(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/index.ts'],
    env,
  );
  const serving = () => /serving on http:\/\/localhost:(\d+)/.exec(output());
  await waitReady(
    `game server (PORT=${options.port})`,
    child,
    output,
    () => serving() !== null,
    options.readyTimeoutMs,
  );
  const port = Number(serving()![1]);
  return { url: `http://127.0.0.1:${port}`, port, child, output };
}
