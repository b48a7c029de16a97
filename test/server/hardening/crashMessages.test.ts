// Item 1 of issue 10: a message whose payload cannot be turned into a string, sent as type '*' or
// '__no_message_handler' (which Colyseus hands to the catch-all with the payload in the type's place), once
// ended the whole process. Against a real `server/index.ts` process: every such message gets a coded error
// reply, the process keeps serving and another class's room still answers.
import path from 'node:path';
import { Client, type Room } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, ROOM_LOBBY } from '../../../shared/index.ts';
import { createSession, join, peer, received, tempDir, type Peer } from '../classroom/harness.ts';
import { startServerProcess, stopAll, type ServerProcess } from '../support/processes.ts';

let srv: ServerProcess;
const rooms: Room[] = [];
beforeAll(async () => {
  srv = await startServerProcess({ port: 0, dbPath: path.join(tempDir(), 's.sqlite') });
}, 30_000);
afterAll(async () => {
  await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
  await stopAll();
});

const HOSTILE: unknown[] = [
  { toString: 1 },
  { toString: 1, valueOf: 1 },
  Object.create(null),
  { __proto__: 1 },
];

async function expectAnswered(p: Peer, type: string, payload: unknown): Promise<void> {
  const n = p.of('error').length;
  p.room.send(type, payload);
  await received(p, 'error', n + 1);
  expect(p.of<{ code: string }>('error')[n]!.code).toMatch(/^[a-z-]+$/);
}

describe('messages that once ended the process', () => {
  it('the lobby answers them and the process keeps serving', async () => {
    const room = await new Client(srv.url).joinOrCreate(ROOM_LOBBY, { protocolVersion: PROTOCOL_VERSION });
    rooms.push(room);
    const lobby = peer(room);
    for (const payload of HOSTILE)
      for (const type of ['*', '__no_message_handler']) await expectAnswered(lobby, type, payload);
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  });

  it('a session room answers them, from every role, and the process keeps serving', async () => {
    const { code, hostKey } = await createSession(srv.url);
    const host = await join(srv.url, code, { role: 'facilitator', hostKey });
    const projector = await join(srv.url, code, { role: 'projector' });
    const ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
    rooms.push(host.room, projector.room, ann.room);
    for (const p of [host, projector, ann])
      for (const payload of HOSTILE)
        for (const type of ['*', '__no_message_handler']) await expectAnswered(p, type, payload);
    expect(srv.child.exitCode).toBeNull();
    expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
  });
});
