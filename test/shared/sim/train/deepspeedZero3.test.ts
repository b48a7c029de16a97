// The ZeRO-3 hook replay (shared/sim/train/deepspeedZero3.ts): two hand-worked steps, then properties of any
// step — never faster than its compute or than the link work it must do, and exactly serial when nothing is
// prefetched or kept (every fetch then waits for the whole device).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepspeedZero3Step, type HookWeight } from '../../../../shared/sim/train/deepspeedZero3.ts';

const UNLIMITED = { maxLiveNumel: Infinity, maxReuseNumel: Infinity };

describe('deepspeedZero3Step by hand', () => {
  it('one weight: gather 1, forward 2, backward 4, reduction 1 run one after another (8)', () => {
    const w: HookWeight = { numel: 10, gatherS: 1, reduceS: 1, forwardS: 2, backwardS: 4 };
    // forward: gather [0,1], compute [1,3]; kept for its backward (nothing used in between): compute [3,7],
    // then its reduction [7,8]
    expect(deepspeedZero3Step([w], 1, false, UNLIMITED)).toEqual({ forwardS: 3, backwardS: 5 });
  });

  it("two weights: B's gather hides under A's forward, the reductions wait for their gradients (11)", () => {
    const a: HookWeight = { numel: 10, gatherS: 1, reduceS: 1, forwardS: 2, backwardS: 4 };
    const b: HookWeight = { numel: 10, gatherS: 2, reduceS: 1, forwardS: 1, backwardS: 2 };
    // A: gather [0,1]; prefetch B [1,3] while A computes [1,3]; B's hook waits for both (3), computes [3,4].
    // Backward, both kept: B [4,6] then its reduction [6,7]; A [6,10], its reduction [10,11].
    expect(deepspeedZero3Step([a, b], 1, false, UNLIMITED)).toEqual({ forwardS: 4, backwardS: 7 });
  });
});

const weight: fc.Arbitrary<HookWeight> = fc
  .record({
    numel: fc.integer({ min: 1, max: 100 }),
    gatherS: fc.integer({ min: 0, max: 8 }),
    reduceS: fc.integer({ min: 0, max: 8 }),
    forwardS: fc.integer({ min: 0, max: 8 }),
    backwardS: fc.integer({ min: 0, max: 16 }),
  })
  .map((w) => ({
    ...w,
    gatherS: w.gatherS / 4,
    reduceS: w.reduceS / 4,
    forwardS: w.forwardS / 4,
    backwardS: w.backwardS / 4,
  }));
const steps = fc.record({
  weights: fc.array(weight, { minLength: 1, maxLength: 5 }),
  layers: fc.integer({ min: 1, max: 4 }),
  recompute: fc.boolean(),
  maxLiveNumel: fc.integer({ min: 0, max: 400 }),
  maxReuseNumel: fc.integer({ min: 0, max: 400 }),
});
const sum = (ws: readonly HookWeight[], f: (w: HookWeight) => number) => ws.reduce((s, w) => s + f(w), 0);

describe('deepspeedZero3Step properties (fast-check)', () => {
  it('takes at least its compute, and at least one gather per weight and every reduction on the link', () => {
    fc.assert(
      fc.property(steps, ({ weights, layers, recompute, maxLiveNumel, maxReuseNumel }) => {
        const r = deepspeedZero3Step(weights, layers, recompute, { maxLiveNumel, maxReuseNumel });
        const compute = layers * sum(weights, (w) => (recompute ? 2 : 1) * w.forwardS + w.backwardS);
        const link = layers * sum(weights, (w) => w.gatherS + w.reduceS);
        expect(r.forwardS).toBeGreaterThanOrEqual(layers * sum(weights, (w) => w.forwardS) - 1e-9);
        expect(r.forwardS + r.backwardS).toBeGreaterThanOrEqual(compute - 1e-9);
        expect(r.forwardS + r.backwardS).toBeGreaterThanOrEqual(link - 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('is exactly serial when nothing is prefetched or kept: every use gathers, computes, then reduces', () => {
    fc.assert(
      fc.property(steps, ({ weights, layers, recompute }) => {
        const r = deepspeedZero3Step(weights, layers, recompute, { maxLiveNumel: 0, maxReuseNumel: 0 });
        const uses = recompute ? 3 : 2;
        const serial =
          layers *
          sum(weights, (w) => uses * w.gatherS + (recompute ? 2 : 1) * w.forwardS + w.backwardS + w.reduceS);
        expect(r.forwardS + r.backwardS).toBeCloseTo(serial, 9);
      }),
      { numRuns: 200 },
    );
  });
});
