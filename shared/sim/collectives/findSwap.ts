// The swap step of a resharding plan (reshard.ts): an axis the target drops, moved by an all-to-all to the dim
// where the target wants a free axis of the same size, so that a collective-permute can rename it.
import { axisSize, type Mesh } from '../mesh.ts';
import { isAxesPrefix, shardCount, type DimAxes } from '../sharding.ts';
import type { ReshardStep } from './reshard.ts';

/**
 * An axis the target does not use, moved to the dim where the target wants a free axis of the same size,
 * when that leaves every dim at its target shard count: the collective-permute that follows renames it.
 * XLA (JAX 0.10.2) reshards `P(None, 'x') → P('y', None)` on x=2,y=2 so: an all-to-all over x, then a
 * collective-permute, not an all-gather over x and a slice by y.
 */
export function findSwap(
  mesh: Mesh,
  dims: readonly string[][],
  to: readonly DimAxes[],
  used: ReadonlySet<string>,
  noSwapInto: ReadonlySet<number> | undefined,
): ReshardStep | undefined {
  const wanted = new Set(to.flat());
  for (let d = 0; d < dims.length; d++) {
    const a = dims[d]![dims[d]!.length - 1];
    if (a === undefined || wanted.has(a)) continue;
    for (let e = 0; e < dims.length; e++) {
      const b = to[e]![dims[e]!.length];
      if (e === d || noSwapInto?.has(e) === true || !isAxesPrefix(dims[e]!, to[e]!)) continue;
      if (b === undefined || used.has(b)) continue;
      if (axisSize(mesh, b) !== axisSize(mesh, a)) continue;
      const after = dims.map((axes, k) => (k === d ? axes.slice(0, -1) : k === e ? [...axes, a] : axes));
      if (after.every((axes, k) => shardCount(mesh, axes) === shardCount(mesh, to[k]!)))
        return { kind: 'all-to-all', axes: [a], fromDim: d, toDim: e };
    }
  }
  return undefined;
}
