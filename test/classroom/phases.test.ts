// Every phase transition with hand-worked timer arithmetic: start, advance, pause/resume/extend, the
// planning timer running out (tick), the service animation (SERVICE_MS), results, the next round, the
// podium and endSession; plus skipRound from each round phase.
import { describe, expect, it } from 'vitest';
import { levelById } from '../../shared/game/levels/index.ts';
import {
  SERVICE_MS,
  hostCommand,
  tick,
  timerRemainingMs,
  type SessionSnapshot,
} from '../../shared/classroom/index.ts';
import type { HostCommand } from '../../shared/protocol/classroom.ts';
import { lobby, ok, refused } from './helpers.ts';

const host = (s: SessionSnapshot, command: HostCommand, nowMs = 0) => ok(hostCommand(s, command, nowMs));
const four = () => lobby([['A'], ['B'], ['C'], ['D']]);

describe('a session from lobby to podium', () => {
  const startLevel = levelById('column-then-row')!;
  const secondLevel = levelById('fridge-too-small')!;

  it('start: lobby → briefing of round 0, plans reset, timer set but stopped', () => {
    const { session, effects } = host(four(), { command: 'start' }, 10_000);
    expect([session.phase, session.round]).toEqual(['briefing', 0]);
    expect(session.timer).toEqual({ remainingMs: 300_000, runningSinceMs: null });
    expect(session.plans).toEqual({
      t1: { plan: startLevel.start, version: 0, locked: false },
      t2: { plan: startLevel.start, version: 0, locked: false },
    });
    expect(effects.map((e) => e.kind)).toEqual(['phase', 'teamPlan', 'teamPlan']);
    expect(effects[0]).toEqual({ kind: 'phase', phase: 'briefing', round: 0 });
  });

  it('runs the clock through planning, service and results', () => {
    let s = host(four(), { command: 'start' }, 10_000).session;
    s = host(s, { command: 'advance' }, 20_000).session;
    expect(s.phase).toBe('planning');
    expect(s.timer).toEqual({ remainingMs: 300_000, runningSinceMs: 20_000 });
    expect(timerRemainingMs(s, 80_000)).toBe(240_000);

    s = host(s, { command: 'pause' }, 80_000).session;
    expect(s.timer).toEqual({ remainingMs: 240_000, runningSinceMs: null });
    expect(timerRemainingMs(s, 999_999)).toBe(240_000);
    expect(tick(s, 999_999)).toEqual({ session: s, effects: [] });
    refused(hostCommand(s, { command: 'pause' }, 90_000), 'wrong-phase');

    s = host(s, { command: 'resume' }, 100_000).session;
    expect(s.timer).toEqual({ remainingMs: 240_000, runningSinceMs: 100_000 });
    refused(hostCommand(s, { command: 'resume' }, 100_000), 'wrong-phase');

    // at 130 000 ms, 210 000 ms are left; +60 s → 270 000 ms, ending at 400 000 ms
    s = host(s, { command: 'extend', seconds: 60 }, 130_000).session;
    expect(s.timer).toEqual({ remainingMs: 270_000, runningSinceMs: 130_000 });

    const early = tick(s, 399_999);
    expect(early.session).toBe(s);
    expect(early.effects).toEqual([]);

    const service = tick(s, 400_000);
    s = service.session;
    expect(s.phase).toBe('service');
    expect(s.timer).toEqual({ remainingMs: SERVICE_MS, runningSinceMs: 400_000 });
    expect(Object.values(s.plans).every((p) => p.locked)).toBe(true);
    expect(s.results.map((r) => [r.round, r.level])).toEqual([[0, 'column-then-row']]);
    expect(s.rosters).toEqual([{ t1: ['A', 'C'], t2: ['B', 'D'] }]);
    expect(s.teams.map((t) => t.points)).toEqual([0, 0]); // points wait for the results
    expect(service.effects.map((e) => e.kind)).toEqual(['phase', 'teamPlan', 'teamPlan', 'service']);

    expect(tick(s, 400_000 + SERVICE_MS - 1).effects).toEqual([]);
    const results = tick(s, 400_000 + SERVICE_MS);
    s = results.session;
    expect(s.phase).toBe('results');
    expect(s.timer).toEqual({ remainingMs: 0, runningSinceMs: null });
    // both teams play the start plan: equal scores, both rank 1 with 1000 points (or 0 if the start scores 0)
    const pts = s.results[0]!.teams.map((t) => t.points);
    expect(s.teams.map((t) => t.points)).toEqual(pts);
    expect(results.effects).toEqual([
      { kind: 'phase', phase: 'results', round: 0 },
      { kind: 'results', message: s.results[0] },
    ]);
    expect(tick(s, 10_000_000).effects).toEqual([]);

    s = host(s, { command: 'advance' }, 500_000).session;
    expect([s.phase, s.round]).toEqual(['briefing', 1]);
    expect(s.plans.t1).toEqual({ plan: secondLevel.start, version: 0, locked: false });

    s = host(s, { command: 'advance' }, 510_000).session;
    s = host(s, { command: 'endPlanning' }, 520_000).session;
    expect([s.phase, s.results.length]).toEqual(['service', 2]);
    s = host(s, { command: 'advance' }, 521_000).session; // the facilitator skips the animation
    expect(s.phase).toBe('results');
    const last = host(s, { command: 'advance' }, 530_000);
    expect([last.session.phase, last.session.closed]).toEqual(['podium', false]);
    expect(last.effects).toEqual([{ kind: 'phase', phase: 'podium', round: 1 }]);
    refused(hostCommand(last.session, { command: 'advance' }, 0), 'wrong-phase');
    const closed = host(last.session, { command: 'endSession' }, 540_000).session;
    expect(closed.closed).toBe(true);
    refused(hostCommand(closed, { command: 'hint', text: 'hi' }, 0), 'closed');
  });

  it('extends a paused timer without starting it', () => {
    let s = host(host(four(), { command: 'start' }).session, { command: 'advance' }, 0).session;
    s = host(s, { command: 'pause' }, 50_000).session;
    s = host(s, { command: 'extend', seconds: 10 }, 60_000).session;
    expect(s.timer).toEqual({ remainingMs: 260_000, runningSinceMs: null });
  });
});

describe('refusals by phase', () => {
  const lobbyS = four();
  const briefing = host(lobbyS, { command: 'start' }).session;
  const planning = host(briefing, { command: 'advance' }).session;
  const service = host(planning, { command: 'endPlanning' }).session;
  const results = host(service, { command: 'advance' }).session;
  const table: [string, SessionSnapshot, HostCommand[]][] = [
    [
      'lobby',
      lobbyS,
      [
        { command: 'advance' },
        { command: 'pause' },
        { command: 'resume' },
        { command: 'extend', seconds: 30 },
        { command: 'endPlanning' },
        { command: 'skipRound' },
        { command: 'reveal', team: 't1' },
      ],
    ],
    [
      'briefing',
      briefing,
      [
        { command: 'start' },
        { command: 'pause' },
        { command: 'extend', seconds: 30 },
        { command: 'endPlanning' },
        { command: 'reveal', team: 't1' },
      ],
    ],
    ['planning', planning, [{ command: 'start' }, { command: 'advance' }, { command: 'reveal', team: 't1' }]],
    [
      'service',
      service,
      [
        { command: 'start' },
        { command: 'pause' },
        { command: 'endPlanning' },
        { command: 'reveal', team: 't1' },
      ],
    ],
    ['results', results, [{ command: 'start' }, { command: 'resume' }, { command: 'endPlanning' }]],
  ];
  it.each(table)('%s refuses the commands of other phases, unchanged', (_, s, commands) => {
    const before = structuredClone(s);
    for (const c of commands) refused(hostCommand(s, c, 0), 'wrong-phase');
    expect(s).toEqual(before);
  });

  it('refuses extend outside 10–600 s', () => {
    for (const seconds of [9, 601, Number.NaN, -10])
      refused(hostCommand(planning, { command: 'extend', seconds }, 0), 'bad-argument');
    ok(hostCommand(planning, { command: 'extend', seconds: 600 }, 0));
  });
});

describe('skipRound', () => {
  const briefing = host(four(), { command: 'start' }).session;
  const planning = host(briefing, { command: 'advance' }).session;
  const service = host(planning, { command: 'endPlanning' }).session;
  const results = host(service, { command: 'advance' }).session;

  it.each([
    ['briefing', briefing],
    ['planning', planning],
    ['service', service],
  ])('from %s goes to the next briefing with the round unscored', (_, s) => {
    const next = host(s, { command: 'skipRound' }).session;
    expect([next.phase, next.round, next.results, next.rosters]).toEqual(['briefing', 1, [], []]);
    expect(next.teams.map((t) => t.points)).toEqual([0, 0]);
  });

  it('from results keeps the round that was shown', () => {
    const next = host(results, { command: 'skipRound' }).session;
    expect([next.phase, next.round, next.results.length]).toEqual(['briefing', 1, 1]);
    expect(next.teams).toEqual(results.teams);
  });

  it('after the last round ends on the podium', () => {
    const one = host(lobby([['A']], { rounds: ['courses'] }), { command: 'start' }).session;
    expect(host(one, { command: 'skipRound' }).session.phase).toBe('podium');
  });
});

describe('endSession', () => {
  it('from service finishes the round: its points count, results are sent', () => {
    const planning = host(host(four(), { command: 'start' }).session, { command: 'advance' }).session;
    const service = host(planning, { command: 'endPlanning' }).session;
    const { session, effects } = host(service, { command: 'endSession' });
    expect([session.phase, session.closed]).toEqual(['podium', true]);
    expect(session.teams.map((t) => t.points)).toEqual(service.results[0]!.teams.map((t) => t.points));
    expect(effects.map((e) => e.kind)).toEqual(['results', 'phase']);
  });

  it('from planning ends without scoring', () => {
    const planning = host(host(four(), { command: 'start' }).session, { command: 'advance' }).session;
    const { session } = host(planning, { command: 'endSession' });
    expect([session.phase, session.closed, session.results.length]).toEqual(['podium', true, 0]);
  });
});
