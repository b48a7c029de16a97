// Every phase transition of a session room on a real server, with the server clock moved by the test:
// lobby → briefing → planning (pause, resume, extend, timer expiry) → service (timer) → results → briefing of
// round 2 → planning → service (endPlanning) → skipRound → podium; endSession closes the session to joins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MS, type ResultsMessage, type TeamPlanMessage } from '../../../shared/index.ts';
import {
  hostedSession,
  join,
  received,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from './harness.ts';
import { quietRefusal } from '../support/quietRefusal.ts';

let srv: TestServer;
let code: string;
let host: Peer, ann: Peer;

beforeAll(async () => {
  srv = await startTestServer();
  ({ code, host } = await hostedSession(srv.url, {
    rounds: ['fridge-too-small', 'column-then-row'],
    planningSeconds: 30,
  }));
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
  await join(srv.url, code, { role: 'player', nickname: 'Cy' });
});
afterAll(async () => {
  await srv.close();
});

const phase = (p: Peer, expected: string) =>
  until(() => p.state().phase === expected, 4000, `phase ${expected}`);

describe('phase transitions', () => {
  it('lobby → briefing (start) → planning (advance) with a 30 s timer', async () => {
    await until(() => Object.keys(host.state().players).length === 2);
    expect(host.state()).toMatchObject({ phase: 'lobby', round: -1, roundCount: 2, levelId: '' });
    expect(host.state().teams.t2!.members).toEqual(['p2']); // auto-balance
    host.room.send('host', { command: 'start' });
    await phase(ann, 'briefing');
    expect(ann.state()).toMatchObject({ round: 0, levelId: 'fridge-too-small', timerRunning: false });
    host.room.send('host', { command: 'advance' });
    await phase(ann, 'planning');
    expect(ann.state().timerRunning).toBe(true);
    expect(ann.state().timerRemainingMs).toBe(30_000);
    expect(ann.state().timerEndsAt).toBeGreaterThan(Date.now());
  });

  it('pause freezes the timer: 60 s later it is still planning; resume and extend', async () => {
    host.room.send('host', { command: 'pause' });
    await until(() => !ann.state().timerRunning);
    const frozen = ann.state().timerRemainingMs;
    expect(frozen).toBeGreaterThan(28_000);
    expect(ann.state().timerEndsAt).toBe(0);
    srv.advanceClock(60_000);
    await new Promise((r) => setTimeout(r, 400)); // > one tick (250 ms)
    expect(ann.state()).toMatchObject({ phase: 'planning', timerRemainingMs: frozen });
    host.room.send('host', { command: 'resume' });
    await until(() => ann.state().timerRunning);
    host.room.send('host', { command: 'extend', seconds: 60 });
    await until(() => ann.state().timerRemainingMs > 80_000);
    expect(ann.state().timerRemainingMs).toBeLessThanOrEqual(frozen + 60_000 + 1000);
  });

  it('the planning timer running out → service (plans locked, scored); the service timer → results', async () => {
    srv.advanceClock(ann.state().timerRemainingMs + 1000);
    await phase(ann, 'service');
    await until(() => ann.of<TeamPlanMessage>('teamPlan').some((m) => m.locked));
    expect(host.state().teams.t1!.locked).toBe(true);
    expect(host.state().teams.t2!.locked).toBe(true);
    srv.advanceClock(SERVICE_MS);
    await phase(ann, 'results');
    await received(ann, 'results');
    // both teams kept the start plan: equal scores share rank 1
    expect(ann.of<ResultsMessage>('results')[0]!.teams.map((t) => t.rank)).toEqual([1, 1]);
  });

  it('results → briefing of round 2 (advance): plans reset to the new level’s start plan', async () => {
    const before = ann.of('teamPlan').length;
    host.room.send('host', { command: 'advance' });
    await phase(ann, 'briefing');
    expect(ann.state()).toMatchObject({ round: 1, levelId: 'column-then-row' });
    await received(ann, 'teamPlan', before + 1);
    expect(ann.of<TeamPlanMessage>('teamPlan').at(-1)).toMatchObject({
      team: 't1',
      version: 0,
      locked: false,
    });
    expect(host.state().teams.t1!.planVersion).toBe(0);
  });

  it('planning → service by endPlanning; skipRound withdraws the round → podium (last round)', async () => {
    host.room.send('host', { command: 'advance' });
    await phase(ann, 'planning');
    host.room.send('host', { command: 'endPlanning' });
    await phase(ann, 'service');
    const points = host.state().teams.t1!.points;
    host.room.send('host', { command: 'skipRound' });
    await phase(ann, 'podium');
    expect(host.state().teams.t1!.points).toBe(points);
    expect(host.state().closed).toBe(false);
    expect(ann.of('results')).toHaveLength(1);
  });

  it('endSession closes the session: no new players', async () => {
    host.room.send('host', { command: 'endSession' });
    await until(() => host.state().closed);
    expect(host.state().phase).toBe('podium');
    await expect(
      quietRefusal(() => join(srv.url, code, { role: 'player', nickname: 'Late' })),
    ).rejects.toThrow(/"code":"closed"/);
    host.room.send('host', { command: 'start' });
    await received(host, 'error');
    expect(host.of('error')[0]).toMatchObject({ code: 'closed' });
  });
});
