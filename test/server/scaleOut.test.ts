// Scale-out (docs/design.md §5.5): two `server/index.ts` processes share one throw-away redis-server (REDIS_URL)
// and one SQLite file (MESH_KITCHEN_DB); each has its own PUBLIC_ADDRESS. A room made through one process is
// joined through the other: the lobby (joinOrCreate via both → one room), and a classroom session created by
// the HTTP API of the process hosting the lobby — so Colyseus places it on the other one (fewest rooms) — and
// joined by a facilitator and players through both matchmakers; edits reach the facilitator across processes.
import fs from 'node:fs';
import path from 'node:path';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_PING,
  MSG_PONG,
  PROTOCOL_VERSION,
  ROOM_LOBBY,
  type PongMessage,
  type TeamPlanMessage,
} from '../../shared/index.ts';
import { createSession, peer, received, tempDir, until, type Peer } from './classroom/harness.ts';
import {
  freePort,
  startRedis,
  startServerProcess,
  stopAll,
  type ServerProcess,
} from './support/processes.ts';

const dir = tempDir();
const dbPath = path.join(dir, 'shared.sqlite');
let a: ServerProcess;
let b: ServerProcess;
const rooms: Room[] = [];

/** A colyseus.js client of `server` that records the WebSocket address each room connection goes to. */
function clientOf(server: ServerProcess): { client: Client; wsHosts: string[] } {
  const wsHosts: string[] = [];
  const client = new Client(server.url, {
    urlBuilder: (url) => {
      if (url.protocol === 'ws:') wsHosts.push(url.host);
      return url.href;
    },
  });
  return { client, wsHosts };
}

const hostOf = (s: ServerProcess): string => `127.0.0.1:${s.port}`;
const other = (s: ServerProcess): ServerProcess => (s === a ? b : a);
const keep = <R extends Room>(room: R): R => (rooms.push(room), room);

async function ping(room: Room, sentAt: number): Promise<PongMessage> {
  const pong = new Promise<PongMessage>((resolve) => room.onMessage(MSG_PONG, resolve));
  room.send(MSG_PING, { sentAt });
  return pong;
}

beforeAll(async () => {
  const redis = await startRedis();
  const serve = (port: number) =>
    startServerProcess({ port, dbPath, redisUrl: redis.url, publicAddress: `127.0.0.1:${port}` });
  const [portA, portB] = [await freePort(), await freePort()];
  [a, b] = await Promise.all([serve(portA), serve(portB)]);
}, 20_000);

afterAll(async () => {
  await Promise.allSettled(rooms.map((r) => r.leave(true)));
  await stopAll();
  fs.rmSync(dir, { recursive: true, force: true });
}, 15_000);

describe('two server processes sharing Redis', () => {
  let lobbyHost: ServerProcess;

  it('joinOrCreate through either process finds the one lobby room', async () => {
    const viaA = clientOf(a);
    const viaB = clientOf(b);
    const first = keep(await viaA.client.joinOrCreate(ROOM_LOBBY, { protocolVersion: PROTOCOL_VERSION }));
    const second = keep(await viaB.client.joinOrCreate(ROOM_LOBBY, { protocolVersion: PROTOCOL_VERSION }));
    expect(second.roomId).toBe(first.roomId);
    // Both sockets go to the hosting process's PUBLIC_ADDRESS, whichever matchmaker reserved the seat.
    expect(viaB.wsHosts).toEqual(viaA.wsHosts);
    expect([hostOf(a), hostOf(b)]).toContain(viaA.wsHosts[0]);
    lobbyHost = viaA.wsHosts[0] === hostOf(a) ? a : b;
    expect(await ping(first, 1)).toMatchObject({ sentAt: 1, protocolVersion: PROTOCOL_VERSION });
    expect(await ping(second, 2)).toMatchObject({ sentAt: 2, protocolVersion: PROTOCOL_VERSION });
  });

  it('a session created through one process is hosted by the other and joinable through both', async () => {
    const creator = lobbyHost;
    const remote = other(creator);
    // The creator hosts one room (the lobby) and the other none: Colyseus's default placement (fewest
    // rooms) runs the session room's onCreate on `remote`, which reads the session from the shared SQLite.
    const { code, hostKey } = await createSession(creator.url);

    const facilitator = clientOf(creator);
    const hostRoom = keep(
      await facilitator.client.joinById(code, {
        protocolVersion: PROTOCOL_VERSION,
        role: 'facilitator',
        hostKey,
      }),
    );
    const host: Peer = peer(hostRoom);
    expect(facilitator.wsHosts).toEqual([hostOf(remote)]);

    const viaRemote = clientOf(remote);
    const viaCreator = clientOf(creator);
    const join = async (c: Client, nickname: string, team: string): Promise<Peer> =>
      peer(
        keep(await c.joinById(code, { protocolVersion: PROTOCOL_VERSION, role: 'player', nickname, team })),
      );
    const ann = await join(viaRemote.client, 'Ann', 't1');
    const bo = await join(viaCreator.client, 'Bo', 't1');
    expect(viaRemote.wsHosts).toEqual([hostOf(remote)]);
    expect(viaCreator.wsHosts).toEqual([hostOf(remote)]);

    await until(
      () => Object.keys(host.state().players).length === 2,
      4000,
      'both players on the facilitator',
    );
    expect(host.state().code).toBe(code);
    expect(host.state().players.p1).toMatchObject({ nickname: 'Ann', team: 't1', connected: true });
    expect(host.state().players.p2).toMatchObject({ nickname: 'Bo', team: 't1', connected: true });

    hostRoom.send('host', { command: 'start' });
    await until(() => ann.state().phase === 'briefing', 4000, 'briefing');
    hostRoom.send('host', { command: 'advance' });
    await until(() => ann.state().phase === 'planning' && bo.state().phase === 'planning', 4000, 'planning');
    const plansBefore = host.of('teamPlan').length;
    ann.room.send('edit', { seq: 5, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    await received(bo, 'teamPlan', 2);
    await until(() => host.of('teamPlan').length > plansBefore, 4000, 'the edit on the facilitator');
    const expected = { team: 't1', version: 1, by: 'p1', seq: 5 };
    expect(bo.of<TeamPlanMessage>('teamPlan').at(-1)).toMatchObject(expected);
    expect(host.of<TeamPlanMessage>('teamPlan').at(-1)).toMatchObject(expected);

    // The creator's HTTP API answers for the session although its room runs in the other process.
    const csv = await fetch(`${creator.url}/api/sessions/${code}/results.csv`, {
      headers: { 'x-host-key': hostKey },
    });
    expect(csv.status).toBe(200);
    const resume = await fetch(`${creator.url}/api/sessions/${code}/resume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hostKey }),
    });
    expect(await resume.json()).toEqual({ code, resumed: false });
  });
});
