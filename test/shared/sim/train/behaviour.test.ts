// What the levels rely on: tensor parallelism beyond a node is slow, too few microbatches leave the stoves
// idle, full recompute trades a third more compute for memory, and sharding makes an overflowing model fit.
import { describe, expect, it } from 'vitest';
import { scorePlan } from '../../../../shared/sim/cost/score.ts';
import { A100, DESIGN_EXAMPLE, report, simulate, withChanges } from './helpers.ts';

const GPT_6B7 = { layers: 32, hidden: 4096, heads: 32, seq: 2048, vocab: 51200 };
const GPT_22B = { layers: 48, hidden: 6144, heads: 64, seq: 2048, vocab: 51200 };

describe('tensor parallelism beyond a node', () => {
  const on16 = (tp: number) =>
    simulate({
      model: GPT_6B7,
      hardware: A100,
      parallel: { tp, dp: 16 / tp, globalBatch: 32, microBatch: 2, recompute: 'full' },
    });
  it('tp 16 over 8-GPU nodes is slower than tp 8 inside a node with dp 2', () => {
    const [inNode, acrossNodes] = [on16(8), on16(16)];
    expect(acrossNodes.blocks.ctx.links.find((l) => l.axis === 'model')?.link).toBe('inter');
    expect(inNode.blocks.ctx.links.find((l) => l.axis === 'model')?.link).toBe('intra');
    expect(acrossNodes.stepS).toBeGreaterThan(1.5 * inNode.stepS);
    expect(acrossNodes.breakdownS.tensorComm).toBeGreaterThan(10 * inNode.breakdownS.tensorComm);
  });
});

describe('one stage', () => {
  it('has no pipeline time, not the rounding of summing its timeline (was 8.9e-16 s on Table 1, 3.6B)', () => {
    for (const tp of [1, 2, 8]) {
      const r = simulate({
        model: GPT_6B7,
        hardware: A100,
        parallel: { tp, dp: 32 / tp, globalBatch: 512, microBatch: 16, recompute: 'full' },
      });
      expect(r.breakdownS.pipelineComm).toBe(0);
      expect(r.breakdownS.bubble).toBe(0);
    }
  });
});

describe('microbatches much fewer than stages', () => {
  it('one microbatch through 8 stages leaves the stoves idle 7/8 of the time', () => {
    const r = report(withChanges(DESIGN_EXAMPLE, { parallel: { globalBatch: 8 } }));
    expect(r.bubbleFraction).toBeGreaterThan(0.8);
    expect(r.breakdownS.bubble).toBeGreaterThan(3 * r.breakdownS.compute);
  });
  it('more microbatches shrink the bubble', () => {
    const few = report(withChanges(DESIGN_EXAMPLE, { parallel: { globalBatch: 64 } }));
    const many = report(withChanges(DESIGN_EXAMPLE, { parallel: { globalBatch: 1536 } }));
    expect(many.bubbleFraction).toBeLessThan(few.bubbleFraction / 4);
  });
});

describe('activation recomputation', () => {
  const run = (recompute: string) =>
    simulate(withChanges(DESIGN_EXAMPLE, { parallel: { globalBatch: 256, recompute } }));
  const [none, full] = [run('none'), run('full')];
  it('full recompute runs about a third more compute', () => {
    expect(full.flops.hardware / none.flops.hardware).toBeGreaterThan(1.3);
    expect(full.flops.hardware / none.flops.hardware).toBeLessThan(4 / 3);
    expect(full.breakdownS.compute / none.breakdownS.compute).toBeGreaterThan(1.25);
    expect(full.breakdownS.compute / none.breakdownS.compute).toBeLessThan(1.4);
    expect(full.stepS).toBeGreaterThan(none.stepS);
  });
  it('and keeps far less activation memory', () => {
    expect(full.memory[0]!.bytes.activations).toBeLessThan(none.memory[0]!.bytes.activations / 10);
  });
});

describe('a model that overflows replicated fits when sharded', () => {
  const on8 = (parallel: object) =>
    report({ model: GPT_22B, hardware: A100, parallel: { globalBatch: 8, recompute: 'full', ...parallel } });
  it('22B with data parallelism only: 16 bytes per parameter on every device overflow 80 GB', () => {
    const r = on8({ dp: 8 });
    expect(r.memory.fits).toBe(false);
    expect(r.memory.perDeviceBytes.params + r.memory.perDeviceBytes.optimizer).toBeGreaterThan(300e9);
    const score = scorePlan(r, { one: 1, two: 2, three: 3 });
    expect(score.score).toBe(0);
    expect(score.reason).toMatch(/^out of memory on device 0 by \d+\.\d GB$/);
  });
  it.each([
    ['tensor parallel over 8', { tp: 8 }],
    ['ZeRO-3 over 8 data-parallel ranks', { dp: 8, zeroStage: 3 }],
  ])('fits with %s', (_name, parallel) => {
    const r = on8(parallel);
    expect(r.memory.fits).toBe(true);
    expect(scorePlan(r, { one: 1, two: 2, three: 3 }).score).toBeCloseTo(r.tokensPerS);
  });
  it('ZeRO stages shrink the model states as Rajbhandari et al. count them', () => {
    const states = [0, 1, 2, 3].map((zeroStage) => {
      const m = on8({ dp: 8, zeroStage }).memory.perDeviceBytes;
      return m.params + m.grads + m.optimizer;
    });
    const psi = 22_074_261_504;
    // Stage 0: 16Ψ; 1: 4Ψ + 12Ψ/8; 2: 2Ψ + 14Ψ/8; 3: 16Ψ/8 (the embeddings split as the layers do).
    [16, 4 + 12 / 8, 2 + 14 / 8, 16 / 8].forEach((k, i) => expect(states[i]! / (k * psi)).toBeCloseTo(1, 2));
  });
});
