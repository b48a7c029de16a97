// D5 of the hardening audit, against a real server: while the facilitator had paused the clock, the last
// unlocked captain's lock was accepted and ended planning (phase 'service' during the pause). It is refused
// 'paused', as an edit is, and planning goes on. A second lock of a locked plan got no answer at all; it is
// answered with the team's plan as it stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamPlanMessage, WelcomeMessage } from '../../../shared/index.ts';
import {
  barrier,
  hostedSession,
  join,
  patchInterval,
  startPlanning,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from '../classroom/harness.ts';

let srv: TestServer;
let host: Peer, ann: Peer, bo: Peer;
beforeAll(async () => {
  srv = await startTestServer();
  let code: string;
  ({ code, host } = await hostedSession(srv.url));
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann', team: 't1' });
  bo = await join(srv.url, code, { role: 'player', nickname: 'Bo', team: 't2' });
  await startPlanning(host, ann);
});
afterAll(async () => {
  await srv.close();
});

const idOf = (p: Peer): string => p.of<WelcomeMessage>('welcome')[0]!.playerId!;
const lockedPlans = (p: Peer): TeamPlanMessage[] => p.of<TeamPlanMessage>('teamPlan').filter((m) => m.locked);

describe('a captain’s lock', () => {
  it('a second lock of a locked plan is answered with the plan as it stands', async () => {
    expect(host.state().teams.t1!.captain).toBe(idOf(ann));
    ann.room.send('lock', { locked: true });
    await until(() => lockedPlans(ann).length === 1);
    ann.room.send('lock', { locked: true });
    await until(() => lockedPlans(ann).length === 2);
    expect(lockedPlans(ann)[1]!.version).toBe(lockedPlans(ann)[0]!.version);
    expect(host.state().phase).toBe('planning');
  });

  it('is refused while the clock is paused, and planning does not end', async () => {
    expect(host.state().teams.t2!.captain).toBe(idOf(bo));
    host.room.send('host', { command: 'pause' });
    await until(() => !host.state().timerRunning);
    const errors = bo.of('error').length;
    bo.room.send('lock', { locked: true });
    await until(() => bo.of('error').length > errors);
    expect(bo.of<{ code: string; text?: object }>('error')[errors]).toMatchObject({
      code: 'paused',
      text: { 'zh-CN': expect.any(String), en: expect.any(String) },
    });
    await barrier(bo);
    await patchInterval();
    expect(host.state().phase).toBe('planning');
    expect(host.state().teams.t2!.locked).toBe(false);
    // unlocking waits for the clock too
    const annErrors = ann.of('error').length;
    ann.room.send('lock', { locked: false });
    await until(() => ann.of('error').length > annErrors);
    expect(ann.of<{ code: string }>('error')[annErrors]!.code).toBe('paused');
    // after resume the last lock ends planning
    host.room.send('host', { command: 'resume' });
    await until(() => host.state().timerRunning);
    bo.room.send('lock', { locked: true });
    await until(() => host.state().phase === 'service');
  });
});
