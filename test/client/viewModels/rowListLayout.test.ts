// rowListLayout: one list, one size. The list shrinks as a whole (never below minScale) as far as lets every
// row that can fit on one line do so; a row that cannot, even at minScale, wraps instead and shrinks nothing.
// Worked by hand with one unit per code point (a heading's font 10% wider).
import { describe, expect, it } from 'vitest';
import { rowListLayout } from '../../../client/viewModels/rowListLayout.ts';

const units = (s: string) => Array.from(s).length;
const nb = (s: string) => s.replaceAll(' ', '\u00a0');

describe('rowListLayout', () => {
  it('keeps scale 1 and one line per row when every row fits', () => {
    const rows = ['Forward', 'AllReduce w · 1 ms'].map((text) => ({ text, room: 20, measure: units }));
    expect(rowListLayout(rows, 0.8)).toEqual({ scale: 1, lines: [['Forward'], ['AllReduce w · 1 ms']] });
  });

  it('shrinks the whole list for a row that fits at minScale, and wraps the one that does not', () => {
    const heading = { text: 'Update · banquet scale', room: 40, measure: (s: string) => units(s) * 1.1 };
    // 'AllReduce w · 881 µs × 1 · 262 MB over stage' is 44 units: fits in 40 at 40/44 ≈ 0.909 ≥ 0.8
    const short = {
      text: `AllReduce w · ${nb('881 µs × 1')} · ${nb('262 MB')} over stage`,
      room: 40,
      measure: units,
    };
    // 18 + 3 + 12 + 3 + 18 = 54 units: would need 40/54 ≈ 0.74 < 0.8, so it wraps (and does not shrink the list)
    const long = {
      text: `ppermute stage_out · ${nb('38.4 µs × 64')} · ${nb('10.5 MB')} over stage`,
      room: 40,
      measure: units,
    };
    const { scale, lines } = rowListLayout([heading, short, long], 0.8);
    expect(scale).toBeCloseTo(40 / 44, 12);
    // at that scale every row has 44 units of room: the heading (22 · 1.1 = 24.2) and the 44-unit row fit;
    // the long one breaks after its time (18 + 3 + 12 = 33; + 21 = 54 > 44)
    expect(lines).toEqual([
      ['Update · banquet scale'],
      [short.text],
      [`ppermute stage_out · ${nb('38.4 µs × 64')}`, `${nb('10.5 MB')} over stage`],
    ]);
  });

  it('never goes below minScale: with only too-long rows the list stays at scale 1 and they wrap', () => {
    const row = { text: 'AllReduce w · 881 µs', room: 10, measure: units };
    // 20 units in 10 needs 0.5 < 0.9: no shrink; 'AllReduce w' (11) is wider than 10 and breaks at its space,
    // its last line 'w' taking the time along ('w · 881 µs' is 1 + 3 + 6 = 10)
    expect(rowListLayout([row], 0.9)).toEqual({ scale: 1, lines: [['AllReduce', 'w · 881 µs']] });
  });
});
