// One Node process serves the built client, the classroom HTTP API, the matchmaker and the WebSockets on one
// port (docs/stack.md §2). With REDIS_URL set, rooms are shared between processes through Redis presence and
// driver. Classroom sessions are stored in PostgreSQL when `databaseUrl` (DATABASE_URL) is set, else in
// SQLite at `dbPath` (MESH_KITCHEN_DB, default data/).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import express from 'express';
import { Server, RedisDriver, RedisPresence } from 'colyseus';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { PROTOCOL_VERSION, ROOM_LOBBY, ROOM_SESSION, type ServerInfoResponse } from '../shared/index.ts';
import { matchmakeRoutes } from './http/matchmakeRoutes.ts';
import { sessionRoutes } from './http/sessionRoutes.ts';
import type { SessionStore } from './persistence/SessionStore.ts';
import { openSessionStore } from './persistence/openSessionStore.ts';
import { networkUrls, publicUrlOf } from './http/networkUrls.ts';
import { serverInfoRoute } from './http/serverInfoRoute.ts';
import { sessionStatusRoute } from './http/sessionStatusRoute.ts';
import { LobbyRoom } from './rooms/LobbyRoom.ts';
import { SessionRoom, type SessionRoomDeps } from './rooms/SessionRoom.ts';
import { serverLog } from './support/serverLog.ts';

/** Every HTTP request (headers and body) must arrive within this, ms (a slow body holds a socket and memory). */
const REQUEST_TIMEOUT_MS = 10_000;

export interface GameServerOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Folder of the built client (vite build output); omitted → no static files. */
  distDir?: string;
  redisUrl?: string;
  /** host:port this process is reachable at, when several processes share Redis. */
  publicAddress?: string;
  /** SQLite file of the classroom sessions (created if missing); default `MESH_KITCHEN_DB` or data/mesh-kitchen.sqlite. */
  dbPath?: string;
  /** postgres://… of a shared PostgreSQL database; set, no SQLite file is opened. */
  databaseUrl?: string;
  /** The clock of the session rooms and the HTTP API, ms since the epoch (tests move it); default Date.now. */
  now?: () => number;
  /**
   * Express's `trust proxy` (e.g. 1 = one reverse proxy in front): the client address the session-creation
   * rate limit counts is then X-Forwarded-For's, not the proxy's. Default: no proxy trusted.
   */
  trustProxy?: number | string;
  /** Deadline of every HTTP request's headers and body, ms; default 10 000. */
  requestTimeoutMs?: number;
  /** PUBLIC_URL: the address phones open for the join link and QR code (e.g. behind a proxy); default the network address. */
  publicUrl?: string;
}

export interface RunningGameServer {
  readonly port: number;
  readonly gameServer: Server;
  readonly store: SessionStore;
  /** PUBLIC_URL (normalised) and the network addresses it listens on, as GET /api/server-info tells the pages. */
  readonly info: ServerInfoResponse;
  close(): Promise<void>;
}

/**
 * Registers every room type; the single place rooms are named. Without `session` deps the session room
 * opens the default database when a session is first created.
 */
export function defineRooms(gameServer: Server, session?: SessionRoomDeps): void {
  gameServer.define(ROOM_LOBBY, LobbyRoom);
  gameServer.define(ROOM_SESSION, SessionRoom, session ? { deps: session } : {});
}

export async function startGameServer(options: GameServerOptions): Promise<RunningGameServer> {
  const app = express();
  app.disable('x-powered-by');
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, protocolVersion: PROTOCOL_VERSION });
  });
  const store = await openSessionStore({ databaseUrl: options.databaseUrl, dbPath: options.dbPath });
  const deps: SessionRoomDeps = { store, now: options.now ?? Date.now, reconnectSeconds: 120 };
  app.use('/api', sessionRoutes(deps));
  app.use('/matchmake', matchmakeRoutes({ store, now: deps.now }));
  app.use('/api', sessionStatusRoute(store, deps.now));
  let info: ServerInfoResponse = { publicUrl: publicUrlOf(options.publicUrl), networkUrls: [] };
  app.use(
    '/api',
    serverInfoRoute(() => info),
  );
  // Anything else under /api is a JSON error with a code, as every API answer is (not Express's HTML page).
  app.use('/api', (req, res) => {
    res
      .status(404)
      .json({ code: 'no-route', error: `No API route ${req.method} ${req.baseUrl}${req.path}.` });
  });
  if (options.distDir) app.use(express.static(options.distDir, { index: 'index.html', maxAge: '1h' }));

  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const httpServer = http.createServer(
    {
      requestTimeout: timeoutMs,
      headersTimeout: timeoutMs,
      connectionsCheckingInterval: Math.min(timeoutMs, 1000),
    },
    app,
  );
  const gameServer = new Server({
    transport: new WebSocketTransport({ server: httpServer }),
    greet: false,
    // server/index.ts shuts down on SIGINT/SIGTERM through close(), which also closes the store. Colyseus's
    // own signal handler raced it: the loser's process.exit ran before the rooms' close frames (4012,
    // "restarting") were written, so every page saw 1006 and could not tell a restart from a crash.
    gracefullyShutdown: false,
    logger: serverLog,
    ...(options.redisUrl
      ? { presence: new RedisPresence(options.redisUrl), driver: new RedisDriver(options.redisUrl) }
      : {}),
    ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
  });
  // Colyseus put its own matchmaking handler in front of the app; the app's /matchmake replaces it.
  httpServer.removeAllListeners('request');
  httpServer.on('request', app);
  defineRooms(gameServer, deps);
  await gameServer.listen(options.port, options.host ?? '0.0.0.0');
  const port = (httpServer.address() as AddressInfo).port;
  info = { ...info, networkUrls: networkUrls(os.networkInterfaces(), options.host ?? '0.0.0.0', port) };
  return {
    port,
    gameServer,
    store,
    info,
    close: async () => {
      await gameServer.gracefullyShutdown(false);
      await store.close();
    },
  };
}
