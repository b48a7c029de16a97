// Test helpers for the collectives: meshes, shardings in P(...) style, exact integer-valued arrays (sums
// of small integers are exact in f32, so values can be compared with toEqual) and fast-check arbitraries.
import fc from 'fast-check';
import { axisIndex, deviceAt, deviceCoords, makeMesh, type Mesh } from '../../../../shared/sim/mesh.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { blockIndex, localShape, shardCount, type Sharding } from '../../../../shared/sim/sharding.ts';
import { sizeOf, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import { distribute, type DistTensor } from '../../../../shared/sim/collectives/distTensor.ts';

export const mesh = (...axes: [string, number][]): Mesh => unwrap(makeMesh(axes));

/** `P('x', ['y', 'z'], null)` → dims [['x'], ['y', 'z'], []]. */
export const P = (...dims: (string | string[] | null)[]): Sharding => ({
  dims: dims.map((d) => (d === null ? [] : typeof d === 'string' ? [d] : d)),
  unreduced: [],
});
export const U = (s: Sharding, ...unreduced: string[]): Sharding => ({ dims: s.dims, unreduced });

/** Integers in [−8, 8], a different pattern per seed: exact in f32 under the sums the tests make. */
export function ints(shape: readonly number[], seed = 0): NdArray<Float64Array> {
  const data = new Float64Array(sizeOf(shape));
  for (let i = 0; i < data.length; i++) data[i] = ((i * 7 + seed * 13 + ((i * i) % 5)) % 17) - 8;
  return { shape: [...shape], data };
}

/**
 * Like `distribute`, but along unreduced axes every device holds a non-trivial partial: the devices off
 * coordinate 0 hold integer noise and the coordinate-0 device holds the value minus their sum.
 */
export function distributePartials(m: Mesh, x: NdArray, s: Sharding, seed = 1): DistTensor {
  const t = distribute(m, x, s);
  const shards = t.shards.map((a) => a.slice());
  for (let d = 0; d < m.deviceCount; d++) {
    const coords = deviceCoords(m, d);
    if (s.unreduced.every((a) => coords[axisIndex(m, a)] === 0)) continue;
    const base = [...coords];
    for (const a of s.unreduced) base[axisIndex(m, a)] = 0;
    const d0 = deviceAt(m, base);
    // Replicas (same block, same unreduced coordinates) must hold equal partials.
    const key = [...blockIndex(m, s, d), ...s.unreduced.map((a) => coords[axisIndex(m, a)]!)];
    const noise = ints(
      localShape(m, s, x.shape),
      key.reduce((h, k) => h * 31 + k, seed),
    ).data;
    shards[d]!.set(noise);
    for (let i = 0; i < noise.length; i++) shards[d0]![i]! -= noise[i]!;
  }
  return { ...t, shards };
}

/** Elements of one device's local block. */
export const localElements = (m: Mesh, t: DistTensor): number => sizeOf(localShape(m, t.sharding, t.shape));

const NAMES = ['x', 'y', 'z'];

/** Meshes of 1–3 axes with at most 16 devices. */
export const arbMesh: fc.Arbitrary<Mesh> = fc
  .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 })
  .filter((sizes) => sizes.reduce((a, b) => a * b, 1) <= 16)
  .map((sizes) => mesh(...sizes.map((n, i): [string, number] => [NAMES[i]!, n])));

/** Where each mesh axis goes: −2 unreduced, −1 unused, d ≥ 0 dim d; `order` sorts axes inside a dim. */
export interface Placement {
  readonly where: number[];
  readonly order: number[];
}

export const arbPlacement = (axes: number, rank: number, unreduced = true): fc.Arbitrary<Placement> =>
  fc.record({
    where: fc.array(fc.integer({ min: unreduced ? -2 : -1, max: rank - 1 }), {
      minLength: axes,
      maxLength: axes,
    }),
    order: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: axes, maxLength: axes }),
  });

export function shardingOf(m: Mesh, rank: number, p: Placement): Sharding {
  const names = m.axes.map((a) => a.name);
  const sorted = names
    .map((n, i) => ({ n, w: p.where[i]!, o: p.order[i]! * 10 + i }))
    .sort((a, b) => a.o - b.o);
  return {
    dims: Array.from({ length: rank }, (_, d) => sorted.filter((a) => a.w === d).map((a) => a.n)),
    unreduced: sorted.filter((a) => a.w === -2).map((a) => a.n),
  };
}

/** A shape every one of the shardings divides: shape[d] = lcm of their shard counts · mult[d]. */
export function shapeFor(m: Mesh, shardings: readonly Sharding[], mult: readonly number[]): number[] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return mult.map(
    (k, d) =>
      shardings.reduce((l, s) => {
        const c = shardCount(m, s.dims[d]!);
        return (l * c) / gcd(l, c);
      }, 1) * k,
  );
}
