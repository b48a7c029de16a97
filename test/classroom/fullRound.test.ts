// A whole round with two teams of two on column-then-row: Sichuan edits its plan to the level's reference
// (column then row), Cantonese keeps the start plan, which is the level's trap (row then column). The
// results must equal evaluatePlan's figures; points are 1000 × score / best, hand-checked:
// 480 558.30 / 858 387.74 × 1000 = 559.84 → 560. Then the reveal, the podium and the CSV of the session.
import { describe, expect, it } from 'vitest';
import { resultsCsv } from '../../server/http/resultsCsv.ts';
import { lesson } from '../../shared/game/lesson.ts';
import { evaluatePlan } from '../../shared/game/evaluatePlan.ts';
import { levelById } from '../../shared/game/levels/index.ts';
import { levelPar } from '../../shared/game/par/levelPar.ts';
import { planInWords } from '../../shared/game/planWords.ts';
import {
  SERVICE_MS,
  hostCommand,
  kitchensOf,
  playerEdit,
  podium,
  revealMessage,
  setLock,
  tick,
  type SessionSnapshot,
} from '../../shared/classroom/index.ts';
import { RESULTS_CSV_COLUMNS } from '../../shared/protocol/classroom.ts';
import { lobby, ok, refused, roundTrip } from './helpers.ts';

const level = levelById('column-then-row')!;
const evaluation = (plan: typeof level.start) => {
  const r = evaluatePlan(level, plan);
  if (!r.ok) throw new Error(r.error.message);
  return r.evaluation;
};

describe('a full round: reference plan against trap plan', () => {
  let s: SessionSnapshot = lobby([['Mei'], ['Bo'], ['Li Wei'], ['小明']], { rounds: ['column-then-row'] });
  s = ok(hostCommand(s, { command: 'start' }, 0)).session;
  s = ok(hostCommand(s, { command: 'advance' }, 1000)).session;
  // Sichuan (Mei p1, Li Wei p3) turns the start plan into the reference, one label each
  s = ok(playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 2000)).session;
  s = ok(playerEdit(s, 'p3', { type: 'setSpec', tensor: 'w2', spec: ['model', null] }, 3000)).session;
  const planned = s;
  s = ok(setLock(s, 'p1', true, 4000)).session;
  s = ok(setLock(s, 'p2', true, 5000)).session;
  const service = s;
  s = tick(s, 5000 + SERVICE_MS).session;

  it('builds the reference plan by edits (the start plan is the trap)', () => {
    expect(level.trap.plan).toEqual(level.start);
    expect(planned.plans.t1).toMatchObject({ plan: level.reference, version: 2, locked: false });
    expect(planned.plans.t1!.activity!.map((a) => `${a.nickname} ${a.what.en}`)).toEqual([
      'Li Wei cut W2 by rows (model)',
      'Mei cut W1 by columns (model)',
    ]);
    expect(planned.plans.t2).toEqual({ plan: level.trap.plan, version: 0, locked: false });
  });

  it('deals each chef the kitchens of the 4-device grid round-robin', () => {
    expect([kitchensOf(planned, 'p1'), kitchensOf(planned, 'p3')]).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('scores with evaluatePlan: ranks 1 and 2, points 1000 and 560', () => {
    expect(service.phase).toBe('service');
    const ref = evaluation(level.reference);
    const trap = evaluation(level.trap.plan);
    const [t1, t2] = s.results[0]!.teams;
    expect(t1).toEqual({
      team: 't1',
      score: ref.score.score,
      stars: 3,
      limitedBy: ref.limitedBy,
      explanation: ref.explanation,
      tokensPerS: ref.pricing.tokensPerS,
      stepS: ref.pricing.stepS,
      worstMemoryBytes: ref.pricing.memory.worst.total,
      capacityBytes: ref.pricing.memory.capacityBytes,
      fits: true,
      tastingOk: true,
      points: 1000,
      rank: 1,
      planSummary: "model×4 auto w1=[None,'model'] w2=['model',None]",
      locked: true, // both captains locked before time ran out
    });
    expect(t2).toMatchObject({
      team: 't2',
      score: trap.score.score,
      stars: trap.stars,
      points: 560,
      rank: 2,
    });
    expect(t2!.planSummary).toBe("model×4 auto w1=['model',None] w2=[None,'model']");
    expect(s.results[0]!.histograms).toEqual({
      tokensPerS: [ref.score.score, trap.score.score], // served: both fit and taste right
      worstMemoryGb: [ref.pricing.memory.worst.total / 1e9, trap.pricing.memory.worst.total / 1e9],
      stepS: [ref.pricing.stepS, trap.pricing.stepS],
    });
  });

  it('adds the points on entering results; the podium ranks the teams', () => {
    expect(service.teams.map((t) => t.points)).toEqual([0, 0]);
    expect(s.phase).toBe('results');
    expect(s.teams.map((t) => t.points)).toEqual([1000, 560]);
    expect(podium(s).map((p) => [p.team, p.points, p.rank])).toEqual([
      ['t1', 1000, 1],
      ['t2', 560, 2],
    ]);
  });

  it('reveals a team: plan, result, timeline and the debrief', () => {
    const r = ok(revealMessage(s, 't1'));
    expect(r).toEqual({
      round: 0,
      team: 't1',
      plan: level.reference,
      result: s.results[0]!.teams[0],
      throughputUnit: 'examples', // the article's MLP: one row per example
      timeline: evaluation(level.reference).timeline,
      words: [
        { 'zh-CN': '4 间厨房排成一排（model）', en: '4 kitchens in a row (model)' },
        {
          'zh-CN': '每间厨房拿 W1 的一列切片（按 model 切成 4 份）',
          en: 'each kitchen holds a column slice of W1 (1/4, cut along model)',
        },
        {
          'zh-CN': '每间厨房拿 W2 的一行切片（按 model 切成 4 份）',
          en: 'each kitchen holds a row slice of W2 (1/4, cut along model)',
        },
      ],
      par: { result: expect.objectContaining({ fits: true }), words: expect.any(Array) },
      debrief: {
        'zh-CN': expect.stringMatching(
          /^川菜的方案：一步 76\.3 ms，每秒 85\.8 万个样本，最满的冷柜 1\.1 GB，每间厨房每步传菜：AllReduce 汇总分发 ×2。/u,
        ),
        en: expect.stringMatching(
          /^Sichuan's plan: 76\.3 ms a step, 858k examples\/s, fullest fridge 1\.1 GB; each kitchen's passes per step: AllReduce ×2\. The stoves/u,
        ),
      },
      lesson: {
        'zh-CN': `这一关的道理（数字出自文中点名的方案，不是这一队的）：${lesson(level)['zh-CN']}`,
        en: `The lesson, with the figures of the plans it names (not this team's): ${lesson(level).en}`,
      },
    });
    // The winner's reveal cites no best plan; the runner-up's names the winner's and gives its figures.
    expect(r.best).toBeUndefined();
    expect(r.debrief.en).not.toContain('best');
    const second = ok(revealMessage(s, 't2'));
    expect(second.best).toEqual({ result: s.results[0]!.teams[0], words: r.words });
    expect(second.words[1]!.en).toBe('each kitchen holds a row slice of W1 (1/4, cut along model)');
    expect(second.debrief.en).toMatch(/^Cantonese's plan: 136 ms a step, 480k examples\/s, /u);
    expect(second.debrief.en).toContain(
      "\nThe round's best plan, Sichuan's: 76.3 ms a step, 858k examples/s, fullest fridge 1.1 GB; each kitchen's passes per step: AllReduce ×2.",
    );
    expect(second.debrief['zh-CN']).toContain('本轮最佳的是川菜的方案：一步 76.3 ms');
    // Par: the recorded best plan of the search, scored as the teams' plans are, in the same words.
    expect(second.par!.result.score).toBe(levelPar('column-then-row')!.score);
    expect(second.par!.words).toEqual(planInWords(level, levelPar('column-then-row')!.plan));
    const cmd = ok(hostCommand(s, { command: 'reveal', team: 't2' }, 0));
    expect(cmd.session).toBe(s);
    expect(cmd.effects).toEqual([{ kind: 'reveal', message: ok(revealMessage(s, 't2')) }]);
    refused(hostCommand(s, { command: 'reveal', team: 't5' }, 0), 'unknown-team');
    refused(revealMessage(service, 't1'), 'wrong-phase');
  });

  it('writes a row per team and one per player of the round, figures rounded, the served rate in its unit', () => {
    const csv = resultsCsv(s);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(RESULTS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(8); // header, 2 × (team + 2 players), '' after the final CRLF
    const ref = evaluation(level.reference);
    const sig4 = (x: number) => String(Number(x.toPrecision(4)));
    const team = [
      'ABC234',
      '1',
      'column-then-row',
      'team',
      '川菜 Sichuan',
      '',
      'Mei; Li Wei',
      `"model×4 auto w1=[None,'model'] w2=['model',None]"`,
      'locked',
      sig4(ref.score.score),
      `${s.results[0]!.throughputUnit}/s`,
      sig4(ref.pricing.stepS),
      String(Number((ref.pricing.memory.worst.total / 1e9).toPrecision(3))),
      'true',
      'ok',
      ref.limitedBy,
      '3',
      sig4(ref.score.score),
      '1000',
      '1',
    ];
    expect(lines[1]).toBe(team.join(','));
    expect(lines[2]).toBe(team.map((v, i) => (i === 3 ? 'player' : i === 5 ? 'Mei' : v)).join(','));
    expect(lines[3]!.split(',').slice(3, 6)).toEqual(['player', '川菜 Sichuan', 'Li Wei']);
    expect(lines[4]!.split(',').slice(3, 7)).toEqual(['team', '粤菜 Cantonese', '', 'Bo; 小明']);
    // Every figure is short: no 728.5427768515666 in a spreadsheet.
    for (const line of lines.slice(1, -1))
      for (const field of line.split(','))
        if (/^\d+\.\d+$/.test(field)) expect(field.replace(/^0\.0*|\./g, '').length).toBeLessThanOrEqual(4);
  });

  it('serves 0 per second for a plan out of memory, in examples for a level that counts examples', () => {
    const oom = {
      ...s,
      results: [
        {
          ...s.results[0]!,
          throughputUnit: 'examples' as const,
          teams: s.results[0]!.teams.map((t) => ({ ...t, fits: false, score: 0, tokensPerS: 1234.5678 })),
        },
      ],
    };
    const rows = resultsCsv(oom)
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split(','));
    // Counted from the end: the quoted plan field holds commas.
    const at = (r: string[], name: (typeof RESULTS_CSV_COLUMNS)[number]) =>
      r[r.length - (RESULTS_CSV_COLUMNS.length - RESULTS_CSV_COLUMNS.indexOf(name))];
    expect(new Set(rows.map((r) => at(r, 'served_per_s')))).toEqual(new Set(['0']));
    expect(new Set(rows.map((r) => at(r, 'rate_unit')))).toEqual(new Set(['examples/s']));
  });

  it('keeps every snapshot JSON round-trip equal', () => {
    for (const x of [planned, service, s]) expect(roundTrip(x)).toEqual(x);
  });
});
