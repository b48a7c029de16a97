// ZeRO-3's gathers and its gradient reduce-scatters share one data-parallel link (a DGX A100 GPU's HCA): the
// reductions run in the link's free time (gradientOverlap.ts `busy`), worked out by hand. The Table 2 rows are
// read here without DeepSpeed's hooks (`zero3Hooks`, zero3Hooks.test.ts), as the default ZeRO-3 prices them.
import { describe, expect, it } from 'vitest';
import { exposedReductionS, reductionRuns } from '../../../../shared/sim/cost/gradientOverlap.ts';
import { taskS } from '../../../../shared/sim/train/blockCost.ts';
import { PUBLISHED_RUNS } from '../../../../shared/sim/train/publishedRuns.ts';
import { publishedIterationS } from '../../../../shared/sim/train/validateRuns.ts';
import { simulate } from './helpers.ts';

/** A published run's request priced by the default ZeRO-3 (gathers on the critical path), not the hooks. */
const exposed = (request: (typeof PUBLISHED_RUNS)[number]['request']) => {
  const { zero3Hooks: _h, zero3MaxLiveParameters: _m, ...parallel } = request.parallel;
  return simulate({ ...request, parallel });
};

describe('reductions around the link held by other collectives', () => {
  it('wait while the link is held and resume after it', () => {
    // One reduction of 2 s ready at 0; the link is held 1–4 s: it runs 0–1 and 4–5.
    const [run] = reductionRuns([{ readyS: 0, durationS: 2 }], [{ startS: 1, endS: 4 }]);
    expect(run).toEqual({
      startS: 0,
      endS: 5,
      pieces: [
        { startS: 0, endS: 1 },
        { startS: 4, endS: 5 },
      ],
    });
    // Ready inside a held span: it starts when the span ends.
    expect(reductionRuns([{ readyS: 2, durationS: 1 }], [{ startS: 1, endS: 3 }])[0]!.startS).toBe(3);
  });
  it('expose what the free time cannot carry', () => {
    // Window 10 s; the link is held 1–3, 4–8; 3 s of reductions ready at 0.5 and 3: free time 0.5–1, 3–4,
    // 8–10 carries 0.5 + 1 + 1.5 = 3 s, ending at 9.5, inside the window.
    const held = [
      { startS: 1, endS: 3 },
      { startS: 4, endS: 8 },
    ];
    const items = [
      { readyS: 0.5, durationS: 1 },
      { readyS: 3, durationS: 2 },
    ];
    expect(exposedReductionS(items, 10, held)).toBeCloseTo(0, 12);
    // Twice the bytes: 6 s, of which 0.5 + 1 + 2 = 3.5 s fit before 10: 2.5 s exposed.
    expect(
      exposedReductionS(
        items.map((r) => ({ ...r, durationS: 2 * r.durationS })),
        10,
        held,
      ),
    ).toBeCloseTo(2.5, 12);
    // Without held spans the old queue: 0.5 + 1 = 1.5, then 3–5: nothing exposed even at twice the bytes.
    expect(exposedReductionS(items, 10)).toBe(0);
  });
});

describe('ZeRO-3 at 1,536 GPUs (Narayanan Table 2): the reduce-scatters wait for the gathers', () => {
  const run = PUBLISHED_RUNS.find((r) => r.id === 't2-zero3-175b-1536')!;
  const sim = exposed(run.request);
  const layers = run.request.model.layers;
  const layer = sim.blocks.layer;
  const recompute = layer.recompute.full;
  it('exposes about R − (W − B): the reductions R beyond the window W less the gathers B', () => {
    // Per layer in the backward window: a recompute (gather, then the forward again) and a backward pass
    // (gather, then compute); the link carries the gathers B and has W − B free for R.
    const W = layers * (taskS(recompute) + taskS(layer.backward)) + taskS(sim.blocks.output.backward);
    const B = layers * (recompute.dataS + layer.backward.dataS) + sim.blocks.output.backward.dataS;
    const R = sim.gradientReductionS[0]!;
    expect(B).toBeGreaterThan(0.5 * W); // communication-bound: most of the window is gathers
    expect(R).toBeGreaterThan(W - B);
    const exposed = sim.exposedGradientS[0]!;
    // Lower bound: free time W − B carries at most that much; upper: the first gradient is ready one layer in.
    expect(exposed).toBeGreaterThanOrEqual(R - (W - B) - 1e-9);
    expect(exposed).toBeLessThanOrEqual(R - (W - B) + taskS(recompute) + taskS(layer.backward));
  });
});

// What Table 2's ZeRO-3 rows say about our link time, whatever the overlap: each GPU's one HCA carries every
// gather and reduction, so the busy time L we price for it can be no longer than a published step. L holds
// two gathers of each weight per microbatch (forward, recompute; the backward reads the recompute's copy, as
// XLA compiles it). Where compute C is under half of L the published steps are 37–45% above L: DeepSpeed of
// 2021 gathered most weights a third time, for the backward, because its `stage3_max_reuse_distance` (10⁹
// elements) is shorter than a 175B or 530B layer's recompute-to-backward span; the hooks' replay prices that
// (zero3Hooks.test.ts).
describe('ZeRO-3 (Narayanan Table 2): the data link we price bounds the published steps', () => {
  const rows = PUBLISHED_RUNS.filter((r) => r.source === 'narayanan-t2-zero3').map((run) => {
    const sim = exposed(run.request);
    const t = sim.stageTasks[0]!;
    const linkS =
      sim.microbatches * (t.forward.dataS + t.recompute.dataS + t.backward.dataS) +
      sim.gradientReductionS[0]! +
      sim.memory[0]!.updateCommS;
    return { id: run.id, linkS, computeS: sim.breakdownS.compute, publishedS: publishedIterationS(run) };
  });
  it('is below every published step', () => {
    for (const r of rows) expect(r.linkS, r.id).toBeLessThan(r.publishedS);
  });
  it('is a third short of the steps where compute is under half of it (microbatch 1): a gather per weight', () => {
    const linkBound = rows.filter((r) => r.computeS < r.linkS / 2);
    expect(linkBound.map((r) => r.id)).toEqual(['t2-zero3-175b-1536', 't2-zero3-530b-2240']);
    for (const r of linkBound) {
      expect(r.publishedS / r.linkS, r.id).toBeGreaterThan(1.3);
      expect(r.publishedS / r.linkS, r.id).toBeLessThan(1.5);
    }
  });
});
