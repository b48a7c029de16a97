// The dishes' paths through the windows of the dynamic view: edge to facing edge of two neighbouring kitchens,
// there and back within each pass.
import { describe, expect, it } from 'vitest';
import { makeMesh } from '../../../shared/sim/mesh.ts';
import { unwrap } from '../../../shared/sim/result.ts';
import { kitchenGridLayout } from '../../../client/viewModels/kitchenGridLayout.ts';
import { dishAt, dishSizePx, windowPaths } from '../../../client/viewModels/windowPaths.ts';

describe('windowPaths', () => {
  const layout = kitchenGridLayout(unwrap(makeMesh([['stage', 2]])), { x: 0, y: 0, width: 400, height: 200 });

  it('runs from the right edge of one kitchen to the left edge of its neighbour, at mid-height', () => {
    const [a, b] = layout.cells;
    const paths = windowPaths(layout, new Map([[0, 3]]));
    expect(paths).toHaveLength(1);
    const path = paths[0]!;
    expect(path.lane).toBe(3);
    expect(path.axis).toBe('stage');
    expect([path.ax, path.ay]).toEqual([a!.x + a!.width, a!.y + a!.height / 2]);
    expect([path.bx, path.by]).toEqual([b!.x, b!.y + b!.height / 2]);
    // no lane for kitchens the timeline does not run
    expect(windowPaths(layout, new Map())[0]!.lane).toBe(-1);
  });

  it('carries the dish there and back within each pass', () => {
    const path = windowPaths(layout, new Map())[0]!;
    expect(dishAt(path, 0)).toEqual({ x: path.ax, y: path.ay });
    expect(dishAt(path, 0.5)).toEqual({ x: path.bx, y: path.by });
    expect(dishAt(path, 0.25).x).toBeCloseTo((path.ax + path.bx) / 2, 9);
    expect(dishAt(path, 0.75).x).toBeCloseTo((path.ax + path.bx) / 2, 9);
    expect(dishAt(path, 1)).toEqual({ x: path.ax, y: path.ay });
  });

  it('sizes a dish at 22% of a kitchen, 10 to 28 px', () => {
    expect(dishSizePx(layout)).toBe(Math.max(10, Math.min(28, layout.cells[0]!.width * 0.22)));
    expect(dishSizePx({ rows: 0, columns: 0, cells: [], windows: [] })).toBe(10);
  });
});
