// When a data-parallel gradient is final: the step's last microbatch (ZeRO 0–1), or every microbatch under
// ZeRO-2/3, which keep only their partition of the gradients (gradientReductions.ts). Worked by hand on a
// one-device pipeline, then read off `sim train`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reductionRuns, type Span } from '../../../../shared/sim/cost/gradientOverlap.ts';
import { simulatePipeline } from '../../../../shared/sim/cost/pipelineSimulation.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { NO_TASK } from '../../../../shared/sim/train/blockCost.ts';
import {
  deviceReductions,
  linkEndS,
  stageLinkProfile,
  type DeviceReductions,
  type StageLinkProfile,
} from '../../../../shared/sim/train/gradientReductions.ts';
import { PUBLISHED_RUNS } from '../../../../shared/sim/train/publishedRuns.ts';
import { stepCollectives } from '../../../../shared/sim/train/trainCollectives.ts';
import { simulate, withChanges } from './helpers.ts';

/** One layer: forward 1 s (the first `gatherS` of it a parameter gather), backward 2 s, one gradient of `reduceS` ready 1 s in. */
const oneLayer = (reduceS: number, gatherS = 0): StageLinkProfile =>
  stageLinkProfile({
    layers: 1,
    layer: {
      forward: { ...NO_TASK, computeS: 1 - gatherS, dataS: gatherS },
      recompute: NO_TASK,
      backward: { ...NO_TASK, computeS: 2 },
      gradients: [{ readyS: 1, durationS: reduceS }],
    },
  });
// p = 1, m = 2: F0 0–1, B0 1–3, F1 3–4, B1 4–6.
const timeline = unwrap(
  simulatePipeline({ schedule: '1f1b', stages: 1, microbatches: 2, forwardS: [1], backwardS: [2] }),
);
/** A device's placed tasks read back as the reductions they queue, the spans they hold, and what is exposed. */
const readBack = (r: DeviceReductions) => {
  const pieces: Span[] = [];
  const endS = linkEndS(r, (startS, endS) => pieces.push({ startS, endS }));
  return {
    items: r.tasks
      .filter((t) => t.reduces)
      .flatMap((t) =>
        t.profile.items.map((g) => ({ readyS: t.readyAtS ?? t.atS + g.readyS, durationS: g.durationS })),
      ),
    busy: r.tasks.flatMap((t) =>
      t.profile.busy.map((b) => ({ startS: t.atS + b.startS, endS: t.atS + b.endS })),
    ),
    pieces,
    exposedS: Math.max(0, endS - r.windowS),
  };
};
const exposed = (profile: StageLinkProfile, everyMicrobatch: boolean, overlap = true) =>
  readBack(deviceReductions(timeline, 0, [profile], { everyMicrobatch, overlap }));

describe('a one-device step of two microbatches', () => {
  it('reduces once a step behind the last backward', () => {
    // B1 runs 4–6: the reduction is ready at 5 and runs 5–8.5 past the end at 6.
    const r = exposed(oneLayer(3.5), false);
    expect(r.items).toEqual([{ readyS: 5, durationS: 3.5 }]);
    expect(r.exposedS).toBeCloseTo(2.5, 12);
  });
  it('reduces every microbatch, each queued behind the one before', () => {
    // Ready at 2 and 5: 2–5.5, then 5.5–9: 3 s past the end.
    const r = exposed(oneLayer(3.5), true);
    expect(r.items).toEqual([
      { readyS: 2, durationS: 3.5 },
      { readyS: 5, durationS: 3.5 },
    ]);
    expect(r.exposedS).toBeCloseTo(3, 12);
    // Short reductions hide behind the next task: 2–3 and 5–6, nothing exposed.
    expect(exposed(oneLayer(1), true).exposedS).toBe(0);
  });
  it('lets the next forward task’s gather hold the link first', () => {
    // F1's gather holds 3–3.5: the first reduction runs 2–3 and 3.5–6, the second 6–9.5.
    const r = exposed(oneLayer(3.5, 0.5), true);
    expect(r.busy).toEqual([
      { startS: 0, endS: 0.5 },
      { startS: 3, endS: 3.5 },
    ]);
    expect(r.exposedS).toBeCloseTo(3.5, 12);
    expect(r.pieces).toEqual([
      { startS: 2, endS: 3 },
      { startS: 3.5, endS: 6 },
      { startS: 6, endS: 9.5 },
    ]);
    // as the list form of the same queue runs them
    expect(reductionRuns(r.items, r.busy).flatMap((run) => run.pieces)).toEqual(r.pieces);
  });
  it('starts each microbatch’s reductions at its backward’s end without overlap', () => {
    // Ready at 3 and 6: 3–6.5, 6.5–10.
    expect(exposed(oneLayer(3.5), true, false).exposedS).toBeCloseTo(4, 12);
    // Once a step: ready at the device's end, 6–9.5.
    expect(exposed(oneLayer(3.5), false, false).exposedS).toBeCloseTo(3.5, 12);
  });
  it('never exposes less by reducing every microbatch (any sizes, any number of microbatches)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.double({ min: 0.1, max: 3, noNaN: true }),
        fc.double({ min: 0.1, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (m, f, b, reduceS, at) => {
          const line = unwrap(
            simulatePipeline({ schedule: '1f1b', stages: 1, microbatches: m, forwardS: [f], backwardS: [b] }),
          );
          const profile = stageLinkProfile({
            layers: 1,
            layer: {
              forward: { ...NO_TASK, computeS: f },
              recompute: NO_TASK,
              backward: { ...NO_TASK, computeS: b },
              gradients: [{ readyS: at * b, durationS: reduceS }],
            },
          });
          const run = (everyMicrobatch: boolean) => {
            const r = readBack(deviceReductions(line, 0, [profile], { everyMicrobatch, overlap: true }));
            return { n: r.items.length, exposedS: r.exposedS };
          };
          const once = run(false);
          const every = run(true);
          expect(every.n).toBe(m * once.n);
          expect(every.exposedS).toBeGreaterThanOrEqual(once.exposedS - 1e-9);
          if (m === 1) expect(every.exposedS).toBeCloseTo(once.exposedS, 9);
        },
      ),
    );
  });
});

describe('what a stage puts on the link', () => {
  it('makes a gradient final by the end of its task, and queues none that takes no time', () => {
    // A ready time past the task's 2 s (asynchronous collectives counted whole) is the task's end.
    const late = stageLinkProfile({
      layers: 1,
      layer: {
        forward: NO_TASK,
        recompute: NO_TASK,
        backward: { ...NO_TASK, computeS: 2 },
        gradients: [
          { readyS: 2.5, durationS: 1 },
          { readyS: 1, durationS: 0 },
        ],
      },
    });
    expect(late.backward.items).toEqual([{ readyS: 2, durationS: 1 }]);
  });
  it('exposes no data-parallel time without data parallelism (Korthikanti’s 22B, TP 8, one replica)', () => {
    const run = PUBLISHED_RUNS.find((r) => r.id === 'k5-22b-full')!;
    expect(run.request.parallel.dp).toBe(1);
    const sim = simulate(run.request);
    expect(sim.exposedGradientS).toEqual([0]);
    expect(sim.breakdownS.dataComm).toBe(0);
  });
});

describe('sim train: ZeRO-2/3 reduce-scatter every microbatch, ZeRO-1 once a step', () => {
  // GPT 1.3B on 16 GPUs over two nodes, 8 microbatches per replica.
  const base = {
    model: { layers: 24, hidden: 2048, heads: 16, seq: 2048, vocab: 51200 },
    hardware: { preset: 'a100-80gb' },
    parallel: { dp: 16, pp: 2, globalBatch: 128, microBatch: 1, recompute: 'full', zeroStage: 1 },
    precision: 'bf16-mixed',
  };
  const zero = (stage: number, globalBatch = 128) =>
    simulate(withChanges(base, { parallel: { zeroStage: stage, globalBatch } }));
  it('passes m times the bytes, and lists each gradient m times a step', () => {
    const [z1, z2, z3] = [zero(1), zero(2), zero(3)];
    expect(z1.microbatches).toBe(8);
    for (const z of [z2, z3])
      z.gradientReductionS.forEach((s, d) => expect(s).toBeCloseTo(8 * z1.gradientReductionS[d]!, 9));
    const runs = (s: typeof z1) =>
      stepCollectives(s)
        .collectives.filter((c) => c.role === 'gradient')
        .map((c) => c.perStep);
    expect(runs(z2)).toEqual(runs(z1).map((n) => 8 * n));
    expect(runs(z1)[0]).toBe(12); // 12 layers on a stage, once each
    // They are the timeline's 'collective' events, one per stretch the link is busy (back-to-back reductions
    // are one stretch), and the queue ends where the exposed part says.
    for (let d = 0; d < 2; d++) {
      const events = z2.timelineWithCollectives.deviceEvents(d).filter((e) => e.kind === 'collective');
      for (let i = 1; i < events.length; i++) expect(events[i]!.startS).toBeGreaterThan(events[i - 1]!.endS);
      const total = events.reduce((a, e) => a + e.endS - e.startS, 0);
      expect(total).toBeCloseTo(z2.gradientReductionS[d]!, 9);
      expect(events.at(-1)!.endS).toBeCloseTo(z2.timeline.endS[d]! + z2.exposedGradientS[d]!, 9);
      // the first runs during the first microbatch's backward, long before the last one's
      const firstBackward = z2.timeline
        .deviceEvents(d)
        .find((e) => e.kind === 'recompute' || e.kind === 'backward')!;
      expect(events[0]!.startS).toBeGreaterThanOrEqual(firstBackward.startS - 1e-12);
      expect(events[0]!.startS).toBeLessThan(z2.timeline.endS[d]! / 2);
    }
    // The reductions of the last microbatch are ZeRO-1's: the others can only add to what is exposed.
    z2.exposedGradientS.forEach((s, d) => expect(s).toBeGreaterThanOrEqual(z1.exposedGradientS[d]! - 1e-12));
  });
  it('is ZeRO-1’s passing with one microbatch', () => {
    const [z1, z2] = [zero(1, 16), zero(2, 16)];
    expect(z1.microbatches).toBe(1);
    z2.gradientReductionS.forEach((s, d) => expect(s).toBeCloseTo(z1.gradientReductionS[d]!, 12));
    z2.exposedGradientS.forEach((s, d) => expect(s).toBeCloseTo(z1.exposedGradientS[d]!, 12));
  });
});
