// The optimizer a verdict speaks of is the one the plan's step runs: the tasting levels' models train with
// plain SGD (no optimizer state), the Megatron-shaped levels with mixed-precision Adam (two moments and a
// master copy). The giant spice rack's reference plan is held up by its update, and its verdict used to
// describe Adam's moments under a memory report of 0 GB of optimizer state. A verdict that lists where the
// step goes lists the update too, so that its parts add up to the step the views show.
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { scenarioStep } from '../../../shared/game/scenarioProgram.ts';
import { evaluatePlan } from '../../../shared/game/evaluatePlan.ts';
import { formatPercent } from '../../../shared/game/format.ts';
import { stepShares } from '../../../shared/game/stepShares.ts';
import { evaluate, level } from './helpers.ts';

/** Whether the level's banquet-scale training step keeps Adam moments (`m/<param>`, autodiff.ts), read off its program. */
function programRunsAdam(id: string): boolean {
  const s = level(id).scenario;
  if (s.engine === 'train') return true; // train/megatronLayer.ts: Adam
  const step = scenarioStep(s, 'banquet', 'train');
  if (!step.ok) throw new Error(step.error.message);
  return step.value.program.values.some((v) => v.name.startsWith('m/'));
}

const OPTIMIZER_VERDICT = "The optimizer's update takes";

describe('the update rule a plan is priced and explained with', () => {
  it.each(LEVELS.map((l) => l.id))('%s: pricing names the program’s optimizer', (id) => {
    const l = level(id);
    const e = evaluate(l, l.reference);
    if (e.pricing.step === 'forward') return expect(e.pricing.optimizer).toBeNull();
    expect(e.pricing.optimizer).toBe(programRunsAdam(id) ? 'adam' : 'sgd');
    // SGD keeps no optimizer state, so its memory report holds none
    if (e.pricing.optimizer === 'sgd') expect(e.pricing.memory.worst.optimizer).toBe(0);
  });

  it('every verdict about the update names the moments only where the step keeps them', () => {
    let seen = 0;
    for (const l of LEVELS)
      for (const plan of [l.start, l.reference, l.trap.plan]) {
        const r = evaluatePlan(l, plan);
        if (!r.ok || !r.evaluation.explanation.en.startsWith(OPTIMIZER_VERDICT)) continue;
        seen++;
        const adam = r.evaluation.pricing.optimizer === 'adam';
        expect(r.evaluation.explanation.en.includes('Adam'), `${l.id}`).toBe(adam);
        expect(r.evaluation.explanation['zh-CN'].includes('Adam'), `${l.id}`).toBe(adam);
      }
    expect(seen).toBeGreaterThan(0);
  });

  it('the giant spice rack’s reference plan: an SGD update, said so in both languages', () => {
    const l = level('giant-spice-rack');
    const e = evaluate(l, l.reference);
    expect(e.explanation.en).toContain(OPTIMIZER_VERDICT);
    expect(e.explanation.en).toContain('plain SGD, no optimizer state');
    expect(e.explanation.en).not.toContain('Adam');
    expect(e.explanation['zh-CN']).toContain('普通 SGD');
    expect(e.explanation['zh-CN']).not.toContain('Adam');
  });
});

describe('the parts a compute-bound verdict lists add up to the step', () => {
  const plans = LEVELS.flatMap((l) => [l.start, l.reference, l.trap.plan].map((plan) => ({ l, plan })));
  it('cooking, passing, waiting and the optimizer’s update, each as the views show it', () => {
    let withUpdate = 0;
    for (const { l, plan } of plans) {
      const r = evaluatePlan(l, plan);
      if (!r.ok || !r.evaluation.explanation.en.startsWith('The stoves cook for')) continue;
      const s = stepShares(r.evaluation);
      const en = r.evaluation.explanation.en;
      expect(en, l.id).toContain(`cook for ${formatPercent(s.compute)} of`);
      expect(en, l.id).toContain(`passing ${formatPercent(s.communication)}`);
      if (s.other > 0) {
        withUpdate++;
        expect(en, l.id).toContain(`the optimizer's update`);
        expect(en, l.id).toContain(formatPercent(s.other));
        expect(r.evaluation.explanation['zh-CN'], l.id).toContain(`优化器更新`);
      } else expect(en, l.id).not.toContain('update');
    }
    expect(withUpdate).toBeGreaterThan(0);
  });

  it('a bounded share after a formula reads "> 99%", not "= >99%"', () => {
    for (const { l, plan } of plans) {
      const r = evaluatePlan(l, plan);
      if (!r.ok) continue;
      for (const t of [r.evaluation.explanation.en, r.evaluation.explanation['zh-CN']])
        expect(t, l.id).not.toMatch(/= [<>]/);
    }
  });
});
