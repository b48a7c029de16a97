// Sharding: the canonical, validated form of a NamedSharding applied to an array of known rank
// (docs/jax-semantics.md §1.2–1.3, §3.3). Per dimension, the mesh axes it is split over (major first); the axes
// over which the logical value is still a pending *sum* of the devices' local values ("unreduced", {U_X});
// every mesh axis mentioned nowhere replicates the array.
import { axisSize, deviceCoords, type Mesh } from './mesh.ts';

/** Mesh axes one array dimension is split over, major first; [] = not split. */
export type DimAxes = readonly string[];

export interface Sharding {
  /** One entry per array dimension (length = rank). */
  readonly dims: readonly DimAxes[];
  /** Axes along which devices hold partial sums; the value is their sum. Disjoint from `dims`. */
  readonly unreduced: readonly string[];
}

/** Fully replicated sharding of a rank-`rank` array (`P()`). */
export const replicated = (rank: number): Sharding => ({
  dims: Array.from({ length: rank }, () => []),
  unreduced: [],
});

/** Whether the axes `p` are the first axes of `of` (the same split, or one `of` refines by appending). */
export const isAxesPrefix = (p: DimAxes, of: DimAxes): boolean =>
  p.length <= of.length && p.every((a, i) => of[i] === a);

/** Number of shards along one dimension: product of its axes' sizes. */
export function shardCount(mesh: Mesh, axes: DimAxes): number {
  return axes.reduce((n, a) => n * (axisSize(mesh, a) ?? NaN), 1);
}

/** Local (shard) shape; assumes divisibility was validated (`shape[d] % shardCount === 0`). */
export function localShape(mesh: Mesh, sharding: Sharding, shape: readonly number[]): number[] {
  return shape.map((n, d) => n / shardCount(mesh, sharding.dims[d] ?? []));
}

/**
 * Which block of each dimension device `deviceId` holds: for dim axes [a, b] (a major) the index is
 * coord_a · |b| + coord_b, the traversal order of `P(('a', 'b'))` (docs/jax-semantics.md §1.2).
 */
export function blockIndex(mesh: Mesh, sharding: Sharding, deviceId: number): number[] {
  const coords = deviceCoords(mesh, deviceId);
  return sharding.dims.map((axes) =>
    axes.reduce((index, name) => {
      const i = mesh.axes.findIndex((a) => a.name === name);
      return index * mesh.axes[i]!.size + coords[i]!;
    }, 0),
  );
}

/** The block device `deviceId` holds: start offset and size per dimension. */
export function deviceBlock(
  mesh: Mesh,
  sharding: Sharding,
  shape: readonly number[],
  deviceId: number,
): { start: number[]; size: number[] } {
  const size = localShape(mesh, sharding, shape);
  const index = blockIndex(mesh, sharding, deviceId);
  return { start: index.map((b, d) => b * size[d]!), size };
}

export function shardingsEqual(a: Sharding, b: Sharding): boolean {
  return (
    a.dims.length === b.dims.length &&
    a.dims.every(
      (axes, d) => axes.length === b.dims[d]!.length && axes.every((x, i) => x === b.dims[d]![i]),
    ) &&
    a.unreduced.length === b.unreduced.length &&
    [...a.unreduced].sort().join() === [...b.unreduced].sort().join()
  );
}
