// Item 4 of issue 10: a session is joinable by its code (room id) only. join / joinOrCreate by room name once
// seated anyone in the first live class and told them its code.
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, ROOM_SESSION } from '../../../shared/index.ts';
import { hostedSession, startTestServer, type TestServer } from '../classroom/harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
  await hostedSession(srv.url);
});
afterAll(async () => {
  await srv.close();
});

describe('a session without its code', () => {
  it.each([
    ['join', { role: 'projector' }],
    ['join', { role: 'player', nickname: 'Eve' }],
    ['joinOrCreate', { role: 'projector' }],
    ['create', { role: 'projector' }],
  ] as const)('%s(session, %j) is refused', async (method, options) => {
    const client = new Client(srv.url);
    await expect(
      client[method](ROOM_SESSION, { protocolVersion: PROTOCOL_VERSION, ...options }),
    ).rejects.toThrow();
  });
  it('the matchmaker lists no session room by name', async () => {
    const res = await fetch(`${srv.url}/matchmake/join/${ROOM_SESSION}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, role: 'projector' }),
    });
    expect(JSON.stringify(await res.json())).not.toMatch(/roomId/);
  });
});
