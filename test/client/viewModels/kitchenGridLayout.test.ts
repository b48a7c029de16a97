import { describe, expect, it } from 'vitest';
import { makeMesh } from '../../../shared/sim/mesh.ts';
import { unwrap } from '../../../shared/sim/result.ts';
import { kitchenGridLayout } from '../../../client/viewModels/kitchenGridLayout.ts';

const box = { x: 0, y: 0, width: 800, height: 600 };

describe('kitchenGridLayout', () => {
  it('puts the first axis down the rows and the second across the columns', () => {
    const layout = kitchenGridLayout(
      unwrap(
        makeMesh([
          ['data', 2],
          ['model', 2],
        ]),
      ),
      box,
      20,
    );
    expect([layout.rows, layout.columns]).toEqual([2, 2]);
    const [k0, k1, k2] = layout.cells;
    expect(k1!.x).toBeGreaterThan(k0!.x);
    expect(k1!.y).toBe(k0!.y);
    expect(k2!.y).toBeGreaterThan(k0!.y);
    expect(k2!.x).toBe(k0!.x);
    expect(layout.windows).toEqual([
      { from: 0, to: 1, axis: 'model', orientation: 'horizontal' },
      { from: 0, to: 2, axis: 'data', orientation: 'vertical' },
      { from: 1, to: 3, axis: 'data', orientation: 'vertical' },
      { from: 2, to: 3, axis: 'model', orientation: 'horizontal' },
    ]);
  });

  it('keeps every kitchen inside the box without overlaps', () => {
    const layout = kitchenGridLayout(
      unwrap(
        makeMesh([
          ['x', 2],
          ['y', 2],
          ['z', 2],
        ]),
      ),
      box,
      10,
    );
    for (const c of layout.cells) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.y).toBeGreaterThanOrEqual(0);
      expect(c.x + c.width).toBeLessThanOrEqual(800 + 1e-9);
      expect(c.y + c.height).toBeLessThanOrEqual(600 + 1e-9);
    }
    // Kitchens 1 (0,0,1) and 2 (0,1,0) sit side by side but are not mesh neighbours: no window between them.
    expect(layout.windows.find((w) => w.from === 1 && w.to === 2)).toBeUndefined();
    expect(layout.windows.find((w) => w.from === 0 && w.to === 1)?.axis).toBe('z');
  });

  it('draws a one-axis mesh as one row', () => {
    const layout = kitchenGridLayout(unwrap(makeMesh([['stage', 4]])), box);
    expect([layout.rows, layout.columns]).toEqual([1, 4]);
    expect(layout.windows.every((w) => w.axis === 'stage')).toBe(true);
  });
});
