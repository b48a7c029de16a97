// Tensor, data and fully-sharded data parallelism come out of the same propagation and matmul rules — the
// backward collectives included — and the sharded training step tastes like the single-device one.
import { describe, expect, it } from 'vitest';
import { megatronMlp } from '../../../../shared/sim/models/megatronMlp.ts';
import { mlp2 } from '../../../../shared/sim/models/mlp2.ts';
import { inPhase, mesh, runTrainStep } from './helpers.ts';

describe('Megatron MLP: W1 column-parallel, W2 row-parallel (Shoeybi et al. 2019)', () => {
  const { plan, tasting } = runTrainStep(mesh(['model', 4]), megatronMlp(), {
    inShardings: { w1: [null, 'model'], w2: ['model', null] },
  });
  it('needs exactly one all-reduce forward (g) and one backward (f)', () => {
    expect(inPhase(plan, 'forward')).toEqual(['all-reduce(model) y']);
    expect(inPhase(plan, 'backward')).toEqual(['all-reduce(model) dx']);
    expect(inPhase(plan, 'update')).toEqual([]);
  });
  it('keeps h sharded by columns and the updated weights where they were', () => {
    const byName = new Map(plan.program.values.map((v) => [v.name, plan.shardings[v.id]!.dims]));
    expect(byName.get('h')).toEqual([[], ['model']]);
    expect(byName.get('new/w1')).toEqual([[], ['model']]);
    expect(byName.get('new/w2')).toEqual([['model'], []]);
  });
  it('tastes right: loss, gradients and updated weights', () => {
    expect(tasting.ok).toBe(true);
    expect(tasting.outputs.map((o) => o.name)).toContain('new/w1');
  });
});

describe('data parallelism: the batch split, the weights copied', () => {
  const { plan, tasting } = runTrainStep(mesh(['data', 4]), megatronMlp(), {
    inShardings: { x0: ['data', null], target: ['data', null] },
  });
  it('needs no forward weight traffic and one gradient all-reduce per weight', () => {
    const forward = inPhase(plan, 'forward');
    expect(forward.filter((c) => !c.includes(' loss'))).toEqual([
      // layer norm's statistics are per row, so they stay local; only the scalar loss is summed over data
    ]);
    expect(inPhase(plan, 'backward').sort()).toEqual(
      ['all-reduce(data) grad/w1', 'all-reduce(data) grad/w2', 'all-reduce(data) grad/w_in'].sort(),
    );
  });
  it('tastes right', () => expect(tasting.ok).toBe(true));
});

describe('FSDP (ZeRO-3): weights split over the data axis too', () => {
  const { plan, tasting } = runTrainStep(mesh(['data', 4]), megatronMlp(), {
    inShardings: {
      x0: ['data', null],
      target: ['data', null],
      w_in: ['data', null],
      w1: ['data', null],
      w2: ['data', null],
    },
  });
  it('all-gathers each weight before use and reduce-scatters each gradient', () => {
    const forward = inPhase(plan, 'forward');
    for (const w of ['w_in', 'w1', 'w2'])
      expect(forward.some((c) => c.startsWith(`all-gather(data) ${w}→`))).toBe(true);
    expect(
      inPhase(plan, 'backward')
        .filter((c) => c.startsWith('reduce-scatter'))
        .sort(),
    ).toEqual(
      [
        'reduce-scatter(data) grad/w1',
        'reduce-scatter(data) grad/w2',
        'reduce-scatter(data) grad/w_in',
      ].sort(),
    );
    expect(inPhase(plan, 'backward').some((c) => c.startsWith('all-reduce(data) grad/'))).toBe(false);
  });
  it('tastes right', () => expect(tasting.ok).toBe(true));
});

describe("the source article's NumPy demo: 2-layer MLP over 4 devices, W1 by columns, W2 by rows", () => {
  const { plan, execution, tasting } = runTrainStep(mesh(['model', 4]), mlp2(), {
    inShardings: { w1: [null, 'model'], w2: ['model', null] },
  });
  it('gives each device a [8, 4] slice of W1 and a [4, 4] slice of W2, as the article prints', () => {
    const w1 = plan.program.values.find((v) => v.name === 'w1')!;
    const w2 = plan.program.values.find((v) => v.name === 'w2')!;
    expect(execution.values[w1.id]!.shards.map((s) => s.length)).toEqual([32, 32, 32, 32]);
    expect(execution.values[w2.id]!.shards.map((s) => s.length)).toEqual([16, 16, 16, 16]);
  });
  it("sums the partial predictions once (the article's `pred = sum(out_parts)`) and needs nothing else", () => {
    expect(inPhase(plan, 'forward')).toEqual(['all-reduce(model) pred']);
    // x is data: no gradient flows back to it, so the backward pass needs no all-reduce.
    expect(inPhase(plan, 'backward')).toEqual([]);
  });
  it('reproduces the single-device numbers for pred, the gradients and the SGD step', () => {
    expect(tasting.ok).toBe(true);
    for (const o of tasting.outputs) expect(o.relError).toBeLessThan(1e-5);
  });
});
