// A captain whose page dropped for good, after playing, no longer leaves the team unable to lock: past the
// reconnection window (120 s, plus a 5 s heartbeat) the first teammate still connected becomes captain
// (shared/classroom/captainHandover.ts). A real server; its clock is moved on instead of waiting two minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  barrier,
  dropConnection,
  hostedSession,
  join,
  startPlanning,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from './harness.ts';

let srv: TestServer;
let code: string;
let host: Peer, ann: Peer, bo: Peer;

beforeAll(async () => {
  srv = await startTestServer();
  ({ code, host } = await hostedSession(srv.url, { rounds: ['fridge-too-small'] }));
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann', team: 't1' });
  bo = await join(srv.url, code, { role: 'player', nickname: 'Bo', team: 't1' });
  await startPlanning(host, ann);
});
afterAll(async () => {
  await srv.close();
});

describe("a captain's page gone for good", () => {
  it('hands the team to the first teammate connected once the reconnection window has passed', async () => {
    expect(host.state().teams.t1!.captain).toBe('p1');
    ann.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    await until(() => host.state().teams.t1!.planVersion === 1); // Ann has played: her seat is kept
    dropConnection(code, ann);
    await until(() => host.state().players.p1?.connected === false);
    srv.advanceClock(60_000); // within the window: Ann may still come back
    await new Promise((r) => setTimeout(r, 600));
    expect(host.state().teams.t1!.captain).toBe('p1');
    srv.advanceClock(70_000); // 130 s: past 120 s and a heartbeat
    await until(() => host.state().teams.t1!.captain === 'p2');
    expect(host.state().players.p1).toMatchObject({ team: 't1' }); // her seat and points stay
    bo.room.send('lock', { locked: true });
    await until(() => host.state().teams.t1!.locked === true);
    await barrier(bo);
  });
});
