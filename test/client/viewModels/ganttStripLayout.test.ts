// Where the dynamic view's strip goes: worked by hand for a desktop box, a phone with many stages, and a
// single SPMD lane captioned above; and, for any box, the strip stays inside it and below the legend.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ganttStripLayout } from '../../../client/viewModels/ganttStripLayout.ts';

describe('ganttStripLayout', () => {
  it('gives each of 4 stages a row of font + 8 px on a desktop box, names in one column', () => {
    const box = { x: 0, y: 0, width: 800, height: 600 };
    const l = ganttStripLayout({ box, lanes: 4, font: 18, legendBottom: 60, captionH: 0, pad: 6 });
    // labelW = min(0.22 · 800, max(96, 5 · 18)) = 96; laneH = min(18 + 8, ⌊0.25 · 600 / 4⌋) = 26
    expect(l).toEqual({
      labelW: 96,
      laneH: 26,
      labelMin: 12,
      columns: 1,
      strip: { x: 102, y: 600 - 6 - 104, width: 800 - 12 - 96, height: 104 },
    });
  });

  it('grows a phone strip to 40% of the box for 35 stages, then thins lanes below the legend, names in two columns', () => {
    const box = { x: 0, y: 0, width: 390, height: 500 };
    // ⌊0.25 · 500 / 35⌋ = 3 px, raised to 8; under a 16 px line (⌈12 · 1.3⌉) 40% of the box gives ⌊200/35⌋ = 5: stays 8
    const l = ganttStripLayout({ box, lanes: 35, font: 14, legendBottom: 300, captionH: 0, pad: 6 });
    // room 500 − 6 − 306 = 188 < 35 · 8: lanes thin to ⌊188/35⌋ = 5 px, names alternate between 2 columns
    expect(l.laneH).toBe(5);
    expect(l.columns).toBe(2);
    expect(l.strip.y).toBeGreaterThanOrEqual(306);
  });

  it('widens the name column of a phone for two columns of names at their least size, up to 40% of the box', () => {
    const box = { x: 0, y: 0, width: 390, height: 500 };
    const input = { box, lanes: 8, font: 14, legendBottom: 380, captionH: 0, pad: 6 };
    // room 500 − 6 − 386 = 108 px: ⌊108/8⌋ = 13 px lanes, under a 16 px line, so two columns
    const unknown = ganttStripLayout(input);
    expect(unknown.columns).toBe(2);
    // without the names' width, min(0.22 · 390, max(96, 70)) = 85.8 px: two columns of 38.9 px
    expect(unknown.labelW).toBeCloseTo(85.8);
    // "station 7" at 12 px is about 55 px: 2 · (55 + 4) = 118 px for the column, the strip the rest
    const named = ganttStripLayout({ ...input, nameW: 55 });
    expect(named.labelW).toBe(118);
    expect(named.strip.width).toBe(390 - 12 - 118);
    // names as wide as the box: the column stops at 40% of it
    expect(ganttStripLayout({ ...input, nameW: 400 }).labelW).toBeCloseTo(156);
    // a desktop's single column of short names keeps its width
    const desk = { box: { x: 0, y: 0, width: 800, height: 600 }, lanes: 4, font: 18, legendBottom: 60 };
    expect(ganttStripLayout({ ...desk, captionH: 0, pad: 6, nameW: 60 }).labelW).toBe(96);
  });

  it('leaves no name column for a single lane, and keeps room for its caption', () => {
    const box = { x: 10, y: 20, width: 600, height: 400 };
    const l = ganttStripLayout({ box, lanes: 1, font: 16, legendBottom: 380, captionH: 20, pad: 6 });
    expect(l.labelW).toBe(0);
    expect(l.strip.x).toBe(16);
    // room 20 + 400 − 6 − 22 − 386 = 6 px for the lane
    expect(l.laneH).toBe(6);
  });

  it('keeps the strip inside the box and below the legend whenever there is room for 4 px lanes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 1600 }),
        fc.integer({ min: 200, max: 1200 }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 12, max: 20 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.integer({ min: 0, max: 40 }),
        (width, height, lanes, font, legendShare, captionH) => {
          const box = { x: 0, y: 0, width, height };
          const legendBottom = Math.round(height * legendShare);
          const l = ganttStripLayout({ box, lanes, font, legendBottom, captionH, pad: 6 });
          expect(l.strip.x + l.strip.width).toBeLessThanOrEqual(width);
          expect(l.strip.y + l.strip.height).toBeLessThanOrEqual(height);
          const room = height - 6 - (captionH > 0 ? captionH + 2 : 0) - (legendBottom + 6);
          if (room >= 4 * lanes)
            expect(l.strip.y).toBeGreaterThanOrEqual(
              legendBottom + 6 + (captionH > 0 ? captionH + 2 : 0) - 1e-9,
            );
          expect(l.laneH).toBeGreaterThanOrEqual(4);
        },
      ),
    );
  });
});
