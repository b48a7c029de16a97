// A step is computed at one instant and stored and mirrored at that instant (SessionRoom.commit): with a
// clock that moves on every read, a 30 s planning timer started by `advance` still reads 30,000 ms. A room
// that read the clock again to mirror the step showed 29,999 now and then on a wall clock (a flaky test).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostedSession, join, startTestServer, until, type Peer, type TestServer } from './harness.ts';

let srv: TestServer;
let host: Peer, ann: Peer;

beforeAll(async () => {
  srv = await startTestServer(undefined, { tickingClock: true });
  let code: string;
  ({ code, host } = await hostedSession(srv.url, { rounds: ['fridge-too-small'], planningSeconds: 30 }));
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
});
afterAll(async () => {
  await srv.close();
});

it('mirrors the timer a step started at the step’s own instant: 30 s read as 30,000 ms', async () => {
  host.room.send('host', { command: 'start' });
  await until(() => ann.state().phase === 'briefing', 4000, 'briefing');
  host.room.send('host', { command: 'advance' });
  await until(() => ann.state().phase === 'planning', 4000, 'planning');
  expect(ann.state().timerRunning).toBe(true);
  expect(ann.state().timerRemainingMs).toBe(30_000);
});
