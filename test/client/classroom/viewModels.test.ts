// The classroom pages' pure view models, with expectations worked out by hand.
import { describe, expect, it } from 'vitest';
import type { ResultsMessage, TeamRoundResult } from '../../../shared/index.ts';
import {
  classroomRoute,
  joinLink,
  normaliseCode,
  spacedCode,
} from '../../../client/classroom/viewModels/classroomRoute.ts';
import { binOf, binsForClass, histogramBins } from '../../../client/classroom/viewModels/histogram.ts';
import { leaderboard, podiumOrder, resultRows } from '../../../client/classroom/viewModels/leaderboard.ts';
import { nicknameHint } from '../../../client/classroom/viewModels/nicknameHint.ts';
import { teamView } from './teamView.ts';
import { membersOf, parseRoomState, teamName } from '../../../client/classroom/viewModels/roomState.ts';
import { formatClock, remainingAt, urgency } from '../../../client/classroom/viewModels/timer.ts';

describe('classroomRoute', () => {
  it.each([
    ['', null],
    ['?level=x', null],
    ['?join', { page: 'join', code: null }],
    ['?join=k7m2qx', { page: 'join', code: 'K7M2QX' }],
    ['?join=K7M 2QX', { page: 'join', code: 'K7M2QX' }],
    ['?join=K0M2QX', { page: 'join', code: null }],
    ['?host', { page: 'hostCreate' }],
    ['?host=', { page: 'hostCreate' }],
    ['?host=ABC-234', { page: 'host', code: 'ABC234' }],
    ['?host=ABC', { page: 'badCode', raw: 'ABC' }],
    ['?projector=ABC234', { page: 'projector', code: 'ABC234' }],
    ['?projector=ILO234', { page: 'badCode', raw: 'ILO234' }],
  ])('%s → %j', (search, route) => {
    expect(classroomRoute(search)).toEqual(route);
  });

  it('normalises typed codes and refuses confusable characters', () => {
    expect(normaliseCode(' abc-def ')).toBe('ABCDEF');
    expect(normaliseCode('ABCDE1')).toBeNull();
    expect(normaliseCode('ABCDEFG')).toBeNull();
  });

  it('builds the join link the QR code encodes and the spaced code', () => {
    expect(joinLink('http://127.0.0.1:2567', 'K7M2QX')).toBe('http://127.0.0.1:2567/?join=K7M2QX');
    expect(spacedCode('K7M2QX')).toBe('K7M 2QX');
  });
});

describe('timer', () => {
  it('counts down from the sample only while running, never below zero', () => {
    const running = { remainingMs: 90_000, running: true, sampledAtMs: 1_000 };
    expect(remainingAt(running, 1_000)).toBe(90_000);
    expect(remainingAt(running, 31_000)).toBe(60_000);
    expect(remainingAt(running, 200_000)).toBe(0);
    expect(remainingAt({ ...running, running: false }, 31_000)).toBe(90_000);
    // A local clock behind the sample does not add time.
    expect(remainingAt(running, 500)).toBe(90_000);
  });

  it.each([
    [0, '0:00'],
    [1, '0:01'],
    [59_999, '1:00'],
    [60_000, '1:00'],
    [61_001, '1:02'],
    [600_000, '10:00'],
    [-5, '0:00'],
  ])('formatClock(%i) = %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });

  it('is urgent from 30 s down', () => {
    expect([urgency(30_001), urgency(30_000), urgency(1), urgency(0)]).toEqual([
      'calm',
      'soon',
      'soon',
      'over',
    ]);
  });
});

describe('histogramBins', () => {
  it('splits the range into equal bins; the top edge falls in the last bin', () => {
    expect(histogramBins([0, 1, 2, 3, 4], 2)).toEqual([
      { from: 0, to: 2, count: 2 },
      { from: 2, to: 4, count: 3 },
    ]);
    const bins = histogramBins([10, 20, 20, 40], 3);
    expect(bins.map((b) => b.count)).toEqual([1, 2, 1]);
    expect(bins[1]).toEqual({ from: 20, to: 30, count: 2 });
    expect(binOf(bins, 40)).toBe(2);
    expect(binOf(bins, 19.99)).toBe(0);
    expect(binOf(bins, 50)).toBe(-1);
  });

  it('gives one bin for equal values and none without finite values', () => {
    expect(histogramBins([5, 5, 5], 4)).toEqual([{ from: 5, to: 5, count: 3 }]);
    expect(binOf(histogramBins([5, 5], 4), 5)).toBe(0);
    expect(histogramBins([], 4)).toEqual([]);
    expect(histogramBins([Number.NaN, Infinity], 4)).toEqual([]);
    expect(histogramBins([0, Infinity, 2], 2).map((b) => b.count)).toEqual([1, 1]);
  });

  it('uses √teams bins between 3 and 8', () => {
    expect([2, 9, 10, 30, 100].map(binsForClass)).toEqual([3, 3, 4, 6, 8]);
  });
});

const team = teamView;

describe('leaderboard', () => {
  it('orders by points with competition ranks and shares of the leader', () => {
    const rows = leaderboard([team('t1', 500), team('t2', 1000), team('t3', 500), team('t10', 0)], 'en');
    expect(rows.map((r) => [r.team, r.rank, r.share])).toEqual([
      ['t2', 1, 1],
      ['t1', 2, 0.5],
      ['t3', 2, 0.5],
      ['t10', 4, 0],
    ]);
    expect(leaderboard([team('t1', 0)], 'zh-CN')[0]).toMatchObject({ name: 't1 队', share: 0, rank: 1 });
  });

  it('puts the podium in 2-1-3 order', () => {
    const rows = leaderboard([team('t1', 300), team('t2', 900), team('t3', 600), team('t4', 100)], 'en');
    expect(podiumOrder(rows).map((r) => r.team)).toEqual(['t3', 't2', 't1']);
  });

  it('sorts a round by the server ranks and names the teams', () => {
    const result = (t: string, rank: number): TeamRoundResult =>
      ({ team: t, rank, points: 0 }) as unknown as TeamRoundResult;
    const message = {
      round: 0,
      level: 'x',
      throughputUnit: 'tokens',
      teams: [result('t2', 2), result('t9', 1), result('t1', 1)],
      histograms: { tokensPerS: [], worstMemoryGb: [], stepS: [] },
    } as ResultsMessage;
    const rows = resultRows(message, [team('t1', 0, 3), team('t2', 0)], 'en');
    expect(rows.map((r) => [r.team, r.name, r.colour])).toEqual([
      ['t1', 'Team t1', 3],
      ['t9', 't9', 7],
      ['t2', 'Team t2', 0],
    ]);
  });
});

describe('parseRoomState', () => {
  const json = {
    code: 'K7M2QX',
    title: 'Class',
    phase: 'planning',
    round: 0,
    roundCount: 2,
    levelId: 'fridge-too-small',
    timerRemainingMs: 120_000,
    timerRunning: true,
    timerEndsAt: 1_700_000_120_000,
    lastHint: '',
    closed: false,
    teams: {
      t2: { ...team('t2', 0, 1), members: ['p2'] },
      t1: { ...team('t1', 0), captain: 'p3', members: ['p3', 'p1'], locked: true },
    },
    players: {
      p1: { id: 'p1', nickname: 'Mei', team: 't1', connected: true, kitchens: [1, 3] },
      p2: { id: 'p2', nickname: 'Bo', team: 't2', connected: false, kitchens: [0, 1, 2, 3] },
      p3: { id: 'p3', nickname: 'Li', team: 't1', connected: true, kitchens: [0, 2] },
    },
  };

  it('reads the schema JSON into typed data, teams and players by id', () => {
    const s = parseRoomState(json);
    expect(s.phase).toBe('planning');
    expect(s.timer).toEqual({ remainingMs: 120_000, running: true, sampledAtMs: 0 });
    expect(s.teams.map((t) => [t.id, t.locked, t.captain])).toEqual([
      ['t1', true, 'p3'],
      ['t2', false, ''],
    ]);
    expect(s.players.find((p) => p.id === 'p1')?.kitchens).toEqual([1, 3]);
    expect(membersOf(s, 't1').map((p) => p.nickname)).toEqual(['Li', 'Mei']);
    expect(teamName(s.teams[0]!, 'zh-CN')).toBe('t1 队');
  });

  it('falls back to neutral values for a partial or unknown state', () => {
    const s = parseRoomState({ phase: 'dancing', teams: null });
    expect(s).toMatchObject({
      phase: 'lobby',
      round: -1,
      teams: [],
      players: [],
      timer: { remainingMs: 0, running: false },
    });
    expect(parseRoomState(undefined).code).toBe('');
  });
});

describe('nicknameHint', () => {
  it('uses the session rule: trimmed, code points counted, refusals explained', () => {
    expect(nicknameHint('  Mei  Ling ', 'en')).toMatchObject({
      ok: true,
      name: 'Mei Ling',
      count: 8,
      max: 16,
    });
    expect(nicknameHint('小厨师', 'zh-CN')).toMatchObject({ ok: true, name: '小厨师', count: 3 });
    const long = nicknameHint('abcdefghijklmnopq', 'en');
    expect(long).toMatchObject({ ok: false, count: 17 });
    expect(long.message).toContain('16');
    expect(nicknameHint('a<b>', 'en').ok).toBe(false);
    expect(nicknameHint('', 'zh-CN')).toMatchObject({ ok: false, count: 0 });
  });
});
