// ZeRO-3 with full recompute gathers a layer's parameters twice per microbatch, not three times: the
// recompute's gathered copy is the one the backward reads (XLA: the rematerialised all-gather feeds the
// backward; DeepSpeed: `stage3_max_reuse_distance` keeps it). So the data-parallel traffic of a step is the
// same with and without recompute, and only the compute grows.
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../../../shared/sim/result.ts';
import { trainBlocks } from '../../../../shared/sim/train/trainBlocks.ts';
import { parseTrainRequest } from '../../../../shared/sim/train/trainRequest.ts';
import { A100, report, simulate, withChanges } from './helpers.ts';

const ZERO3 = {
  model: { layers: 8, hidden: 4096, heads: 32, seq: 2048, vocab: 51200 },
  hardware: A100,
  parallel: {
    tp: 1,
    pp: 1,
    dp: 8,
    globalBatch: 64,
    microBatch: 1,
    schedule: '1f1b',
    virtualStages: 1,
    recompute: 'full',
    sequenceParallel: false,
    zeroStage: 3,
  },
} as const;

const layerOf = (changes: object) => {
  const req = unwrap(parseTrainRequest(withChanges(ZERO3, { parallel: changes })));
  return unwrap(trainBlocks(req.model, req.hardware, req.parallel, req.precision)).layer;
};

describe('ZeRO-3 and full recompute', () => {
  for (const [tp, dp] of [
    [1, 8],
    [2, 4],
    [1, 12],
  ] as const)
    it(`gather each weight twice per microbatch (tp ${tp}, dp ${dp})`, () => {
      const layer = layerOf({ tp, dp, globalBatch: 8 * dp });
      // The backward re-gathers every weight the forward gathered (its own gathers, as DeepSpeed's hooks).
      expect(layer.backward.dataS).toBeCloseTo(layer.forward.dataS, 5);
      // The recompute pays only what the backward does not read again: the QKV bias where it is sharded by
      // its specs (its gradient does not need it), nothing where DeepSpeed's flat partitions hold every
      // parameter (dp 12: the backward re-gathers the whole flat buffer).
      expect(layer.recompute.full.dataS).toBeGreaterThanOrEqual(0);
      expect(layer.recompute.full.dataS).toBeLessThan(0.03 * layer.forward.dataS);
      // Its compute and tensor-parallel collectives are the forward's.
      expect(layer.recompute.full.computeS).toBe(layer.forward.computeS);
      expect(layer.recompute.full.tensorS).toBe(layer.forward.tensorS);
    });

  it('move as many bytes per step as without recompute', () => {
    const full = simulate(ZERO3);
    const none = simulate(withChanges(ZERO3, { parallel: { recompute: 'none' } }));
    expect(full.breakdownS.dataComm).toBeGreaterThan(0);
    expect(full.breakdownS.dataComm / none.breakdownS.dataComm).toBeGreaterThan(0.99);
    expect(full.breakdownS.dataComm / none.breakdownS.dataComm).toBeLessThan(1.03);
    expect(full.breakdownS.compute).toBeGreaterThan(1.25 * none.breakdownS.compute);
  });

  it('are listed by `sim train` twice per weight per microbatch, forward and backward', () => {
    const r = report(ZERO3);
    const m = r.microbatches;
    for (const weight of ['wqkv', 'wo', 'w1', 'w2']) {
      const gathers = r.collectives.filter(
        (c) =>
          c.block === 'layer' && c.tensor === weight && c.role === 'parameter' && c.kind === 'all-gather',
      );
      expect(gathers.map((c) => c.phase).sort(), weight).toEqual(['backward', 'forward']);
      expect(
        gathers.reduce((n, c) => n + c.perStep, 0),
        weight,
      ).toBe(2 * ZERO3.model.layers * m);
    }
  });
});
