// What each step of a resharding plan costs, without running it: bytes one device sends (ring algorithms,
// sharding.md §2.3; cost-model.md §4), with L = bytes of a device's block before the step and n = devices per
// group: all-gather (n−1)·L, reduce-scatter (n−1)/n·L, all-reduce 2(n−1)/n·L, all-to-all (n−1)/n·L,
// collective-permute L, all-slice 0. The executed collectives count the same bytes transfer by transfer.
import { axisSize, type Mesh } from '../mesh.ts';
import type { ReshardStep } from '../collectives/reshard.ts';
import { localShape, type Sharding } from '../sharding.ts';
import { sizeOf } from '../tensor/ndarray.ts';

/** The sharding after one step. */
export function afterStep(before: Sharding, step: ReshardStep): Sharding {
  const dims = before.dims.map((axes) => [...axes]);
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
      return ((2 * (n - 1)) / n) * local;
    case 'collective-permute':
      return local;
    case 'all-slice':
      return 0;
  }
}
