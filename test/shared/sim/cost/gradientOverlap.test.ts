// The data-parallel reduction queued behind the backward pass: only what runs past the window is exposed.
import { describe, expect, it } from 'vitest';
import { exposedReductionS, reductionQueueEndS } from '../../../../shared/sim/cost/gradientOverlap.ts';

describe('reductions queued on the data-parallel link', () => {
  it('start when their gradient is ready and run one at a time', () => {
    expect(reductionQueueEndS([])).toBe(0);
    expect(
      reductionQueueEndS([
        { readyS: 3, durationS: 1 },
        { readyS: 1, durationS: 2 },
      ]),
    ).toBe(4);
    expect(
      reductionQueueEndS([
        { readyS: 0, durationS: 2 },
        { readyS: 1, durationS: 2 },
      ]),
    ).toBe(4);
  });
  it('short reductions hide behind the backward pass except the last one', () => {
    // L layers, backward t_b each, reduction τ ≤ t_b each: exposed τ.
    const items = Array.from({ length: 12 }, (_, l) => ({ readyS: (l + 1) * 0.02, durationS: 0.005 }));
    expect(exposedReductionS(items, 12 * 0.02)).toBeCloseTo(0.005, 12);
  });
  it('long reductions leave L·τ − (L−1)·t_b exposed', () => {
    const items = Array.from({ length: 12 }, (_, l) => ({ readyS: (l + 1) * 0.02, durationS: 0.03 }));
    expect(exposedReductionS(items, 12 * 0.02)).toBeCloseTo(12 * 0.03 - 11 * 0.02, 12);
  });
});
