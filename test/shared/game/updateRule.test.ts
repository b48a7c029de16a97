// The optimizer a verdict speaks of is the one the plan's step runs: the tasting levels' models train with
// SGD — plain in fp32 (no optimizer state), on an fp32 master copy in bf16-mixed (the expert levels) — and
// the Megatron-shaped levels with mixed-precision Adam (two moments and a master copy). The giant spice rack's
// reference plan is held up by its update, and its verdict used to describe Adam's moments under a memory
// report of 0 GB of optimizer state. A verdict that lists where the step goes lists the update too, so that
// its parts add up to the step the views show.
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../../shared/game/evaluate/diagnose.ts';
import type { Pricing, StepTimeline } from '../../../shared/game/evaluation.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { scenarioStep } from '../../../shared/game/scenarioProgram.ts';
import { evaluatePlan } from '../../../shared/game/evaluatePlan.ts';
import { formatPercent } from '../../../shared/game/format.ts';
import { stepShares } from '../../../shared/game/stepShares.ts';
import { sharesList } from '../../../shared/game/shareNames.ts';
import { evaluate, level } from './helpers.ts';

/** Whether the level's banquet-scale training step keeps Adam moments (`m/<param>`, autodiff.ts), read off its program. */
function programRunsAdam(id: string): boolean {
  const s = level(id).scenario;
  if (s.engine === 'train') return true; // train/megatronLayer.ts: Adam
  const step = scenarioStep(s, 'banquet', 'train');
  if (!step.ok) throw new Error(step.error.message);
  return step.value.program.values.some((v) => v.name.startsWith('m/'));
}

/** Whether the level's banquet-scale step updates fp32 master copies (`master/<param>`, autodiff.ts). */
function programHasMasters(id: string): boolean {
  const s = level(id).scenario;
  if (s.engine === 'train') return s.precision !== 'fp32'; // the Megatron layer's 12 optimizer bytes hold it
  const step = scenarioStep(s, 'banquet', 'train');
  if (!step.ok) throw new Error(step.error.message);
  return step.value.program.values.some((v) => v.name.startsWith('master/'));
}

const OPTIMIZER_VERDICT = "The optimizer's update takes";

describe('the update rule a plan is priced and explained with', () => {
  it.each(LEVELS.map((l) => l.id))('%s: pricing names the program’s optimizer', (id) => {
    const l = level(id);
    const e = evaluate(l, l.reference);
    if (e.pricing.step === 'forward') return expect(e.pricing.optimizer).toBeNull();
    expect(e.pricing.optimizer).toBe(programRunsAdam(id) ? 'adam' : 'sgd');
    expect(e.pricing.masterCopy).toBe(programHasMasters(id));
    // SGD's only state is the master copy: 4 bytes where each 16-bit parameter has 2, labelled alike
    if (e.pricing.optimizer === 'sgd')
      expect(e.pricing.memory.worst.optimizer).toBe(
        e.pricing.masterCopy ? 2 * e.pricing.memory.worst.params : 0,
      );
  });

  it('an update verdict says what the rule reads and writes: plain SGD, SGD on a master copy, Adam on one', () => {
    const l = level('the-buffet');
    const e = evaluate(l, l.reference);
    // a step the update dominates: 1 s of cooking, 2 s of update
    const timeline: StepTimeline = {
      stepS: 3,
      criticalLane: 0,
      lanes: [
        {
          label: { 'zh-CN': '', en: '' },
          devices: [0],
          events: [
            { kind: 'forward', startS: 0, endS: 1 },
            { kind: 'update', startS: 1, endS: 3 },
          ],
        },
      ],
    };
    const verdict = (p: Partial<Pricing>) =>
      diagnose(e.tasting, { ...e.pricing, stepS: 3, ...p }, timeline).explanation;
    const sgdMaster = verdict({ optimizer: 'sgd', masterCopy: true });
    expect(sgdMaster.en).toContain(`${OPTIMIZER_VERDICT} 67% of the 3.00 s step`);
    expect(sgdMaster.en).toContain('fp32 master copy');
    expect(sgdMaster.en).not.toContain('no optimizer state');
    expect(sgdMaster['zh-CN']).toContain('fp32 主副本');
    const plain = verdict({ optimizer: 'sgd', masterCopy: false });
    expect(plain.en).toContain('plain SGD, no optimizer state');
    expect(plain.en).not.toContain('master');
    const adam = verdict({ optimizer: 'adam', masterCopy: true });
    expect(adam.en).toContain('two Adam moments');
    expect(adam.en).toContain('fp32 master copy');
    expect(adam['zh-CN']).toContain('Adam');
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
  it('cooking, passing, idle and the optimizer step, each as the views show it', () => {
    let withUpdate = 0;
    for (const { l, plan } of plans) {
      const r = evaluatePlan(l, plan);
      if (!r.ok || !r.evaluation.explanation.en.startsWith('The stoves cook for')) continue;
      const s = stepShares(r.evaluation);
      const { en, 'zh-CN': zh } = r.evaluation.explanation;
      expect(en, l.id).toContain(`cook for ${formatPercent(s.compute)} of`);
      // The views' words for the same figures (shareNames.ts): 'idle (bubble)', not 'waiting'; 空闲（气泡）, not 空等.
      const waits = { communication: formatPercent(s.communication), bubble: formatPercent(s.bubble) };
      expect(en, l.id).toContain(sharesList(waits, 'en'));
      expect(zh, l.id).toContain(sharesList(waits, 'zh-CN'));
      expect(zh, l.id).not.toContain('空等');
      if (s.other > 0) {
        withUpdate++;
        expect(en, l.id).toContain(`optimizer step`);
        expect(en, l.id).toContain(formatPercent(s.other));
        expect(zh, l.id).toContain(`优化器更新`);
      } else expect(en, l.id).not.toContain('optimizer');
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
