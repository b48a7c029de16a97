// Open sessions piled up in memory (the audit of 2026-12-07): a room stayed for good once created, ~97 KB and
// a 250 ms tick each, and one address may create 10 a minute. A room nobody has been in for IDLE_DISPOSE_MS
// leaves memory; the session stays in the store, a join meanwhile is told to ask for the dashboard, and the
// facilitator's resume reopens it as it was. A room with someone in it stays, however long.
import { matchMaker } from 'colyseus';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IDLE_DISPOSE_MS } from '../../../server/rooms/roomTimings.ts';
import { PROTOCOL_VERSION } from '../../../shared/index.ts';
import { createSession, join, post, startTestServer, type TestServer } from '../classroom/harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const running = async (code: string): Promise<boolean> =>
  (await matchMaker.query({ roomId: code })).length > 0;
const heartbeat = () => new Promise((r) => setTimeout(r, 600)); // a few 250 ms ticks of the advanced clock

it('an empty room leaves memory after the idle window; the facilitator reopens it as it was', async () => {
  const { code, hostKey } = await createSession(srv.url, { title: 'Idle class' });
  const busy = await createSession(srv.url);
  const ann = await join(srv.url, busy.code, { role: 'player', nickname: 'Ann' });
  srv.advanceClock(IDLE_DISPOSE_MS - 60_000);
  await heartbeat();
  expect(await running(code)).toBe(true);
  srv.advanceClock(120_000);
  await heartbeat();
  await expect.poll(() => running(code), { timeout: 4000 }).toBe(false);
  expect(await running(busy.code)).toBe(true); // Ann is there
  const status = await (await fetch(`${srv.url}/api/sessions/${code}/status`)).json();
  expect(status).toEqual({ code, running: false, closed: false });
  const join404 = await fetch(`${srv.url}/matchmake/joinById/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, role: 'player', nickname: 'Bo' }),
  });
  expect(join404.status).toBe(404);
  const resumed = await post(`${srv.url}/api/sessions/${code}/resume`, { hostKey });
  expect(resumed).toMatchObject({ status: 200, json: { code, resumed: true } });
  const host = await join(srv.url, code, { role: 'facilitator', hostKey });
  expect(host.state().title).toBe('Idle class');
  await ann.room.leave();
}, 20_000);
