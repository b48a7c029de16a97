// Scoring rules by hand: competition ranks (ties share the better rank), points = round(1000 × score / best)
// and 0 when the best is 0, an unevaluable plan scoring 0 with the core's reason, team selection (empty
// teams and late joiners' teams are not scored), the podium's ties and the kitchens a chef gets.
import { describe, expect, it } from 'vitest';
import {
  hostCommand,
  joinPlayer,
  kitchensOf,
  podium,
  scoreRound,
  timerRemainingMs,
  type SessionSnapshot,
} from '../../shared/classroom/index.ts';
import { rank } from '../../shared/classroom/scoreRound.ts';
import { planState } from '../../shared/game/planState.ts';
import { lobby, ok } from './helpers.ts';

const planning = (s: SessionSnapshot) =>
  ok(hostCommand(ok(hostCommand(s, { command: 'start' }, 0)).session, { command: 'advance' }, 0)).session;

const row = (team: string, score: number) => ({
  team,
  score,
  stars: 0 as const,
  limitedBy: 'compute' as const,
  explanation: { 'zh-CN': '', en: '' },
  tokensPerS: score,
  stepS: 1,
  worstMemoryBytes: 0,
  capacityBytes: 0,
  fits: true,
  tastingOk: null,
  planSummary: '',
});

describe('rank', () => {
  it('shares ranks on ties and scales points to the best', () => {
    const r = rank([row('t1', 5), row('t2', 10), row('t3', 10), row('t4', 0), row('t5', 3.335)]);
    expect(r.map((x) => [x.rank, x.points])).toEqual([
      [3, 500],
      [1, 1000],
      [1, 1000],
      [5, 0],
      [4, 334], // 333.5 rounds up
    ]);
  });

  it('gives 0 points to everyone when the best score is 0', () => {
    expect(rank([row('t1', 0), row('t2', 0)]).map((x) => [x.rank, x.points])).toEqual([
      [1, 0],
      [1, 0],
    ]);
  });
});

describe('scoreRound', () => {
  it('scores out-of-memory plans 0 with the reason (fridge-too-small start plan)', () => {
    const s = planning(lobby([['A'], ['B']], { rounds: ['fridge-too-small'] }));
    const r = scoreRound(s);
    expect(r.teams.map((t) => [t.team, t.score, t.points, t.rank, t.fits])).toEqual([
      ['t1', 0, 0, 1, false],
      ['t2', 0, 0, 1, false],
    ]);
    expect(r.teams[0]!.reason).toMatch(/^out of memory on device 0 by /);
    // The row keeps the priced rate (what the plan would do), the class histogram the served one: 0.
    expect(r.teams[0]!.tokensPerS).toBeGreaterThan(0);
    expect(r.histograms.tokensPerS).toEqual([0, 0]);
    // Neither plan was served: their fridges are facts of the plans, a step time is not (none is shown).
    expect(r.histograms.worstMemoryGb).toEqual(r.teams.map((t) => t.worstMemoryBytes / 1e9));
    expect(r.histograms.stepS).toEqual([]);
    expect(r.throughputUnit).toBe('examples'); // the article's MLP counts rows
  });

  it('scores a plan the core refuses 0 with the core’s error, without throwing', () => {
    const s = planning(lobby([['A'], ['B']], { rounds: ['column-then-row'] }));
    const bad = planState({ mesh: [{ name: 'model', size: 64 }] });
    const broken: SessionSnapshot = {
      ...s,
      plans: { ...s.plans, t2: { plan: bad, version: 9, locked: true } },
    };
    const [t1, t2] = scoreRound(broken).teams;
    expect(t1).toMatchObject({ points: 1000, rank: 1 });
    expect(t2).toMatchObject({ score: 0, stars: 0, points: 0, rank: 2, tastingOk: null, fits: false });
    expect(t2!.reason).toMatch(/^LevelRule: /);
    expect(t2!.planSummary).toBe('model×64 auto');
    // The refused plan has no fridge and no step: the histograms hold t1's figures alone, no 0 s or 0 GB.
    const h = scoreRound(broken).histograms;
    expect(h.tokensPerS).toEqual([t1!.score, 0]);
    expect(h.worstMemoryGb).toEqual([t1!.worstMemoryBytes / 1e9]);
    expect(h.stepS).toEqual([t1!.stepS]);
  });

  it('scores only teams with a player in this round', () => {
    let s = planning(lobby([['A'], ['B']], { teams: 4 })); // t3, t4 empty
    s = ok(joinPlayer(s, { nickname: 'Late', team: 't3' }, 0)).session;
    expect(scoreRound(s).teams.map((t) => t.team)).toEqual(['t1', 't2']);
  });
});

describe('podium', () => {
  it('orders by points, ties share a rank and keep team order', () => {
    const s = lobby([], { teams: 4 });
    const pts = [300, 900, 300, 100];
    const withPoints = { ...s, teams: s.teams.map((t, i) => ({ ...t, points: pts[i]! })) };
    expect(podium(withPoints).map((p) => [p.team, p.points, p.rank])).toEqual([
      ['t2', 900, 1],
      ['t1', 300, 2],
      ['t3', 300, 2],
      ['t4', 100, 4],
    ]);
  });
});

describe('kitchensOf', () => {
  it('deals 4 kitchens over 3 chefs in join order: [0, 3], [1], [2]', () => {
    const s = planning(
      lobby([
        ['A', 't1'],
        ['B', 't1'],
        ['C', 't1'],
      ]),
    );
    expect(['p1', 'p2', 'p3'].map((p) => kitchensOf(s, p))).toEqual([[0, 3], [1], [2]]);
  });

  it('deals none to a late joiner until their first round, and leaves the others their kitchens', () => {
    const s = planning(
      lobby([
        ['A', 't1'],
        ['B', 't1'],
      ]),
    );
    const late = ok(joinPlayer(s, { nickname: 'E', team: 't1' }, 5000)).session;
    expect(late.players.find((p) => p.id === 'p3')!.joinedRound).toBeGreaterThan(late.round);
    expect(['p1', 'p2', 'p3'].map((p) => kitchensOf(late, p))).toEqual([[0, 2], [1, 3], []]);
  });

  it('has none in the lobby or for unknown players', () => {
    const s = lobby([['A']]);
    expect(kitchensOf(s, 'p1')).toEqual([]);
    expect(kitchensOf(planning(s), 'p7')).toEqual([]);
  });
});

it('timerRemainingMs never goes below zero', () => {
  const s = planning(lobby([['A']], { planningSeconds: 30 }));
  expect(timerRemainingMs(s, 10_000)).toBe(20_000);
  expect(timerRemainingMs(s, 99_000)).toBe(0);
});
