// A distributed tensor: a global shape, its sharding and one real f32 shard per device. Device d holds the
// block `deviceBlock(mesh, sharding, shape, d)` in row-major order. Along `unreduced` axes the logical value
// is the SUM of the shards of the devices that differ only in those coordinates (sharding.md §3.3).
import { axisIndex, deviceCoords, type Mesh } from '../mesh.ts';
import { blockIndex, deviceBlock, localShape, type Sharding } from '../sharding.ts';
import { sizeOf, type NdArray } from '../tensor/ndarray.ts';
import { extractBlock, insertBlock } from './blocks.ts';

export interface DistTensor {
  /** Global (logical) shape. */
  readonly shape: readonly number[];
  readonly sharding: Sharding;
  /** One row-major local block per device id, of shape `localShape(mesh, sharding, shape)`. */
  readonly shards: readonly Float32Array[];
}

/** Device `deviceId`'s shard as an array of the local shape (shares the buffer). */
export function localView(mesh: Mesh, t: DistTensor, deviceId: number): NdArray<Float32Array> {
  const data = t.shards[deviceId];
  if (data === undefined) throw new RangeError(`no shard for device ${deviceId}`);
  return { shape: localShape(mesh, t.sharding, t.shape), data };
}

/** The device's coordinates on the unreduced axes, in the order the sharding lists them. */
function unreducedCoords(mesh: Mesh, sharding: Sharding, deviceId: number): number[] {
  const coords = deviceCoords(mesh, deviceId);
  return sharding.unreduced.map((a) => coords[axisIndex(mesh, a)]!);
}

/**
 * Splits `global` over the mesh. Each device gets its block as Float32Array (rounded from f64 if needed).
 * Unreduced convention: along the `unreduced` axes, the device whose coordinate is 0 on every one of them
 * holds the value and the others hold zeros, so the sum over each unreduced group is the value.
 * @example distribute(mesh, x, { dims: [['x'], []], unreduced: [] }) // rows split over 'x'
 */
export function distribute(mesh: Mesh, global: NdArray, sharding: Sharding): DistTensor {
  const local = localShape(mesh, sharding, global.shape);
  if (sharding.dims.length !== global.shape.length || local.some((n) => !Number.isInteger(n)))
    throw new RangeError(`shape [${global.shape}] cannot take this sharding`);
  const shards = Array.from({ length: mesh.deviceCount }, (_, d) => {
    if (unreducedCoords(mesh, sharding, d).some((c) => c !== 0)) return new Float32Array(sizeOf(local));
    const { start, size } = deviceBlock(mesh, sharding, global.shape, d);
    return new Float32Array(extractBlock(global, start, size).data);
  });
  return { shape: [...global.shape], sharding, shards };
}

/**
 * Rebuilds the logical value in f64: for each block, sums one replica per unreduced coordinate and writes
 * the sum at the block's place. `maxReplicaDiff` is the largest |a − b| between two devices that should
 * hold equal shards (same block, same unreduced coordinates); 0 for a consistent tensor.
 * @example assemble(mesh, distribute(mesh, x, s)).value // equals x (in f32 precision)
 */
export function assemble(
  mesh: Mesh,
  t: DistTensor,
): { value: NdArray<Float64Array>; maxReplicaDiff: number } {
  const local = localShape(mesh, t.sharding, t.shape);
  const length = sizeOf(local);
  const value: NdArray<Float64Array> = { shape: [...t.shape], data: new Float64Array(sizeOf(t.shape)) };
  // Per block (key: block index): its start, the f64 sum, and the replica seen first per unreduced coordinate.
  const blocks = new Map<
    string,
    { start: number[]; sum: Float64Array; replicas: Map<string, Float32Array> }
  >();
  let maxReplicaDiff = 0;
  for (let d = 0; d < mesh.deviceCount; d++) {
    const shard = t.shards[d];
    if (shard === undefined || shard.length !== length)
      throw new RangeError(`device ${d} holds ${shard?.length ?? 0} elements, expected ${length}`);
    const key = blockIndex(mesh, t.sharding, d).join(',');
    const entry = blocks.get(key) ?? {
      start: deviceBlock(mesh, t.sharding, t.shape, d).start,
      sum: new Float64Array(length),
      replicas: new Map<string, Float32Array>(),
    };
    blocks.set(key, entry);
    const u = unreducedCoords(mesh, t.sharding, d).join(',');
    const first = entry.replicas.get(u);
    if (first === undefined) {
      entry.replicas.set(u, shard);
      for (let i = 0; i < length; i++) entry.sum[i] = entry.sum[i]! + shard[i]!;
    } else {
      for (let i = 0; i < length; i++)
        maxReplicaDiff = Math.max(maxReplicaDiff, Math.abs(first[i]! - shard[i]!));
    }
  }
  for (const { start, sum } of blocks.values()) insertBlock(value, { shape: local, data: sum }, start);
  return { value, maxReplicaDiff };
}
