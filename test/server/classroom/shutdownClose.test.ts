// A server shutting down (SIGTERM/SIGINT runs close()) tells the pages it restarts, with CLOSE_RESTARTING,
// not the consented 4000 that means the session ended; GET /api/sessions/:code/status tells a retrying page
// whether the room is open and whether the session ended.
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE_RESTARTING, type SessionStatusResponse } from '../../../shared/index.ts';
import { createSession, join, startTestServer, until, type TestServer } from './harness.ts';

let server: TestServer | undefined;
afterAll(async () => {
  await server?.close().catch(() => undefined);
});

const status = async (url: string, code: string) => {
  const res = await fetch(`${url}/api/sessions/${code}/status`);
  return { status: res.status, json: (await res.json()) as SessionStatusResponse | { error: string } };
};

describe('shutdown and session status', () => {
  it('answers whether a session runs and whether it ended; 404 and 400 for unknown and bad codes', async () => {
    server = await startTestServer();
    const { code, hostKey } = await createSession(server.url);
    expect(await status(server.url, code)).toEqual({
      status: 200,
      json: { code, running: true, closed: false },
    });
    expect((await status(server.url, 'ZZZZZZ')).status).toBe(404);
    expect((await status(server.url, 'no')).status).toBe(400);

    const host = await join(server.url, code, { role: 'facilitator', hostKey });
    host.room.send('host', { command: 'endSession' });
    await until(() => host.state().closed);
    let stored = '';
    const read = () =>
      void server!.server.store.getSession(code).then((s) => (stored = s?.snapshotJson ?? ''));
    await until(() => (read(), stored.includes('"closed":true')));
    expect((await status(server.url, code)).json).toMatchObject({ closed: true });
    await host.room.leave(true);
  });

  it('closes every session connection with CLOSE_RESTARTING when the server shuts down', async () => {
    const { code, hostKey } = await createSession(server!.url);
    const host = await join(server!.url, code, { role: 'facilitator', hostKey });
    const ann = await join(server!.url, code, { role: 'player', nickname: 'Ann' });
    const codes: number[] = [];
    for (const p of [host, ann]) p.room.onLeave((c: number) => codes.push(c));
    await server!.close();
    await until(() => codes.length === 2);
    expect(codes).toEqual([CLOSE_RESTARTING, CLOSE_RESTARTING]);
    server = undefined;
  });
});
