// A distributed tensor: a global shape, its sharding and one real f32 shard per device. Device d holds the
// block `deviceBlock(mesh, sharding, shape, d)` in row-major order. Along `unreduced` axes the logical value
// is the SUM of the shards of the devices that differ only in those coordinates (docs/jax-semantics.md §3.3).
import { axisIndex, deviceCoords, type Mesh } from '../mesh.ts';
import { blockIndex, deviceBlock, localShape, type Sharding } from '../sharding.ts';
import { newFloat32 } from '../tensor/arena.ts';
import { sizeOf, stridesOf, type NdArray } from '../tensor/ndarray.ts';
import { extractBlockInto } from './blocks.ts';
import { splitDevices } from './deviceMajor.ts';

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
  // One buffer, device after device (see deviceMajor.ts); devices off coordinate 0 of an unreduced axis keep zeros.
  const n = sizeOf(local);
  const shards = splitDevices(newFloat32(mesh.deviceCount * n), mesh.deviceCount);
  shards.forEach((shard, d) => {
    if (unreducedCoords(mesh, sharding, d).some((c) => c !== 0)) return;
    const { start, size } = deviceBlock(mesh, sharding, global.shape, d);
    extractBlockInto(global, start, size, shard);
  });
  return { shape: [...global.shape], sharding, shards };
}

/**
 * Adds `shard` (row-major, shape `local`) into the box at `start` of `into` (shape `shape`, row-major):
 * into[start + i] += shard[i], one contiguous run of local[rank − 1] elements at a time.
 */
function addBlock(
  into: Float64Array,
  shape: readonly number[],
  start: readonly number[],
  shard: Float32Array,
  local: readonly number[],
): void {
  const rank = local.length;
  if (rank === 0) {
    into[0] = into[0]! + shard[0]!;
    return;
  }
  const strides = stridesOf(shape);
  let base = 0;
  for (let d = 0; d < rank; d++) base += start[d]! * strides[d]!;
  const run = local[rank - 1]!;
  const index = new Array<number>(rank).fill(0);
  for (let s = 0; s < shard.length; s += run) {
    let o = base;
    for (let d = 0; d < rank - 1; d++) o += index[d]! * strides[d]!;
    for (let j = 0; j < run; j++) into[o + j] = into[o + j]! + shard[s + j]!;
    // Odometer over the outer rank − 1 dimensions, last fastest.
    for (let d = rank - 2; d >= 0 && ++index[d]! === local[d]!; d--) index[d] = 0;
  }
}

/** max(m, |a[i] − b[i]|) over i (NaN propagates, as Math.max does). */
function maxAbsDiff(m: number, a: Float32Array, b: Float32Array): number {
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

/**
 * Rebuilds the logical value in f64: for each block, sums one replica per unreduced coordinate (in device
 * order, starting from 0) at the block's place. `maxReplicaDiff` is the largest |a − b| between two devices
 * that should hold equal shards (same block, same unreduced coordinates); 0 for a consistent tensor.
 * @example assemble(mesh, distribute(mesh, x, s)).value // equals x (in f32 precision)
 */
export function assemble(
  mesh: Mesh,
  t: DistTensor,
): { value: NdArray<Float64Array>; maxReplicaDiff: number } {
  const local = localShape(mesh, t.sharding, t.shape);
  const length = sizeOf(local);
  const value: NdArray<Float64Array> = { shape: [...t.shape], data: new Float64Array(sizeOf(t.shape)) };
  // The replica seen first, by block index and unreduced coordinates.
  const firsts = new Map<string, Float32Array>();
  let maxReplicaDiff = 0;
  for (let d = 0; d < mesh.deviceCount; d++) {
    const shard = t.shards[d];
    if (shard === undefined || shard.length !== length)
      throw new RangeError(`device ${d} holds ${shard?.length ?? 0} elements, expected ${length}`);
    const index = blockIndex(mesh, t.sharding, d);
    const key = `${index.join(',')}|${unreducedCoords(mesh, t.sharding, d).join(',')}`;
    const first = firsts.get(key);
    if (first === undefined) {
      firsts.set(key, shard);
      addBlock(
        value.data,
        t.shape,
        index.map((b, k) => b * local[k]!),
        shard,
        local,
      );
    } else maxReplicaDiff = maxAbsDiff(maxReplicaDiff, first, shard);
  }
  return { value, maxReplicaDiff };
}
