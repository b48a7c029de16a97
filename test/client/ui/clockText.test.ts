// The dynamic view's clock is in the step-time headline's unit (issue 13 item 4: the profiler showed
// "0.0 ms / 14986.8 ms" beside "Step time: 15.0 s").
import { describe, expect, it } from 'vitest';
import { formatSeconds } from '../../../shared/index.ts';
import { clockText } from '../../../client/ui/DynamicViewControls.ts';

describe('clockText', () => {
  it('keeps ms with one decimal under a second (the scrub moves by 0.1% of the step)', () => {
    expect(clockText(0.0341, 0.1364)).toEqual(['34.1 ms', '136.4 ms']);
  });
  it('prints a step of a second or more as the headline does, and now with as many decimals', () => {
    expect(clockText(0, 14.9868)).toEqual(['0.0 s', '15.0 s']);
    expect(clockText(1.5, 3.359)).toEqual(['1.50 s', '3.36 s']);
    expect(clockText(3, 123.4)).toEqual(['3 s', '123 s']);
    for (const s of [1, 3.359, 14.9868, 123.4]) expect(clockText(s, s)[1]).toBe(formatSeconds(s));
  });
});
