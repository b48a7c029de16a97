// The dynamic view's send and receive stay apart from forward and backward compute at projector distance and
// for the common colour-vision deficiencies (issue 13): over EVENT_STYLES, each pair's colours as a
// deuteranope and a protanope see them (Machado et al. 2009) differ in luminance by a WCAG contrast ratio of
// at least 3:1 (the non-text minimum) and by CIEDE2000 ≥ 20, and in pattern too; send and receive differ from
// each other and from the cold stove by pattern, their light ink standing out on their dark fill. The
// colour science is checked against Sharma, Wu & Dalal 2005's published CIEDE2000 pairs.
import { describe, expect, it } from 'vitest';
import { EVENT_STYLES, LIGHT_INK } from '../../../client/views/eventStyles.ts';
import { deltaE2000, seenContrast, seenDeltaE, type Vision } from './colourVision.ts';

const VISIONS: readonly Vision[] = ['normal', 'deuteranopia', 'protanopia'];
const COMMS = ['send', 'recv'] as const;
const COMPUTE = ['forward', 'backward', 'recompute', 'update'] as const;

describe('the colour science the palette is checked with', () => {
  it('gives Sharma, Wu & Dalal 2005’s CIEDE2000 values (Table 1, pairs 1, 7, 17, 25)', () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(deltaE2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 4);
  });
  it('keeps white and black 21:1 apart and a grey the same for every vision', () => {
    expect(seenContrast(0xffffff, 0x000000, 'normal')).toBeCloseTo(21, 6);
    for (const v of VISIONS) expect(seenDeltaE(0x777777, 0x777777, v)).toBeCloseTo(0, 6);
  });
  it('sees the old send colour (Okabe–Ito blue) too close to forward’s sky blue', () => {
    // The colours the issue complained of: 2.2:1 in every vision, CIEDE2000 ≈ 22.
    for (const v of VISIONS) expect(seenContrast(0x0072b2, 0x56b4e9, v)).toBeLessThan(3);
  });
});

describe('send and receive against compute, as every vision sees them', () => {
  for (const comm of COMMS)
    for (const compute of COMPUTE)
      it.each(VISIONS)(`${comm} vs ${compute} (%s): ≥ 3:1 in luminance, CIEDE2000 ≥ 20`, (vision) => {
        const a = EVENT_STYLES[comm].colour;
        const b = EVENT_STYLES[compute].colour;
        expect(seenContrast(a, b, vision)).toBeGreaterThanOrEqual(3);
        expect(seenDeltaE(a, b, vision)).toBeGreaterThanOrEqual(20);
        expect(EVENT_STYLES[comm].pattern).not.toBe(EVENT_STYLES[compute].pattern);
      });
});

describe('send, receive and the cold stove apart by pattern', () => {
  it('send and receive share the pipeline’s colour but not their pattern', () => {
    expect(EVENT_STYLES.send.colour).toBe(EVENT_STYLES.recv.colour);
    expect(EVENT_STYLES.send.pattern).not.toBe(EVENT_STYLES.recv.pattern);
  });
  it.each(VISIONS)('their light ink stands ≥ 7:1 out on their dark fill, unlike the solid idle (%s)', (v) => {
    for (const comm of COMMS) {
      expect(EVENT_STYLES[comm].ink).toBe(LIGHT_INK);
      expect(seenContrast(LIGHT_INK, EVENT_STYLES[comm].colour, v)).toBeGreaterThanOrEqual(7);
      expect(EVENT_STYLES[comm].pattern).not.toBe(EVENT_STYLES.idle.pattern);
    }
    expect(EVENT_STYLES.idle.pattern).toBe('solid');
  });
  it('every kind has its own pattern, or its own colour where two share one', () => {
    const styles = Object.values(EVENT_STYLES).map((s) => `${s.colour}/${s.pattern}`);
    expect(new Set(styles).size).toBe(styles.length);
  });
});
