// ZeRO that never refuses (docs/pricing.md "ZeRO"): DeepSpeed's padded flat partitions, ⌈n/dp⌉ elements
// per rank, and ZeRO-3's per-layer gathers and reduce-scatters on the link the data axis crosses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricedCollective } from '../../../../shared/sim/cost/pricePlan.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { flatPartition } from '../../../../shared/sim/train/flatZero.ts';
import { PUBLISHED_RUNS } from '../../../../shared/sim/train/publishedRuns.ts';
import { trainBlocks, type TrainBlocks } from '../../../../shared/sim/train/trainBlocks.ts';
import { trainCommand } from '../../../../shared/sim/train/trainReport.ts';
import { A100, request } from './helpers.ts';

const SMALL = { layers: 2, hidden: 96, heads: 4, seq: 8, vocab: 64, ffn: 96 };
const smallDoc = (dp: number, zeroStage: number, tp = 1) => ({
  model: SMALL,
  hardware: A100,
  parallel: { dp, tp, globalBatch: dp, zeroStage },
});
const blocksOf = (doc: unknown): TrainBlocks => {
  const r = request(doc);
  return unwrap(trainBlocks(r.model, r.hardware, r.parallel, r.precision));
};
const layerOf = (doc: unknown) => blocksOf(doc).layer;
const sumBytes = (cs: readonly PricedCollective[]) => cs.reduce((s, c) => s + c.groupBytes, 0);

/**
 * Elements of each parameter of one Megatron layer on one tensor-parallel rank (Shoeybi et al. 2019 §3:
 * QKV, W1 and their biases column-parallel, Wo and W2 row-parallel; the other biases and the layer norms
 * replicated), written out independently of the layouts.
 */
function layerShards(h: number, ffn: number, tp: number): number[] {
  return [3 * h * h, 3 * h, h * h, h * ffn, ffn, ffn * h].map((n) => n / tp).concat([h, h, h, h, h, h]);
}

describe('flatPartition', () => {
  it('pads to a multiple of dp: ⌈n/dp⌉ per rank', () => {
    expect(flatPartition(96, 7)).toBe(14); // 98 = 7·14 after 2 elements of padding
    expect(flatPartition(27648, 7)).toBe(3950);
    expect(flatPartition(36864, 384)).toBe(96); // divides: no padding
    expect(flatPartition(5, 2048)).toBe(1);
    expect(flatPartition(0, 3)).toBe(0);
  });
});

describe('the padded flat partition, worked by hand (h 96, ffn 96, dp 7: nothing divides by 7)', () => {
  // Per layer: wqkv 27648 → 3950, bqkv 288 → 42, wo/w1/w2 9216 → 1317 each, 7 vectors of 96 → 14 each:
  // 3950 + 42 + 3·1317 + 7·14 = 8041 elements per rank, of 56256.
  const ELEMENTS = 56256;
  const PER_RANK = 8041;
  it('stage 1 shards the Adam state only, stage 2 the gradients too, stage 3 the parameters too', () => {
    const s1 = layerOf(smallDoc(7, 1)).state;
    expect([s1.params, s1.grads, s1.optimizer]).toEqual([2 * ELEMENTS, 2 * ELEMENTS, 12 * PER_RANK]);
    const s2 = layerOf(smallDoc(7, 2)).state;
    expect([s2.params, s2.grads, s2.optimizer]).toEqual([2 * ELEMENTS, 2 * PER_RANK, 12 * PER_RANK]);
    const s3 = layerOf(smallDoc(7, 3)).state;
    expect([s3.params, s3.grads, s3.optimizer]).toEqual([2 * PER_RANK, 2 * PER_RANK, 12 * PER_RANK]);
  });

  it('ZeRO-3 gathers the padded layer forward and again backward, and reduce-scatters its gradient', () => {
    const layer = layerOf(smallDoc(7, 3));
    const cs = layer.price.collectives;
    const of = (role: string, phase: string) => cs.filter((c) => c.role === role && c.phase === phase);
    // S = 7 · 8041 · 2 bytes = 112,574 per pass: the padded 16-bit buffer.
    expect(sumBytes(of('parameter', 'forward'))).toBe(7 * PER_RANK * 2);
    expect(sumBytes(of('parameter', 'backward'))).toBe(7 * PER_RANK * 2);
    expect(sumBytes(of('gradient', 'backward'))).toBe(7 * PER_RANK * 2);
    expect(of('gradient', 'backward').every((c) => c.kind === 'reduce-scatter')).toBe(true);
    expect(of('parameter', 'forward').every((c) => c.kind === 'all-gather' && c.axes.join() === 'data')).toBe(
      true,
    );
    // A ring all-gather sends (n−1)/n of S: bo's 196 bytes → 168.
    const bo = of('parameter', 'forward').find((c) => layer.plan.program.values[c.value]!.name === 'bo')!;
    expect([bo.groupBytes, bo.bytesPerDevice]).toEqual([196, 168]);
  });

  it('stages 1–2 all-gather the updated parameters after the step instead', () => {
    const cs = layerOf(smallDoc(7, 1)).price.collectives;
    expect(sumBytes(cs.filter((c) => c.phase === 'update'))).toBe(7 * PER_RANK * 2);
    expect(cs.some((c) => c.role === 'parameter')).toBe(false);
  });
});

describe('ZeRO-1 moves what plain data parallelism moves (Rajbhandari et al. 2020 §7.2.1: 2Ψ a step)', () => {
  // Each rank needs only its optimizer partition's gradient sum: DeepSpeed's stage 1 reduces each rank's
  // slice to it (`average_tensor`, reduce_scatter on by default), then all-gathers the updated parameters.
  // It used to be priced as a whole all-reduce plus that gather, 3Ψ, slower than ZeRO-2 (sim audit, stop 47).
  it.each([7, 8])('dp %i: every gradient is reduce-scattered over data, as at stage 2', (dp) => {
    const grads = (stage: number) =>
      layerOf(smallDoc(dp, stage)).price.collectives.filter((c) => c.role === 'gradient');
    const g1 = grads(1);
    expect(g1.length).toBeGreaterThan(0);
    expect(g1.every((c) => c.kind === 'reduce-scatter' && c.axes.join() === 'data')).toBe(true);
    expect(sumBytes(g1)).toBe(sumBytes(grads(2)));
    expect(g1.reduce((t, c) => t + c.timeS, 0)).toBeCloseTo(
      grads(2).reduce((t, c) => t + c.timeS, 0),
      12,
    );
  });

  it('sends 2(n−1)/n·Ψ·2 bytes a step at stages 0–2 and 3(n−1)/n·Ψ·2 at stage 3 (7.5B over 64 GPUs)', () => {
    const bytesOverPsi = (zeroStage: number) => {
      const r = trainCommand({
        model: { layers: 36, hidden: 4096, heads: 32, seq: 2048, vocab: 51200 },
        hardware: { preset: 'a100-80gb' },
        parallel: { tp: 1, pp: 1, dp: 64, globalBatch: 64, microBatch: 1, zeroStage, recompute: 'full' },
      });
      if (!r.ok) throw new Error(r.error.message);
      const data = r.value.collectives.filter((c) => c.axes.includes('data'));
      return data.reduce((t, c) => t + c.bytesPerDevice * c.perStep, 0) / (2 * r.value.parameters);
    };
    const ring = 63 / 64;
    for (const stage of [0, 1, 2]) expect(bytesOverPsi(stage), `stage ${stage}`).toBeCloseTo(2 * ring, 2);
    expect(bytesOverPsi(3)).toBeCloseTo(3 * ring, 2);
  });
});

describe('ZeRO-3 on GPT-3 175B over 384 GPUs (Narayanan Table 2): the bytes of one layer', () => {
  const run = PUBLISHED_RUNS.find((r) => r.id === 't2-zero3-175b-384')!;
  const blocks = blocksOf(run.request);
  const layer = blocks.layer;
  const h = 12288;
  const layerBytes = 2 * (12 * h * h + 13 * h); // Megatron eq. (2) per layer, 16-bit: 3,624,198,144 B

  it('moves the layer 3 times (Rajbhandari et al. §7: 3Ψ), all over InfiniBand', () => {
    const cs = layer.price.collectives.filter((c) => c.role !== 'activation');
    for (const [role, phase] of [
      ['parameter', 'forward'],
      ['parameter', 'backward'],
      ['gradient', 'backward'],
    ] as const)
      expect(sumBytes(cs.filter((c) => c.role === role && c.phase === phase))).toBe(layerBytes);
    expect(cs.every((c) => c.link === 'inter')).toBe(true);
  });

  it('prices the forward gathers as one coalesced ring: (n−1)/n·S/B + (n−1)·α, B 25 GB/s, α 9.6 µs', () => {
    const link = blocks.ctx.links.find((l) => l.axis === 'data')!;
    expect([link.bytesPerS, link.latencyS]).toEqual([25e9, 9.6e-6]);
    const expected = ((383 / 384) * layerBytes) / 25e9 + 383 * 9.6e-6; // 0.14827 s
    expect(layer.forward.dataS).toBeCloseTo(expected, 9);
    expect(layer.backward.dataS).toBeCloseTo(expected, 9);
    // Full recompute runs the forward again before the backward, and the backward reads the weights it
    // gathered: the recompute pays no gather of its own (zero3RecomputeGathers.test.ts).
    expect(layer.recompute.full.computeS).toBe(layer.forward.computeS);
    expect(layer.recompute.full.dataS).toBeLessThan(0.001 * expected);
  });
});

describe('ZeRO-3 on 530B over 2,240 GPUs (Narayanan Table 2): the working set of one op, by hand', () => {
  // h 20480 does not split over 2240 ranks: every weight is partitioned flat and gathered whole per use.
  const run = PUBLISHED_RUNS.find((r) => r.id === 't2-zero3-530b-2240')!;
  const layer = blocksOf(run.request).layer;
  const [b, s, h] = [1, 2048, 20480];
  it("is W1's backward input-gradient GEMM: W1 gathered, dY read, dX written (the update runs in place)", () => {
    // dX = dY·W1ᵀ: W1 [h, 4h] gathered (2 B), dY [b, s, 4h] and dX [b, s, h] live only while it runs;
    // X and the pre-GeLU output are saved activations, counted once, in their own row.
    const expected = 2 * (h * 4 * h) + 2 * (b * s * 4 * h) + 2 * (b * s * h); // 3,774,873,600 B
    expect(layer.temporaryBytes.none).toBe(expected);
    // Full recompute rematerialises the whole layer's Korthikanti activations on top.
    expect(layer.temporaryBytes.full).toBe(expected + layer.activationBytes.none);
  });
});

describe('no data-parallel size is refused', () => {
  it('prices dp 1..2048 (tp 1, 2, 4 up to 4096 devices) at every ZeRO stage, each parameter ⌈n/dp⌉ per rank (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2048 }),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom(1, 2, 4),
        (dp, stage, tp) => {
          fc.pre(dp * tp <= 4096); // sim train's device limit (docs/pricing.md), not ZeRO's
          const doc = smallDoc(dp, stage, tp);
          const priced = trainCommand(doc);
          expect(priced.ok).toBe(true);
          if (!priced.ok) return;
          expect(priced.value.memory.fits).toBe(true);
          const { layer } = blocksOf(doc);
          const shards = layerShards(SMALL.hidden, SMALL.ffn, tp);
          const whole = shards.reduce((s, n) => s + n, 0);
          const perRank = shards.reduce((s, n) => s + flatPartition(n, dp), 0);
          expect(layer.state.optimizer).toBe(12 * perRank);
          expect(layer.state.grads).toBe(2 * (stage >= 2 ? perRank : whole));
          expect(layer.state.params).toBe(2 * (stage >= 3 ? perRank : whole));
          for (const g of layer.gradients) expect(g.durationS).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('prices MT-NLG (ZeRO-1, 8–12 data-parallel ranks) and the ZeRO-3 rows of Narayanan Table 2', () => {
    const rows = PUBLISHED_RUNS.filter((r) => r.source === 'mt-nlg' || r.source === 'narayanan-t2-zero3');
    expect(rows.map((r) => r.id)).toHaveLength(9);
    for (const r of rows) {
      const priced = trainCommand(r.request);
      expect(priced.ok, r.id).toBe(true);
      if (priced.ok) expect(priced.value.iterationTimeS, r.id).toBeGreaterThan(0);
    }
  });

  it("shards MT-NLG's Adam state over 12 ranks: ZeRO's 12Ψ/N_d on the padded partitions", () => {
    const run = PUBLISHED_RUNS.find((r) => r.id === 'mtnlg-420')!;
    const { layer } = blocksOf(run.request);
    // h 20480, TP 8: no dimension of any weight divides by 12, so every parameter goes flat:
    // 13,107,200 + 4,369,067 + 2·17,476,267 + 640 + 854 + 6·1707 = 52,440,537 elements per rank.
    expect(layer.state.optimizer).toBe(12 * 52440537);
    expect(layer.state.params).toBe(2 * layerShards(20480, 4 * 20480, 8).reduce((s, n) => s + n, 0));
  });
});
