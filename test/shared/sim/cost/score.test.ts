// The game's score: zero with a reason, or tokens per second with stars.
import { describe, expect, it } from 'vitest';
import { formatGb, scorePlan } from '../../../../shared/sim/cost/score.ts';

const fits = { fits: true, worstDevice: 0, overflowBytes: 0 };
const stars = { one: 1000, two: 2000, three: 4000 };

describe('scorePlan', () => {
  it.each([
    [500, 0],
    [1000, 1],
    [3999, 2],
    [4000, 3],
  ] as const)('%d tokens/s earns %d stars', (tokensPerS, n) => {
    expect(scorePlan({ tokensPerS, memory: fits }, stars)).toEqual({ score: tokensPerS, stars: n });
  });
  it('is zero when a fridge overflows, naming the device and the overflow', () => {
    expect(
      scorePlan({ tokensPerS: 9000, memory: { fits: false, worstDevice: 3, overflowBytes: 2.46e9 } }, stars),
    ).toEqual({ score: 0, stars: 0, reason: 'out of memory on device 3 by 2.5 GB' });
  });
  it('is zero when the tasting fails, whatever the speed', () => {
    expect(scorePlan({ tokensPerS: 9000, memory: fits, tastingOk: false }, stars)).toEqual({
      score: 0,
      stars: 0,
      reason: 'tasting failed',
    });
  });
  it('refuses thresholds out of order', () => {
    expect(() => scorePlan({ tokensPerS: 1, memory: fits }, { one: 3, two: 2, three: 1 })).toThrow();
  });
  it('prints decimal gigabytes', () => expect(formatGb(16e9)).toBe('16.0 GB'));
  it('prints terabytes from what would read 1000.0 GB, as formatBytes does', () => {
    expect(formatGb(999.9e9)).toBe('999.9 GB');
    expect(formatGb(999.96e9)).toBe('1.00 TB');
    expect(formatGb(2804.3e9)).toBe('2.80 TB');
  });
});
