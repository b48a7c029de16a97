// Properties of any simulated pipeline: each device's events tile [0, stepS] without overlap, every
// (microbatch, model stage) runs one forward and one backward on its device, and data dependencies hold:
// forward on stage k after forward on k−1 plus the send; backward (with its recompute) on stage k after
// backward on k+1 plus the send, and after its own forward; each stage's last backward begins where
// `finalBackwardS` says. Times are multiples of 1/4 so sums are exact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SCHEDULES,
  simulatePipeline,
  type PipelineInput,
  type PipelineTimeline,
  type TimelineEvent,
} from '../../../../shared/sim/cost/pipelineSimulation.ts';
import { withCollectives } from '../../../../shared/sim/cost/withCollectives.ts';

const quarter = (max: number) => fc.integer({ min: 1, max }).map((n) => n / 4);

const inputs: fc.Arbitrary<PipelineInput> = fc
  .record({
    schedule: fc.constantFrom(...SCHEDULES),
    stages: fc.integer({ min: 1, max: 5 }),
    groups: fc.integer({ min: 1, max: 4 }),
    chunks: fc.integer({ min: 1, max: 3 }),
    sendS: fc.constantFrom(0, 0.25, 1),
    recompute: fc.boolean(),
    seed: fc.array(fc.tuple(quarter(12), quarter(16), quarter(4)), { minLength: 15, maxLength: 15 }),
  })
  .map(({ schedule, stages: p, groups, chunks, sendS, recompute, seed }) => {
    const v = schedule === 'interleaved' ? chunks : 1;
    const m = schedule === 'interleaved' ? groups * p : groups * 2 - 1; // 1, 3, 5, 7 otherwise
    const times = Array.from({ length: p * v }, (_, k) => seed[k % seed.length]!);
    return {
      schedule,
      stages: p,
      microbatches: m,
      chunks: v,
      forwardS: times.map((t) => t[0]),
      backwardS: times.map((t) => t[1]),
      recomputeS: recompute ? times.map((t) => t[2]) : undefined,
      sendS,
    };
  });

describe('pipeline simulation invariants (fast-check)', () => {
  it('tiles each device timeline, runs every task once and respects causality', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = simulatePipeline(input);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const { events, stepS, bubbleFraction, peakInFlight } = result.value;
        const p = input.stages;
        const v = input.chunks ?? 1;
        const m = input.microbatches;
        const send = p > 1 ? (input.sendS ?? 0) : 0;
        const at = (k: number, j: number) => k * m + j;
        const fwd: (TimelineEvent | undefined)[] = [];
        const bwd: (TimelineEvent | undefined)[] = [];
        const startOfBackward: number[] = []; // recompute start if any, else backward start
        let idle = 0;
        events.forEach((list, d) => {
          let t = 0;
          let inFlight = 0;
          let peak = 0;
          let pendingRecompute: number | undefined;
          for (const e of list) {
            expect(e.device).toBe(d);
            expect(e.startS).toBe(t); // contiguous, so never overlapping
            expect(e.endS).toBeGreaterThan(e.startS);
            t = e.endS;
            if (e.kind === 'idle') idle += e.endS - e.startS;
            const k = (e.chunk ?? 0) * p + d;
            const j = e.microbatch ?? -1;
            if (e.kind === 'forward') {
              expect(fwd[at(k, j)]).toBeUndefined();
              fwd[at(k, j)] = e;
              peak = Math.max(peak, ++inFlight);
            } else if (e.kind === 'recompute') {
              pendingRecompute = e.startS;
            } else if (e.kind === 'backward') {
              expect(bwd[at(k, j)]).toBeUndefined();
              bwd[at(k, j)] = e;
              startOfBackward[at(k, j)] = pendingRecompute ?? e.startS;
              pendingRecompute = undefined;
              inFlight--;
            }
          }
          expect(t).toBe(stepS);
          expect(peak).toBe(peakInFlight[d]);
        });
        expect(bubbleFraction).toBeCloseTo(idle / (p * stepS), 12);
        const K = p * v;
        for (let k = 0; k < K; k++)
          for (let j = 0; j < m; j++) {
            const f = fwd[at(k, j)]!;
            const b = bwd[at(k, j)]!;
            expect(f).toBeDefined();
            expect(b).toBeDefined();
            if (k > 0) expect(f.startS).toBeGreaterThanOrEqual(fwd[at(k - 1, j)]!.endS + send);
            if (k < K - 1)
              expect(startOfBackward[at(k, j)]).toBeGreaterThanOrEqual(bwd[at(k + 1, j)]!.endS + send);
            expect(startOfBackward[at(k, j)]).toBeGreaterThanOrEqual(f.endS);
          }
        // Each stage's last backward task (its recompute first) is where finalBackwardS says.
        const last = Array.from({ length: K }, (_, k) =>
          Math.max(...Array.from({ length: m }, (_, j) => startOfBackward[at(k, j)]!)),
        );
        expect(result.value.finalBackwardS).toEqual(last);
      }),
      { numRuns: 100 },
    );
  });

  it('never beats the busiest device or one microbatch’s critical path', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = simulatePipeline(input);
        if (!r.ok) return;
        const m = input.microbatches;
        const p = input.stages;
        const perStage = input.forwardS.map((f, k) => f + input.backwardS[k]! + (input.recomputeS?.[k] ?? 0));
        const busiest = Math.max(
          ...Array.from({ length: p }, (_, d) =>
            perStage.filter((_t, k) => k % p === d).reduce((a, b) => a + b, 0),
          ),
        );
        const path = perStage.reduce((a, b) => a + b, 0);
        expect(r.value.stepS).toBeGreaterThanOrEqual(m * busiest);
        expect(r.value.stepS).toBeGreaterThanOrEqual(path);
      }),
      { numRuns: 100 },
    );
  });

  it('forEachEvent visits what deviceEvents lists, in order, with −1 for no microbatch or chunk', () => {
    const visited = (t: PipelineTimeline, d: number): TimelineEvent[] => {
      const out: TimelineEvent[] = [];
      t.forEachEvent(d, (kind, startS, endS, microbatch, chunk) =>
        out.push(
          microbatch < 0
            ? { device: d, kind, startS, endS }
            : { device: d, kind, microbatch, chunk, startS, endS },
        ),
      );
      return out;
    };
    fc.assert(
      fc.property(inputs, (input) => {
        const r = simulatePipeline(input);
        if (!r.ok) return;
        // a reduction on every device, overlapping its last quarter: withCollectives merges it in
        const merged = withCollectives(r.value, (device) => {
          const end = r.value.endS[device]!;
          return [{ device, kind: 'collective', startS: end * 0.75, endS: end + 0.25 }];
        });
        for (let d = 0; d < input.stages; d++) {
          // visited before deviceEvents is read: the compact record is read, not the cache
          expect(visited(r.value, d)).toEqual(r.value.deviceEvents(d));
          expect(visited(merged, d)).toEqual(merged.deviceEvents(d));
        }
      }),
      { numRuns: 100 },
    );
  });
});
