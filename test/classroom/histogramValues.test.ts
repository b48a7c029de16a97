// The class histograms count only what each team's result has: the served rate of every team, the fridge
// of every evaluated plan, the step time of served plans (shared/classroom/histogramValues.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classHistograms, histogramValues } from '../../shared/classroom/histogramValues.ts';

const served = { score: 733, stepS: 1.4, worstMemoryBytes: 9e9, capacityBytes: 16e9 };
const overflowing = { score: 0, stepS: 1.403, worstMemoryBytes: 17.6e9, capacityBytes: 16e9 };
const refused = { score: 0, stepS: 0, worstMemoryBytes: 0, capacityBytes: 0 };

describe('histogramValues', () => {
  it('a served plan has all three figures', () => {
    expect(histogramValues(served)).toEqual({ tokensPerS: 733, worstMemoryGb: 9, stepS: 1.4 });
  });
  it('a plan that overflows has a fridge but no step time (it was never served)', () => {
    expect(histogramValues(overflowing)).toEqual({ tokensPerS: 0, worstMemoryGb: 17.6, stepS: null });
  });
  it('a plan the core refused has neither', () => {
    expect(histogramValues(refused)).toEqual({ tokensPerS: 0, worstMemoryGb: null, stepS: null });
  });
  it('classHistograms keeps team order and drops only missing figures', () => {
    expect(classHistograms([overflowing, served, refused])).toEqual({
      tokensPerS: [0, 733, 0],
      worstMemoryGb: [17.6, 9],
      stepS: [1.4],
    });
  });
  it('every served team has a step time, and no histogram holds a value of a team without the figure', () => {
    const team = fc.record({
      score: fc.oneof(fc.constant(0), fc.double({ min: 1, max: 1e7, noNaN: true })),
      stepS: fc.double({ min: 0, max: 1e3, noNaN: true }),
      worstMemoryBytes: fc.double({ min: 0, max: 1e12, noNaN: true }),
      capacityBytes: fc.oneof(fc.constant(0), fc.constant(16e9), fc.constant(80e9)),
    });
    fc.assert(
      fc.property(fc.array(team, { maxLength: 12 }), (teams) => {
        const h = classHistograms(teams);
        expect(h.tokensPerS).toHaveLength(teams.length);
        expect(h.stepS).toHaveLength(teams.filter((t) => t.score > 0).length);
        expect(h.worstMemoryGb).toHaveLength(teams.filter((t) => t.capacityBytes > 0).length);
      }),
    );
  });
});
