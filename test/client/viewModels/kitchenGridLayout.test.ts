import { describe, expect, it } from 'vitest';
import { makeMesh } from '../../../shared/sim/mesh.ts';
import { unwrap } from '../../../shared/sim/result.ts';
import { kitchenAt, kitchenGridLayout } from '../../../client/viewModels/kitchenGridLayout.ts';

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

  it('lays a 1 × 8 × 8 grid out as 8 rows of 8 (the split with the biggest kitchens), not one row of 64', () => {
    const mesh = unwrap(
      makeMesh([
        ['data', 1],
        ['stage', 8],
        ['model', 8],
      ]),
    );
    const layout = kitchenGridLayout(mesh, box, 10);
    expect([layout.rows, layout.columns]).toEqual([8, 8]);
    // Kitchen 9 is (stage 1, model 1): below kitchen 1 across a stage window, right of kitchen 8.
    expect(layout.windows.find((w) => w.from === 1 && w.to === 9)?.axis).toBe('stage');
    expect(layout.windows.find((w) => w.from === 8 && w.to === 9)?.axis).toBe('model');
    const k9 = layout.cells[9]!;
    expect(kitchenAt(layout, k9.x + 1, k9.y + 1)).toBe(9);
    expect(kitchenAt(layout, -5, -5)).toBeUndefined();
  });
});
