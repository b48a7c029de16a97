// Test harness of the classroom server: a real server on port 0 with a temp SQLite database, HTTP helpers,
// colyseus.js clients that record every message they receive, and waits on state and messages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { matchMaker } from 'colyseus';
import { Client, type Room } from 'colyseus.js';
import {
  startGameServer,
  type GameServerOptions,
  type RunningGameServer,
} from '../../../server/createGameServer.ts';
import {
  PROTOCOL_VERSION,
  type CreateSessionRequest,
  type CreateSessionResponse,
  type SessionJoinOptions,
} from '../../../shared/index.ts';

/** A fresh temp folder (removed by the caller's cleanup). */
export const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'mesh-kitchen-test-'));

export interface TestServer {
  readonly url: string;
  readonly dbPath: string;
  readonly server: RunningGameServer;
  /** Moves the server's clock forward by `ms` (the rooms' timers see it on their next tick, ≤ 250 ms). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export async function startTestServer(
  dbPath = path.join(tempDir(), 'sessions.sqlite'),
  options: Pick<GameServerOptions, 'trustProxy' | 'requestTimeoutMs'> & {
    /** The server's clock moves only by advanceClock (a test of figures computed from it, e.g. Retry-After). */
    readonly frozenClock?: boolean;
    /** Every read of the server's clock is 1 ms after the one before: code that reads it twice for one step shows. */
    readonly tickingClock?: boolean;
  } = {},
): Promise<TestServer> {
  let offset = 0;
  const { frozenClock, tickingClock, ...serverOptions } = options;
  const start = Date.now();
  let reads = 0;
  const now = (): number => {
    if (tickingClock === true) return start + offset + ++reads;
    return frozenClock === true ? start + offset : Date.now() + offset;
  };
  const server = await startGameServer({
    port: 0,
    host: '127.0.0.1',
    dbPath,
    now,
    ...serverOptions,
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    dbPath,
    server,
    advanceClock: (ms) => {
      offset += ms;
    },
    close: () => server.close(),
  };
}

export async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

export async function createSession(
  url: string,
  body: Partial<CreateSessionRequest> = {},
): Promise<CreateSessionResponse> {
  const res = await post(`${url}/api/sessions`, {
    rounds: ['fridge-too-small'],
    planningSeconds: 300,
    teams: 2,
    title: 'Test class',
    ...body,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as CreateSessionResponse;
}

/** A new session (createSession's body) with its facilitator joined. */
export async function hostedSession(
  url: string,
  body: Partial<CreateSessionRequest> = {},
): Promise<CreateSessionResponse & { host: Peer }> {
  const created = await createSession(url, body);
  return {
    ...created,
    host: await join(url, created.code, { role: 'facilitator', hostKey: created.hostKey }),
  };
}

/** The facilitator starts the session and advances to planning; returns once `watcher` is planning. */
export async function startPlanning(host: Peer, watcher: Peer): Promise<void> {
  host.room.send('host', { command: 'start' });
  await until(() => watcher.state().phase === 'briefing');
  host.room.send('host', { command: 'advance' });
  await until(() => watcher.state().phase === 'planning' && host.state().phase === 'planning');
}

/**
 * Cuts `p`'s socket to session `code` from the server side (close code 1006: onLeave with consented = false),
 * as a phone losing its network does. The server must run in this process (startTestServer).
 */
export function dropConnection(code: string, p: Peer): void {
  const room = matchMaker.getLocalRoomById(code);
  const socket = room.clients.find((c) => c.sessionId === p.room.sessionId)!.ref as unknown as {
    terminate(): void; // the `ws` socket of the WebSocket transport
  };
  socket.terminate();
}

/** A joined client and every message it received, in order. */
export interface Peer {
  readonly room: Room;
  readonly messages: { type: string; message: unknown }[];
  /** The state as plain JSON. */
  state(): StateJson;
  /** Messages of one type. */
  of<T = unknown>(type: string): T[];
}

export interface StateJson {
  code: string;
  title: string;
  phase: string;
  round: number;
  roundCount: number;
  levelId: string;
  timerRemainingMs: number;
  timerRunning: boolean;
  timerEndsAt: number;
  lastHint: string;
  closed: boolean;
  joinsLocked: boolean;
  teams: Record<
    string,
    {
      id: string;
      name: string;
      nameZh: string;
      colour: number;
      captain: string;
      members: string[];
      locked: boolean;
      points: number;
      lastScore: number;
      rank: number;
      planVersion: number;
    }
  >;
  players: Record<
    string,
    {
      id: string;
      nickname: string;
      team: string;
      connected: boolean;
      kitchens: number[];
      joinedRound: number;
    }
  >;
}

export function peer(room: Room): Peer {
  const messages: { type: string; message: unknown }[] = [];
  room.onMessage('*', (type, message) => messages.push({ type: String(type), message }));
  return {
    room,
    messages,
    // the teams' planVersion is not in the schema: the facilitator and projectors get it as MSG_EDIT_COUNTS
    state: () => {
      const json = (room.state as { toJSON(): StateJson }).toJSON();
      const counts = [...messages].reverse().find((m) => m.type === 'editCounts')?.message as
        { counts: Record<string, number> } | undefined;
      if (counts)
        for (const [id, team] of Object.entries(json.teams)) team.planVersion = counts.counts[id] ?? 0;
      return json;
    },
    of: <T>(type: string) => messages.filter((m) => m.type === type).map((m) => m.message as T),
  };
}

type JoinAs =
  | { role: 'facilitator'; hostKey: string }
  | { role: 'player'; nickname: string; team?: string; seatKey?: string }
  | { role: 'projector' };

export async function join(url: string, code: string, as: JoinAs): Promise<Peer> {
  const options = { protocolVersion: PROTOCOL_VERSION, ...as } as SessionJoinOptions;
  const room = await new Client(url).joinById(code, options);
  const p = peer(room);
  await until(() => p.state().code === code && p.messages.some((m) => m.type === 'welcome'));
  return p;
}

/** Waits (polling every 10 ms, up to `ms`) until `ok()` holds. */
export async function until(ok: () => boolean, ms = 4000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Waits until `p` has received `n` messages of `type` in total. */
export const received = (p: Peer, type: string, n = 1): Promise<void> =>
  until(() => p.of(type).length >= n, 4000, `${n} × ${type}`);

/**
 * A round trip through the room: the room handles a client's messages in order, so once the reply to this
 * unknown message arrives, everything `p` sent before has been handled (and written to the database).
 */
export async function barrier(p: Peer): Promise<void> {
  const n = p.of('error').length;
  p.room.send('barrier', {});
  await received(p, 'error', n + 1);
}

/** Error replies other than those of barrier(). */
export const errors = (p: Peer): { code: string; message: string }[] =>
  p
    .of<{ code: string; message: string }>('error')
    .filter((e) => e.code !== 'unknown-message' && e.code !== 'read-only');

/** Waits longer than the patch interval (50 ms, 80 ms) so a state change, if any, has reached the clients. */
export const patchInterval = (): Promise<void> => new Promise((r) => setTimeout(r, 80));
