// The kitchens' nodes for the global and dynamic views (docs/design.md §2: NVLink-like windows inside a node,
// slower windows between nodes): node n holds device ids n·perNode … (n+1)·perNode − 1 (row-major over the
// mesh, as Evaluation.pricing.topology says); a frame per node when its kitchens form a rectangle in the
// layout, each window's link and speed from its mesh axis, and — when kitchens get too small to draw — a
// layout of node blocks, each a tile of tiny kitchens. Pure.
import type { Mesh, Topology } from '../../shared/index.ts';
import { deviceCoords } from '../../shared/index.ts';
import {
  kitchenGridLayout,
  neighbourAxis,
  nodesAreRectangles,
  type Box,
  type KitchenGridLayout,
  type KitchenWindow,
} from './kitchenGridLayout.ts';

export interface NodeFrame {
  readonly node: number;
  /** First and last device id of the node. */
  readonly first: number;
  readonly last: number;
  /** The bounding box of its kitchens. */
  readonly box: Box;
}

export interface NodeGrouping {
  /** Every node's kitchens form a rectangle: draw a frame per node; otherwise tag every kitchen. */
  readonly rectangles: boolean;
  readonly frames: readonly NodeFrame[];
}

export type Link = 'intra' | 'inter';

/** Kitchens narrower than this (px) are drawn as node tiles; below MINI_KITCHEN_PX without per-kitchen detail. */
export const TILES_BELOW_PX = 40;
export const MINI_KITCHEN_PX = 56;

/** Space between kitchens inside a node tile, as a share of a kitchen's width (room for the windows). */
const INNER_GAP = 0.15;

export const nodeOf = (deviceId: number, perNode: number): number => Math.floor(deviceId / perNode);

function checkPerNode(perNode: number): void {
  if (!Number.isSafeInteger(perNode) || perNode < 1)
    throw new RangeError(`devicesPerNode must be a positive integer, got ${perNode}`);
}

/** The nodes of a kitchen layout, with each node's bounding box. */
export function nodeGrouping(layout: KitchenGridLayout, perNode: number): NodeGrouping {
  checkPerNode(perNode);
  const count = layout.cells.length;
  const frames: NodeFrame[] = [];
  for (let first = 0, node = 0; first < count; first += perNode, node++) {
    const cells = layout.cells.slice(first, first + perNode);
    const x = Math.min(...cells.map((c) => c.x));
    const y = Math.min(...cells.map((c) => c.y));
    const right = Math.max(...cells.map((c) => c.x + c.width));
    const bottom = Math.max(...cells.map((c) => c.y + c.height));
    frames.push({
      node,
      first,
      last: first + cells.length - 1,
      box: { x, y, width: right - x, height: bottom - y },
    });
  }
  return { rectangles: nodesAreRectangles(layout.columns, count, perNode), frames };
}

/**
 * Each window's link: inside a node when its two kitchens share one, else between nodes. A pass along an axis
 * whose ring crosses nodes goes at the slower speed all the way round (collectiveTime.ts), but the windows
 * themselves are drawn as they are.
 */
export function windowLinks(windows: readonly KitchenWindow[], topology: Topology): Link[] {
  const node = (id: number) => Math.floor(id / topology.devicesPerNode);
  return windows.map((w) => (node(w.from) === node(w.to) ? 'intra' : 'inter'));
}

/** The speed (one-way bytes/s per device) of each kind of window a grid of `devices` kitchens has. */
export function linkSpeeds(
  topology: Topology,
  devices: number,
): { readonly intra?: number; readonly inter?: number } {
  const { devicesPerNode: perNode, linkBytesPerS: speed } = topology;
  return {
    ...(perNode > 1 && devices > 1 ? { intra: speed.intra } : {}),
    ...(devices > perNode ? { inter: speed.inter } : {}),
  };
}

/** The largest divisor of n that is at most √n (the rows of a node's tile: 8 → 2 rows of 4). */
function tileRows(n: number): number {
  let best = 1;
  for (let r = 1; r * r <= n; r++) if (n % r === 0) best = r;
  return best;
}

/**
 * Node blocks: the nodes in a grid of tiles (row-major by node id, the column count that gives the biggest
 * tiles, or full rows of tiles nearly as big), each holding its kitchens as a small grid under a caption strip
 * `captionPx` high, with the windows between mesh neighbours inside a tile. `columns` is perNode, so the arrow
 * keys step a kitchen left/right inside a node and a node up/down.
 */
export function nodeBlockLayout(
  mesh: Mesh,
  box: Box,
  perNode: number,
  gap: number,
  captionPx: number,
): { readonly layout: KitchenGridLayout; readonly tiles: readonly NodeFrame[]; readonly columns: number } {
  checkPerNode(perNode);
  const count = mesh.deviceCount;
  const per = Math.min(perNode, count);
  const nodes = Math.ceil(count / per);
  const subRows = tileRows(per);
  const subCols = per / subRows;
  /** Tile size for `cols` tiles per row: kitchens square, tile = caption + kitchens. */
  const size = (cols: number) => {
    const rows = Math.ceil(nodes / cols);
    const tileW = (box.width - gap * (cols - 1)) / cols;
    const tileH = (box.height - gap * (rows - 1)) / rows;
    const kitchen = Math.max(
      1,
      Math.min(
        (tileW - 4) / (subCols + INNER_GAP * (subCols - 1)),
        (tileH - captionPx - 4) / (subRows + INNER_GAP * (subRows - 1)),
      ),
    );
    return { rows, kitchen };
  };
  let cols = 1;
  for (let c = 2; c <= nodes; c++) if (size(c).kitchen > size(cols).kitchen + 1e-9) cols = c;
  // Full rows of tiles (a divisor of the node count: 64 nodes as 8 × 8) when that keeps 85% of the size.
  if (nodes % cols !== 0) {
    const floor = 0.85 * size(cols).kitchen;
    let pick: number | undefined;
    for (let c = 1; c <= nodes; c++)
      if (
        nodes % c === 0 &&
        size(c).kitchen >= floor &&
        (pick === undefined || size(c).kitchen > size(pick).kitchen)
      )
        pick = c;
    if (pick !== undefined) cols = pick;
  }
  const { rows, kitchen } = size(cols);
  const step = kitchen * (1 + INNER_GAP);
  const tileW = step * subCols - kitchen * INNER_GAP + 4;
  const tileH = step * subRows - kitchen * INNER_GAP + captionPx + 4;
  const left = box.x + (box.width - (cols * tileW + (cols - 1) * gap)) / 2;
  const top = box.y + (box.height - (rows * tileH + (rows - 1) * gap)) / 2;
  const tiles: NodeFrame[] = [];
  const cells: KitchenGridLayout['cells'][number][] = [];
  for (let node = 0; node < nodes; node++) {
    const x = left + (node % cols) * (tileW + gap);
    const y = top + Math.floor(node / cols) * (tileH + gap);
    const first = node * per;
    const last = Math.min(count, first + per) - 1;
    tiles.push({ node, first, last, box: { x, y, width: tileW, height: tileH } });
    for (let id = first; id <= last; id++) {
      const k = id - first;
      cells.push({
        deviceId: id,
        coords: deviceCoords(mesh, id),
        x: x + 2 + (k % subCols) * step,
        y: y + captionPx + 2 + Math.floor(k / subCols) * step,
        width: kitchen,
        height: kitchen,
      });
    }
  }
  // Windows between mesh neighbours side by side inside a tile (right, then below).
  const windows: KitchenWindow[] = [];
  for (const cell of cells) {
    const k = cell.deviceId % per;
    const right = (k % subCols) + 1 < subCols ? cells[cell.deviceId + 1] : undefined;
    const below = k + subCols < per ? cells[cell.deviceId + subCols] : undefined;
    for (const [other, orientation] of [
      [right, 'horizontal'],
      [below, 'vertical'],
    ] as const) {
      const axis = other && neighbourAxis(mesh, cell, other);
      if (other && axis) windows.push({ from: cell.deviceId, to: other.deviceId, axis, orientation });
    }
  }
  return { layout: { rows: nodes, columns: per, cells, windows }, tiles, columns: cols };
}

/** A drawn grid: kitchens by the mesh's axes with node frames (or tags), or node tiles. */
export interface KitchenPlan {
  readonly layout: KitchenGridLayout;
  readonly mode: 'grid' | 'tiles';
  /** Grid: each node's bounding box (frames when `rectangles`); tiles: each tile. */
  readonly nodes: readonly NodeFrame[];
  /** Tiles per row (tiles mode; 0 in grid mode). */
  readonly tileColumns: number;
  readonly rectangles: boolean;
}

/**
 * Kitchens laid out by the mesh's axes (nodes kept whole where that costs little; `rowGap` px between rows),
 * unless they come out narrower than TILES_BELOW_PX or node tiles give kitchens 1.5× as wide: then node tiles.
 */
export function kitchenPlan(
  mesh: Mesh,
  box: Box,
  gap: number,
  perNode: number,
  captionPx: number,
  rowGap = gap,
): KitchenPlan {
  checkPerNode(perNode);
  const grid = kitchenGridLayout(mesh, box, gap, perNode, rowGap);
  const width = grid.cells[0]?.width ?? 0;
  if (mesh.deviceCount > perNode) {
    // Tiles too small for a caption strip drop it (nodes as bare blocks).
    let tiles = nodeBlockLayout(mesh, box, perNode, gap, captionPx);
    if ((tiles.tiles[0]?.box.height ?? 0) < 2.2 * captionPx)
      tiles = nodeBlockLayout(mesh, box, perNode, gap, 0);
    const kitchen = tiles.layout.cells[0]?.width ?? 0;
    if (width < TILES_BELOW_PX || kitchen > 1.5 * width)
      return {
        layout: tiles.layout,
        mode: 'tiles',
        nodes: tiles.tiles,
        rectangles: true,
        tileColumns: tiles.columns,
      };
  }
  const grouping = nodeGrouping(grid, perNode);
  return {
    layout: grid,
    mode: 'grid',
    nodes: grouping.frames,
    rectangles: grouping.rectangles,
    tileColumns: 0,
  };
}

/** Whether a grid plan's node frames stand in more than one row (each lower row's caption needs room above it). */
export const framesStacked = (plan: KitchenPlan): boolean =>
  plan.mode === 'grid' && new Set(plan.nodes.map((n) => n.box.y)).size > 1;
