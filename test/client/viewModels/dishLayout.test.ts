// The global view's dishes: pictures where each gets at least MIN_PICTURE_PX, a list of rows at least
// MIN_ROW_PX tall otherwise (issue 13 item 7: a phone's pictures were ~8 px tall).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dishLayout, MIN_PICTURE_PX, MIN_ROW_PX } from '../../../client/viewModels/dishLayout.ts';

describe('dishLayout', () => {
  it('draws pictures at 1280×720 (13 dishes in the right half)', () => {
    expect(dishLayout(13, { x: 0, y: 0, width: 720, height: 260 }, 18)).toMatchObject({
      kind: 'pictures',
      columns: 7,
      rows: 2,
    });
  });

  it('lists a phone’s 10 dishes (a 374×100 px box) in rows of at least 22 px', () => {
    const l = dishLayout(10, { x: 0, y: 0, width: 374, height: 100 }, 16);
    expect(l).toEqual({ kind: 'list', columns: 3, rows: 4, rowH: 25 });
  });

  it('never gives a picture under MIN_PICTURE_PX nor a list row under MIN_ROW_PX', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 200, max: 900 }),
        fc.integer({ min: 80, max: 500 }),
        fc.integer({ min: 14, max: 22 }),
        (n, width, height, font) => {
          const l = dishLayout(n, { x: 0, y: 0, width, height }, font);
          expect(l.columns * l.rows).toBeGreaterThanOrEqual(n);
          if (l.kind === 'pictures') {
            const w = (width - l.gap * (l.columns - 1)) / l.columns;
            const h = (height - l.gap * (l.rows - 1)) / l.rows - font * 1.5;
            expect(Math.min(w, h * 1.6)).toBeGreaterThanOrEqual(MIN_PICTURE_PX);
          } else expect(l.rowH).toBeGreaterThanOrEqual(MIN_ROW_PX);
        },
      ),
    );
  });
});
