// `jax.debug.visualize_array_sharding` (jax/_src/debugging.py `visualize_sharding`, docs/jax-semantics.md §1.9): one cell
// per distinct block, labelled `{PLATFORM} {sorted device ids}`, sized like rich's table there:
//   base_height = 10, base_width = ⌊base_height · aspect⌋ with aspect = (shape[1] or 1) / shape[0],
//   cell width  = clamp(⌊(block cols / cols) · base_width · 2.5⌋, 9, 80), label centred in width − 2,
//   cell height = ⌊(block rows / rows) · base_height⌋, label on line max(0, ⌊(height − 2) / 2⌋) of max(1, height − 1);
//   a rank-1 array is one row, one line high.
// Unreduced axes do not split the array, so their devices show up as replicas of a block.
import type { Mesh } from './mesh.ts';
import { shardShape } from './namedSharding.ts';
import { err, ok, type Result } from './result.ts';
import { deviceBlock, type Sharding } from './sharding.ts';

export interface ShardingCell {
  readonly row: number;
  readonly col: number;
  /** Block rows (rank 2); for rank 1 always 0 and 1. */
  readonly rowStart: number;
  readonly rowSize: number;
  readonly colStart: number;
  readonly colSize: number;
  /** Devices holding this block, ascending. */
  readonly devices: readonly number[];
}

export interface ShardingGrid {
  readonly rows: number;
  readonly cols: number;
  /** Row-major: (0, 0), (0, 1), …, (1, 0), … */
  readonly cells: readonly ShardingCell[];
}

/**
 * The distinct blocks of a rank-1 or rank-2 array and the devices that hold each.
 * @example shardingBlocks(meshA4B2, { dims: [['a'], []], unreduced: [] }, [8, 8])
 *   // ok({ rows: 4, cols: 1, cells: [{ row: 0, col: 0, rowStart: 0, rowSize: 2, …, devices: [0, 1] }, …] })
 */
export function shardingBlocks(
  mesh: Mesh,
  sharding: Sharding,
  shape: readonly number[],
): Result<ShardingGrid> {
  if (shape.length < 1 || shape.length > 2)
    return err(
      'visualize/rank',
      { rank: shape.length },
      '`visualize_sharding` only works for shapes with 1 and 2 dimensions.',
    );
  const local = shardShape(mesh, sharding, shape);
  if (!local.ok) return local;
  const rank2 = shape.length === 2;
  const rowSize = rank2 ? local.value[0]! : 1;
  const colSize = local.value[rank2 ? 1 : 0]!;
  const rows = rank2 ? shape[0]! / rowSize : 1;
  const cols = shape[rank2 ? 1 : 0]! / colSize;
  const holders = Array.from({ length: rows * cols }, () => [] as number[]);
  for (let id = 0; id < mesh.deviceCount; id++) {
    const { start } = deviceBlock(mesh, sharding, shape, id);
    const row = rank2 ? start[0]! / rowSize : 0;
    const col = start[rank2 ? 1 : 0]! / colSize;
    holders[row * cols + col]!.push(id);
  }
  const cells = holders.map((devices, k) => {
    const row = Math.floor(k / cols);
    const col = k % cols;
    return { row, col, rowStart: row * rowSize, rowSize, colStart: col * colSize, colSize, devices };
  });
  return ok({ rows, cols, cells });
}

const BASE_HEIGHT = 10;
const HEIGHT_TO_WIDTH = 2.5;
const MIN_WIDTH = 9;
const MAX_WIDTH = 80;

/**
 * Plain-text rendering of `shardingBlocks` with box-drawing characters (rich's `box.SQUARE`, lines between
 * rows), like `jax.debug.visualize_array_sharding` without colour.
 * @example renderShardingText(meshA4B2, { dims: [['a'], ['b']], unreduced: [] }, [8, 8])
 *   // ┌──────────┬──────────┐
 *   // │  CPU 0   │  CPU 1   │
 *   // ├──────────┼──────────┤   … 4 rows
 */
export function renderShardingText(
  mesh: Mesh,
  sharding: Sharding,
  shape: readonly number[],
  platform = 'CPU',
): Result<string> {
  const grid = shardingBlocks(mesh, sharding, shape);
  if (!grid.ok) return grid;
  const { rows, cols, cells } = grid.value;
  const rank2 = shape.length === 2;
  const baseWidth = Math.floor(BASE_HEIGHT * ((rank2 ? shape[1]! : 1) / shape[0]!));
  const arrayCols = shape[rank2 ? 1 : 0]!;

  const layout = cells.map((c) => {
    const label = `${platform.toUpperCase()} ${c.devices.join(',')}`;
    const target = Math.floor((c.colSize / arrayCols) * baseWidth * HEIGHT_TO_WIDTH);
    const width = Math.max(label.length, Math.min(Math.max(target, MIN_WIDTH), MAX_WIDTH) - 2);
    const height = rank2 ? Math.floor((c.rowSize / shape[0]!) * BASE_HEIGHT) : 2;
    return { label, width, lines: Math.max(1, height - 1), top: Math.max(0, Math.floor((height - 2) / 2)) };
  });
  const at = (r: number, c: number) => layout[r * cols + c]!;
  const colWidth = Array.from({ length: cols }, (_, c) =>
    Math.max(...Array.from({ length: rows }, (_, r) => at(r, c).width)),
  );
  const rule = (left: string, mid: string, right: string) =>
    left + colWidth.map((w) => '─'.repeat(w)).join(mid) + right;

  const out = [rule('┌', '┬', '┐')];
  for (let r = 0; r < rows; r++) {
    const lines = Math.max(...Array.from({ length: cols }, (_, c) => at(r, c).lines));
    for (let line = 0; line < lines; line++) {
      const parts = colWidth.map((w, c) => {
        const { label, top } = at(r, c);
        if (line !== top) return ' '.repeat(w);
        const left = Math.floor((w - label.length) / 2);
        return ' '.repeat(left) + label + ' '.repeat(w - left - label.length);
      });
      out.push(`│${parts.join('│')}│`);
    }
    out.push(r < rows - 1 ? rule('├', '┼', '┤') : rule('└', '┴', '┘'));
  }
  return ok(out.join('\n'));
}
