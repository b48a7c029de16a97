// What each step of a resharding plan costs, without running it: bytes one device sends (ring algorithms,
// docs/jax-semantics.md §2.3; docs/cost-model.md §4), with L = bytes of a device's block before the step and n = devices per
// group: all-gather (n−1)·L, reduce-scatter (n−1)/n·L, all-reduce 2(n−1)/n·L, all-to-all (n−1)/n·L,
// collective-permute L of the target block (0 when no block changes place), all-slice 0. The executed collectives count the same bytes transfer by transfer.
import { axisSize, type Mesh } from '../mesh.ts';
import type { ReshardStep } from '../collectives/reshard.ts';
import { blockIndex, localShape, shardCount, type Sharding } from '../sharding.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { holey } from './propagate.ts';

/**
 * Bytes the busiest device sends in a ring all-reduce of `elements` per device over `n` devices. The buffer
 * is cut into pieces c_j = ⌊(j+1)E/n⌋ − ⌊jE/n⌋; position p forwards every piece but its own (c_p) in the
 * reduce-scatter and every piece but c_{p+1} in the all-gather: max_p (2E − c_p − c_{p+1})·bytes, which is
 * the textbook 2(n−1)/n·L whenever n divides E.
 */
export function allReduceBytes(elements: number, n: number, bytesPerElement: number): number {
  if (n <= 1) return 0;
  const piece = (j: number) => Math.floor(((j + 1) * elements) / n) - Math.floor((j * elements) / n);
  let most = 0;
  for (let p = 0; p < n; p++) most = Math.max(most, 2 * elements - piece(p) - piece((p + 1) % n));
  return most * bytesPerElement;
}

/** The sharding after one step. */
export function afterStep(before: Sharding, step: ReshardStep): Sharding {
  // Built holey, not mapped (see `holey` in propagate.ts).
  const dims = holey(before.dims.length, (d) => [...before.dims[d]!]);
  let unreduced = [...before.unreduced];
  switch (step.kind) {
    case 'all-gather':
      dims[step.dim] = dims[step.dim]!.slice(0, dims[step.dim]!.length - step.axes.length);
      break;
    case 'reduce-scatter':
      unreduced = unreduced.filter((a) => !step.axes.includes(a));
      dims[step.dim]!.push(...step.axes);
      break;
    case 'all-reduce':
      unreduced = unreduced.filter((a) => !step.axes.includes(a));
      break;
    case 'all-to-all':
      dims[step.fromDim] = dims[step.fromDim]!.slice(0, dims[step.fromDim]!.length - step.axes.length);
      dims[step.toDim]!.push(...step.axes);
      break;
    case 'collective-permute':
      return step.target;
    case 'all-slice':
      dims[step.dim]!.push(...step.axes);
      break;
  }
  return { dims, unreduced };
}

/** Bytes one device sends in `step`, applied to a tensor of global `shape` sharded as `before`. */
export function stepBytesPerDevice(
  mesh: Mesh,
  shape: readonly number[],
  before: Sharding,
  step: ReshardStep,
  bytesPerElement: number,
): number {
  const local = sizeOf(localShape(mesh, before, shape)) * bytesPerElement;
  const n = step.axes.reduce((p, a) => p * (axisSize(mesh, a) ?? 1), 1);
  switch (step.kind) {
    case 'all-gather':
      return (n - 1) * local;
    case 'reduce-scatter':
    case 'all-to-all':
      return ((n - 1) / n) * local;
    case 'all-reduce':
      return allReduceBytes(local / bytesPerElement, n, bytesPerElement);
    case 'collective-permute': {
      // A device whose target block lies in the block it holds keeps (slices) it; otherwise it receives its
      // target block whole (L of the target: the block itself when every dim keeps its count).
      const factors = step.target.dims.map(
        (axes, k) => shardCount(mesh, axes) / shardCount(mesh, before.dims[k] ?? []),
      );
      const moves = Array.from({ length: mesh.deviceCount }, (_, d) => d).some((d) => {
        const [a, b] = [blockIndex(mesh, before, d), blockIndex(mesh, step.target, d)];
        return a.some((i, k) => i !== Math.floor(b[k]! / factors[k]!));
      });
      return moves ? sizeOf(localShape(mesh, step.target, shape)) * bytesPerElement : 0;
    }
    case 'all-slice':
      return 0;
  }
}
