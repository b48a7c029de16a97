// The path a dish travels through each pass-through window of the kitchen grid in the dynamic view (docs/
// design.md §5.3): from the edge of one kitchen to the facing edge of its neighbour along the window's axis,
// there and back within each pass. Pure; DynamicView.ts puts a dish image on each.
import type { KitchenGridLayout } from './kitchenGridLayout.ts';

export interface WindowPath {
  /** The timeline lane whose passes use the window (that of its first kitchen), −1 for none. */
  readonly lane: number;
  /** The mesh axis the window crosses. */
  readonly axis: string;
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
}

/** Every window of `layout`, with the lane of its first kitchen (`laneOf`, by device id). */
export function windowPaths(layout: KitchenGridLayout, laneOf: ReadonlyMap<number, number>): WindowPath[] {
  return layout.windows.map((w) => {
    const a = layout.cells[w.from]!;
    const b = layout.cells[w.to]!;
    const horizontal = w.orientation === 'horizontal';
    return {
      lane: laneOf.get(w.from) ?? -1,
      axis: w.axis,
      ax: horizontal ? a.x + a.width : a.x + a.width / 2,
      ay: horizontal ? a.y + a.height / 2 : a.y + a.height,
      bx: horizontal ? b.x : b.x + b.width / 2,
      by: horizontal ? b.y + b.height / 2 : b.y,
    };
  });
}

/** A dish's side, px: 22% of a kitchen's width, within 10–28 px. */
export const dishSizePx = (layout: KitchenGridLayout): number =>
  Math.max(10, Math.min(28, (layout.cells[0]?.width ?? 40) * 0.22));

/** Where the dish is at `progress` (0–1 of the pass, repeating): there and back, q runs 0 → 1 → 0. */
export function dishAt(path: WindowPath, progress: number): { readonly x: number; readonly y: number } {
  const p = (progress * 2) % 2;
  const q = p < 1 ? p : 2 - p;
  return { x: path.ax + (path.bx - path.ax) * q, y: path.ay + (path.by - path.ay) * q };
}
