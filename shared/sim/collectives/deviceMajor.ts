// All devices' shards of a distributed tensor as one device-major array [devices, ...local]. Every device of
// an auto-mode plan runs the same local op on the same local shapes, so executePlan runs each op once over
// these arrays instead of once per device; the per-device shards stay views into them.
import { newFloat32 } from '../tensor/arena.ts';
import { sizeOf, type NdArray } from '../tensor/ndarray.ts';
import type { DistTensor } from './distTensor.ts';

/** The device-major array of each shards list seen, so a value always gets the same array. */
const combined = new WeakMap<readonly Float32Array[], Float32Array>();

/** The shards as one array when they sit back to back, in device order, in one buffer. */
function backToBack(shards: readonly Float32Array[], n: number): Float32Array | undefined {
  const first = shards[0];
  if (first === undefined) return undefined;
  for (let d = 0; d < shards.length; d++) {
    const s = shards[d]!;
    if (s.length !== n || s.buffer !== first.buffer || s.byteOffset !== first.byteOffset + d * n * 4)
      return undefined;
  }
  return new Float32Array(first.buffer, first.byteOffset, shards.length * n);
}

/** `t`'s shards (each of shape `local`) as one [devices, ...local] array: a view when possible, else a copy. */
export function deviceMajor(t: DistTensor, local: readonly number[]): NdArray<Float32Array> {
  const n = sizeOf(local);
  let data = combined.get(t.shards);
  if (data === undefined) {
    data = backToBack(t.shards, n);
    if (data === undefined) {
      const copy = newFloat32(t.shards.length * n, false);
      t.shards.forEach((s, d) => copy.set(s, d * n));
      data = copy;
    }
    combined.set(t.shards, data);
  }
  return { shape: [t.shards.length, ...local], data };
}

/** Per-device shards: `devices` equal back-to-back views of `data` (device-major). */
export function splitDevices(data: Float32Array, devices: number): Float32Array[] {
  const n = data.length / devices;
  const shards = new Array<Float32Array>(devices);
  for (let d = 0; d < devices; d++) shards[d] = data.subarray(d * n, (d + 1) * n);
  combined.set(shards, data);
  return shards;
}
