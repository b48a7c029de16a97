// Where each kitchen (device) of a mesh goes on screen: the leading axes run down the rows, the remaining axes
// across the columns (row-major, as device ids are); the split is the one that gives the biggest kitchens
// in the box (a 1 × 8 × 8 grid is 8 rows of 8, not one row of 64), or, given the devices per node, a split
// nearly as big in which every node's kitchens form a rectangle. Pure, so it is tested without Phaser.
import { deviceCoords, type Mesh } from '../../shared/index.ts';

export interface KitchenCell {
  readonly deviceId: number;
  readonly coords: readonly number[];
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A pass-through window between two neighbouring kitchens that differ along one mesh axis. */
export interface KitchenWindow {
  readonly from: number;
  readonly to: number;
  readonly axis: string;
  readonly orientation: 'horizontal' | 'vertical';
}

export interface KitchenGridLayout {
  readonly rows: number;
  readonly columns: number;
  readonly cells: readonly KitchenCell[];
  readonly windows: readonly KitchenWindow[];
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Whether every node (`perNode` consecutive ids) of `count` kitchens in rows of `columns` is a rectangle. */
export function nodesAreRectangles(columns: number, count: number, perNode: number): boolean {
  if (perNode >= count) return true;
  return perNode <= columns ? columns % perNode === 0 : perNode % columns === 0;
}

/** A split keeps nodes whole if its kitchens are at least this share of the biggest split's width. */
const NODE_SPLIT_SHARE = 0.8;

/**
 * Lays the kitchens out in `box` with `gap` pixels between them side by side and `rowGap` between rows
 * (room for captions between stacked node frames); cells keep a 4:3 aspect at most. With `devicesPerNode`,
 * prefers a split whose nodes are rectangles when its kitchens are ≥ 80% as wide.
 */
export function kitchenGridLayout(
  mesh: Mesh,
  box: Box,
  gap = 16,
  devicesPerNode?: number,
  rowGap = gap,
): KitchenGridLayout {
  const cellSize = (rows: number) => {
    const columns = mesh.deviceCount / rows;
    const cellW = Math.max(1, (box.width - gap * (columns - 1)) / columns);
    const cellH = Math.max(1, (box.height - rowGap * (rows - 1)) / rows);
    const width = Math.min(cellW, cellH * (4 / 3));
    return { width, height: Math.min(cellH, width) };
  };
  // Candidate row counts: products of the leading axes, every axis but the last (one axis → one row).
  const candidates = [1];
  for (let k = 1, product = 1; k < mesh.axes.length; k++)
    candidates.push((product *= mesh.axes[k - 1]!.size));
  let rows = 1;
  for (const r of candidates) if (cellSize(r).width > cellSize(rows).width + 1e-9) rows = r;
  const whole = (r: number) =>
    devicesPerNode === undefined ||
    nodesAreRectangles(mesh.deviceCount / r, mesh.deviceCount, devicesPerNode);
  if (!whole(rows)) {
    const floor = NODE_SPLIT_SHARE * cellSize(rows).width;
    let pick: number | undefined;
    for (const r of candidates)
      if (
        whole(r) &&
        cellSize(r).width >= floor &&
        (pick === undefined || cellSize(r).width > cellSize(pick).width)
      )
        pick = r;
    if (pick !== undefined) rows = pick;
  }
  const columns = mesh.deviceCount / rows;
  const { width, height } = cellSize(rows);
  const left = box.x + (box.width - (columns * width + (columns - 1) * gap)) / 2;
  const top = box.y + (box.height - (rows * height + (rows - 1) * rowGap)) / 2;

  const cells: KitchenCell[] = [];
  const windows: KitchenWindow[] = [];
  for (let id = 0; id < mesh.deviceCount; id++) {
    const row = Math.floor(id / columns);
    const column = id % columns;
    cells.push({
      deviceId: id,
      coords: deviceCoords(mesh, id),
      x: left + column * (width + gap),
      y: top + row * (height + rowGap),
      width,
      height,
    });
  }
  for (const cell of cells) {
    const column = cell.deviceId % columns;
    const right = column + 1 < columns ? cells[cell.deviceId + 1] : undefined;
    const below = cells[cell.deviceId + columns];
    const pairs = [
      [right, 'horizontal'],
      [below, 'vertical'],
    ] as const;
    for (const [other, orientation] of pairs) {
      const axis = other && neighbourAxis(mesh, cell, other);
      if (other && axis) windows.push({ from: cell.deviceId, to: other.deviceId, axis, orientation });
    }
  }
  return { rows, columns, cells, windows };
}

/** The kitchen under the point (x, y), if any. */
export function kitchenAt(layout: KitchenGridLayout, x: number, y: number): number | undefined {
  return layout.cells.find((c) => x >= c.x && x <= c.x + c.width && y >= c.y && y <= c.y + c.height)
    ?.deviceId;
}

/** The axis along which two kitchens are mesh neighbours (coordinates differ on exactly that axis), if any. */
export function neighbourAxis(mesh: Mesh, a: KitchenCell, b: KitchenCell): string | undefined {
  const differing = mesh.axes.filter((_, i) => a.coords[i] !== b.coords[i]);
  return differing.length === 1 ? differing[0]!.name : undefined;
}
