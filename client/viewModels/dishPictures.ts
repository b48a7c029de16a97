// The global view's dish pictures: each labelled dish (the level's `limits.tensors`) as the block grid of
// jax.debug.visualize_array_sharding (shared/sim/visualizeSharding.ts `shardingBlocks`), each block listing
// the kitchens holding it. Arrays of rank > 2 are shown over two dimensions: the split ones first, then the
// last ones; rank 0 is one block. Pure.
import {
  formatKitchens,
  shardingBlocks,
  type Evaluation,
  type Level,
  type Mesh,
  type Sharding,
  type ShardingGrid,
} from '../../shared/index.ts';
import { parseSpecText } from './specText.ts';

export interface DishPicture {
  readonly name: string;
  /** As JAX prints it after propagation. */
  readonly spec: string;
  readonly shape: readonly number[];
  readonly localShape: readonly number[];
  /** The array dimensions the grid shows (rows, then columns); [] for a scalar. */
  readonly shownDims: readonly number[];
  readonly grid: ShardingGrid;
}

type TastedTensor = NonNullable<Evaluation['tasting']>['tensors'][number];

/** The pictures of the level's dishes, in the level's order; [] for a priced-only (Megatron) level. */
export function dishPictures(level: Level, evaluation: Evaluation, mesh: Mesh): DishPicture[] {
  const tensors = new Map((evaluation.tasting?.tensors ?? []).map((t) => [t.name, t]));
  return level.limits.tensors.flatMap((name) => {
    const t = tensors.get(name);
    return t ? [dishPicture(t, mesh)] : [];
  });
}

export function dishPicture(t: TastedTensor, mesh: Mesh): DishPicture {
  const sharding = parseSpecText(t.spec, t.shape.length);
  if (!sharding.ok) throw new Error(sharding.error.message);
  const shownDims = shownDimensions(sharding.value);
  const sub: Sharding =
    shownDims.length === 0
      ? { dims: [[]], unreduced: sharding.value.unreduced }
      : { dims: shownDims.map((d) => sharding.value.dims[d]!), unreduced: sharding.value.unreduced };
  const shape = shownDims.length === 0 ? [1] : shownDims.map((d) => t.shape[d]!);
  const grid = shardingBlocks(mesh, sub, shape);
  if (!grid.ok) throw new Error(`${t.name}: ${grid.error.message}`);
  return {
    name: t.name,
    spec: t.spec,
    shape: t.shape,
    localShape: t.localShape,
    shownDims,
    grid: grid.value,
  };
}

/** Up to two dimensions: the split ones in order, filled up with the last unsplit ones; kept ascending. */
export function shownDimensions(sharding: Sharding): number[] {
  const rank = sharding.dims.length;
  const split = sharding.dims.flatMap((axes, d) => (axes.length > 0 ? [d] : []));
  const picked = split.slice(0, 2);
  for (let d = rank - 1; d >= 0 && picked.length < Math.min(2, rank); d--)
    if (!picked.includes(d)) picked.push(d);
  return picked.sort((a, b) => a - b);
}

/**
 * A block's label: the kitchens holding it (the core's formatKitchens), or "copies" text when several
 * kitchens hold it whole.
 * @example blockLabel([0, 1], (k) => `copies ${k}`) // 'copies 0–1'
 */
export function blockLabel(devices: readonly number[], copiesLabel: (kitchens: string) => string): string {
  const ids = formatKitchens(devices);
  return devices.length > 1 ? copiesLabel(ids) : ids;
}

/**
 * A dish's caption in at most two lines of `maxChars` characters (the global view's cells with 14+ dishes
 * on a phone): whole when it fits; else broken after the '/' or '_' that balances the lines best
 * ('self/' + 'wqkv'); a line still too long loses its middle to '…' (the full name is on hover and in the
 * static view).
 * @example captionLines('self/wqkv', 6) // ['self/', 'wqkv']
 */
export function captionLines(name: string, maxChars: number): string[] {
  const room = Math.max(3, Math.floor(maxChars));
  if (name.length <= room) return [name];
  let best: [string, string] | undefined;
  for (let i = 1; i < name.length; i++) {
    if (name[i - 1] !== '/' && name[i - 1] !== '_') continue;
    const cut: [string, string] = [name.slice(0, i), name.slice(i)];
    const longest = Math.max(cut[0].length, cut[1].length);
    if (!best || longest < Math.max(best[0].length, best[1].length)) best = cut;
  }
  const shorten = (s: string): string => {
    if (s.length <= room) return s;
    const keep = room - 1;
    return `${s.slice(0, Math.ceil(keep / 2))}…${s.slice(s.length - Math.floor(keep / 2))}`;
  };
  return best ? best.map(shorten) : [shorten(name)];
}
