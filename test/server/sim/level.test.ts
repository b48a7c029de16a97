// `sim level` (issue 13): the figures, shares, debrief and verdict the screens show for a plan of a level,
// read from the same core functions; named plans, plan documents, locales, and refusals with exit 2.
import { levelPar } from '../../../shared/game/par/levelPar.ts';
import { describe, expect, it } from 'vitest';
import { levelCommand } from '../../../server/sim/levelCommand.ts';
import type { LevelReport } from '../../../shared/game/levelReport.ts';
import {
  debrief,
  evaluatePlan,
  formatGb,
  formatPercent,
  levelById,
  stepShares,
  type Evaluation,
} from '../../../shared/index.ts';
import { runSim } from './runSim.ts';

const report = (input: unknown): LevelReport => {
  const r = levelCommand(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as LevelReport;
};

function evaluated(id: string, plan: 'start' | 'reference' | 'trap'): Evaluation {
  const level = levelById(id)!;
  const state = plan === 'start' ? level.start : plan === 'reference' ? level.reference : level.trap.plan;
  const r = evaluatePlan(level, state);
  if (!r.ok) throw new Error(r.error.message);
  return r.evaluation;
}

describe('sim level', () => {
  it("reports the profiler's handed-over plan as communication-bound in every view", () => {
    const r = report({ level: 'the-profiler', plan: 'start' });
    const e = evaluated('the-profiler', 'start');
    expect(r.shares).toEqual(stepShares(e));
    const sum = r.shares.compute + r.shares.communication + r.shares.bubble + r.shares.other;
    expect(sum).toBeCloseTo(1, 9);
    expect(r.shares.communication).toBeGreaterThan(0.7);
    for (const view of [r.views.serve, r.views.local, r.views.dynamic]) expect(view.shares).toEqual(r.shares);
    expect(r.verdict).toContain(formatPercent(r.shares.communication));
    const level = levelById('the-profiler')!;
    expect(r.thresholds).toEqual([level.stars.one, level.stars.two, level.stars.three]);
    expect(r.tastesRight).toBeNull();
    const par = levelPar('the-profiler')!;
    expect(r.par).toEqual({ score: par.score, plan: par.plan });
    // The stars follow par: three at 95% of it (shared/game/par/parThresholds.ts).
    expect(level.stars.three).toBeLessThanOrEqual(par.score);
    const atPar = report({ level: 'the-profiler', plan: 'par' });
    expect(atPar.score).toBeCloseTo(par.score, 6);
    expect(atPar.stars).toBe(3);
  });

  it('says which figures are the reference plan’s and which are yours (myth: model parallelism is copying)', () => {
    const r = report({ level: 'myth-model-parallel-is-copying', plan: 'trap' });
    const level = levelById('myth-model-parallel-is-copying')!;
    const trap = evaluated(level.id, 'trap');
    const ref = evaluated(level.id, 'reference');
    expect(r.fits).toBe(false);
    expect(r.stars).toBe(0);
    expect(r.display.memory).toBe(formatGb(trap.pricing.memory.worst.total));
    expect(r.debrief).toBe(debrief(level, trap).en);
    expect(r.debrief).toContain(`The reference plan: `);
    expect(r.debrief).toContain(`fullest fridge ${formatGb(ref.pricing.memory.worst.total)}`);
    expect(r.debrief).toContain(`Yours: `);
    expect(r.debrief).toContain(`fullest fridge ${r.display.memory}`);
  });

  it('takes a plan document and a locale', () => {
    const level = levelById('the-tasting')!;
    const r = report({ level: level.id, plan: JSON.parse(JSON.stringify(level.reference)), locale: 'zh-CN' });
    expect(r.tastesRight).toBe(true);
    expect(r.stars).toBe(3);
    expect(r.debrief).toContain('参考方案');
    expect(r.verdict).toMatch(/灶台/);
  });

  it('refuses bad input with InputError and a plan the level refuses with its reason', () => {
    const bad = (input: unknown) => {
      const r = levelCommand(input);
      expect(r.ok).toBe(false);
      return r.ok ? '' : `${r.error.type}: ${r.error.message}`;
    };
    expect(bad({ level: 'nope' })).toMatch(/^InputError: level/);
    expect(bad({ level: 'courses', plan: 'best' })).toMatch(/^InputError: plan/);
    expect(bad({ level: 'courses', locale: 'fr' })).toMatch(/^InputError: locale/);
    expect(bad({ level: 'courses', plan: { mesh: [{ name: 'stage', size: 0 }] } })).toMatch(/plan\.mesh/);
    expect(bad({ level: 'courses', plan: { mesh: [{ name: 'stage', size: 64 }] } })).toMatch(
      /ValueError: LevelRule/,
    );
  });

  it('refuses on a Megatron level what it would ignore: labels, and a grid naming one axis twice', () => {
    // Both used to be priced (exit 0): the labels dropped, the second 'model' row silently cut from the grid.
    const code = (plan: unknown) => {
      const r = levelCommand({ level: 'the-profiler', plan });
      return r.ok ? 'ok' : r.error.code;
    };
    const grid = [
      { name: 'data', size: 2 },
      { name: 'stage', size: 4 },
      { name: 'model', size: 4 },
    ];
    expect(code({ mesh: grid })).toBe('ok');
    expect(code({ mesh: grid, specs: { w: ['model', 'model'] } })).toBe('rule/train-labels');
    const long = levelCommand({
      level: 'the-profiler',
      plan: { mesh: grid, specs: { ['w'.repeat(200_000)]: [] } },
    });
    expect(long.ok ? '' : long.error.message.length).toBeLessThan(300);
    expect(
      code({
        mesh: [
          { name: 'model', size: 4 },
          { name: 'model', size: 2 },
        ],
      }),
    ).toBe('mesh/duplicate-axis');
  });

  it('runs from the command line', async () => {
    const { code, json } = await runSim('level', { level: 'the-tasting', plan: 'trap' });
    expect(code).toBe(0);
    expect(json['tastesRight']).toBe(false);
    expect(json['stars']).toBe(0);
    const refused = await runSim('level', { level: 'the-tasting', plan: 'best' });
    expect(refused.code).toBe(2);
    const par = await runSim('level', { level: 'the-tasting', plan: 'par' });
    expect(par.code).toBe(0);
    expect(par.json['stars']).toBe(3);
  });
});
