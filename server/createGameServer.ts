// One Node process serves the built client, the matchmaker and the WebSockets on one port (stack.md §2).
// With REDIS_URL set, rooms are shared between processes through Redis presence and driver.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Server, RedisDriver, RedisPresence } from 'colyseus';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { PROTOCOL_VERSION, ROOM_LOBBY } from '../shared/index.ts';
import { LobbyRoom } from './rooms/LobbyRoom.ts';

export interface GameServerOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Folder of the built client (vite build output); omitted → no static files. */
  distDir?: string;
  redisUrl?: string;
  /** host:port this process is reachable at, when several processes share Redis. */
  publicAddress?: string;
}

export interface RunningGameServer {
  readonly port: number;
  readonly gameServer: Server;
  close(): Promise<void>;
}

/** Registers every room type; the single place rooms are named. */
export function defineRooms(gameServer: Server): void {
  gameServer.define(ROOM_LOBBY, LobbyRoom);
}

export async function startGameServer(options: GameServerOptions): Promise<RunningGameServer> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, protocolVersion: PROTOCOL_VERSION });
  });
  if (options.distDir) app.use(express.static(options.distDir, { index: 'index.html', maxAge: '1h' }));

  const httpServer = http.createServer(app);
  const gameServer = new Server({
    transport: new WebSocketTransport({ server: httpServer }),
    greet: false,
    ...(options.redisUrl
      ? { presence: new RedisPresence(options.redisUrl), driver: new RedisDriver(options.redisUrl) }
      : {}),
    ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
  });
  defineRooms(gameServer);
  await gameServer.listen(options.port, options.host ?? '0.0.0.0');
  const port = (httpServer.address() as AddressInfo).port;
  return {
    port,
    gameServer,
    close: () => gameServer.gracefullyShutdown(false),
  };
}
