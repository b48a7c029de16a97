// formatPercent: whole percents, and a share that is there never reads as none (or as all).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPercent } from '../../../shared/game/format.ts';

describe('formatPercent', () => {
  it('rounds to whole percents, and says "<1%" / ">99%" for a share that rounds to none or all', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0.254)).toBe('25%');
    expect(formatPercent(0.0008)).toBe('<1%');
    expect(formatPercent(0.998)).toBe('>99%');
  });

  it('reads "0%" only for nothing and "100%" only for everything', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (x) => {
        const text = formatPercent(x);
        if (text === '0%') expect(x).toBe(0);
        if (text === '100%') expect(x).toBe(1);
      }),
    );
  });
});
