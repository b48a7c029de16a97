import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concat, split } from '../../../../shared/sim/collectives/blocks.ts';
import { assemble, distribute } from '../../../../shared/sim/collectives/distTensor.ts';
import {
  allGatherLocal,
  allToAllLocal,
  pmax,
  ppermuteLocal,
  psum,
  psumScatterLocal,
} from '../../../../shared/sim/collectives/localCollectives.ts';
import { axisIndex, deviceCoords, type Mesh } from '../../../../shared/sim/mesh.ts';
import { localShape } from '../../../../shared/sim/sharding.ts';
import { sizeOf, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import { arbMesh, ints, mesh, P } from './helpers.ts';

// Direct definitions, independent of groups.ts and ring.ts: a device's group over `axes` is every device
// with the same coordinates off `axes`, ordered by the mixed-radix index over `axes` (first major).
const position = (m: Mesh, axes: readonly string[], d: number): number =>
  axes.reduce((i, a) => i * m.axes[axisIndex(m, a)]!.size + deviceCoords(m, d)[axisIndex(m, a)]!, 0);
function peers(m: Mesh, axes: readonly string[], d: number): number[] {
  const off = m.axes.map((_, i) => i).filter((i) => !axes.some((a) => axisIndex(m, a) === i));
  const mine = deviceCoords(m, d);
  return Array.from({ length: m.deviceCount }, (_, e) => e)
    .filter((e) => off.every((i) => deviceCoords(m, e)[i] === mine[i]))
    .sort((e, f) => position(m, axes, e) - position(m, axes, f));
}
const view = (shape: readonly number[], data: Float32Array): NdArray<Float32Array> => ({ shape, data });
const sumOf = (arrays: Float32Array[]): Float32Array =>
  arrays.reduce((acc, a) => acc.map((v, i) => v + a[i]!), new Float32Array(arrays[0]!.length));

/** Random mesh, local shape, ordered axes subset, and two dims. */
const arbCase = arbMesh.chain((m) =>
  fc.record({
    m: fc.constant(m),
    shape: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
    axes: fc.shuffledSubarray(
      m.axes.map((a) => a.name),
      { minLength: 1 },
    ),
    a: fc.nat(),
    b: fc.nat(),
  }),
);
const localsOf = (m: Mesh, shape: readonly number[]) =>
  Array.from({ length: m.deviceCount }, (_, d) => new Float32Array(ints(shape, d).data));
const groupOf = (m: Mesh, axes: readonly string[]) => sizeOf(axes.map((a) => m.axes[axisIndex(m, a)]!.size));
const RUNS = { numRuns: 100 };

describe('shard_map collectives against a direct computation', () => {
  it('psum and pmax', () => {
    fc.assert(
      fc.property(arbCase, ({ m, shape: base, axes }) => {
        const n = groupOf(m, axes);
        const shape = [base[0]! * n, ...base.slice(1)];
        const locals = localsOf(m, shape);
        const sum = psum(m, locals, shape, axes);
        const max = pmax(m, locals, shape, axes);
        locals.forEach((_, d) => {
          const group = peers(m, axes, d).map((e) => locals[e]!);
          expect(sum.locals[d]).toEqual(sumOf(group));
          expect(max.locals[d]).toEqual(group.reduce((acc, a) => acc.map((v, i) => Math.max(v, a[i]!))));
        });
        expect(sum.shape).toEqual(shape);
        expect(sum.record.bytesSent).toEqual(locals.map(() => (2 * (n - 1) * sizeOf(shape) * 4) / n));
      }),
      RUNS,
    );
  });

  it('all_gather(tiled=True)', () => {
    fc.assert(
      fc.property(arbCase, ({ m, shape, axes, a }) => {
        const dim = a % shape.length;
        const locals = localsOf(m, shape);
        const r = allGatherLocal(m, locals, shape, axes, dim);
        const n = groupOf(m, axes);
        locals.forEach((_, d) => {
          const parts = peers(m, axes, d).map((e) => view(shape, locals[e]!));
          expect(r.locals[d]).toEqual(concat(parts, dim).data);
        });
        expect(r.shape).toEqual(shape.map((e, k) => (k === dim ? e * n : e)));
        expect(r.record.bytesSent).toEqual(locals.map(() => (n - 1) * sizeOf(shape) * 4));
      }),
      RUNS,
    );
  });

  it('psum_scatter(tiled=True)', () => {
    fc.assert(
      fc.property(arbCase, ({ m, shape: base, axes, a }) => {
        const dim = a % base.length;
        const n = groupOf(m, axes);
        const shape = base.map((e, k) => (k === dim ? e * n : e));
        const locals = localsOf(m, shape);
        const r = psumScatterLocal(m, locals, shape, axes, dim);
        locals.forEach((_, d) => {
          const total = sumOf(peers(m, axes, d).map((e) => locals[e]!));
          expect(r.locals[d]).toEqual(split(view(shape, total), dim, n)[position(m, axes, d)]!.data);
        });
        expect(r.shape).toEqual(base);
        expect(r.record.bytesSent).toEqual(locals.map(() => ((n - 1) * sizeOf(shape) * 4) / n));
      }),
      RUNS,
    );
  });

  it('all_to_all(tiled=True)', () => {
    fc.assert(
      fc.property(arbCase, ({ m, shape: base, axes, a, b }) => {
        const splitDim = a % base.length;
        const concatDim = b % base.length;
        const n = groupOf(m, axes);
        const shape = base.map((e, k) => (k === splitDim ? e * n : e));
        const locals = localsOf(m, shape);
        const r = allToAllLocal(m, locals, shape, axes, splitDim, concatDim);
        locals.forEach((_, d) => {
          const p = position(m, axes, d);
          const parts = peers(m, axes, d).map((e) => split(view(shape, locals[e]!), splitDim, n)[p]!);
          expect(r.locals[d]).toEqual(concat(parts, concatDim).data);
        });
        expect(r.record.bytesSent).toEqual(locals.map(() => ((n - 1) * sizeOf(shape) * 4) / n));
      }),
      RUNS,
    );
  });

  it('ppermute (non-receivers get zeros)', () => {
    fc.assert(
      fc.property(arbCase, fc.nat(), ({ m, shape, axes, a }, shift) => {
        const axis = axes[0]!;
        const n = groupOf(m, [axis]);
        // A cyclic shift restricted to the first (a mod n) + 1 sources: a partial permutation.
        const perm = Array.from({ length: (a % n) + 1 }, (_, i): [number, number] => [i, (i + shift) % n]);
        const locals = localsOf(m, shape);
        const r = ppermuteLocal(m, locals, shape, axis, perm);
        locals.forEach((_, d) => {
          const p = position(m, [axis], d);
          const from = perm.find(([, to]) => to === p)?.[0];
          const group = peers(m, [axis], d);
          expect(r.locals[d]).toEqual(
            from === undefined ? new Float32Array(sizeOf(shape)) : locals[group[from]!],
          );
        });
      }),
      RUNS,
    );
  });
});

describe('shard_map collectives, worked examples', () => {
  const x2 = mesh(['x', 2]);

  it('all_to_all of f32[4] over 2 devices', () => {
    // Device 0 [0,1,2,3] and device 1 [4,5,6,7], split and concat on dim 0: [0,1,4,5] and [2,3,6,7];
    // each sends one chunk of 2 elements = 8 B.
    const r = allToAllLocal(x2, [Float32Array.of(0, 1, 2, 3), Float32Array.of(4, 5, 6, 7)], [4], ['x'], 0, 0);
    expect(r.locals.map((l) => [...l])).toEqual([
      [0, 1, 4, 5],
      [2, 3, 6, 7],
    ]);
    expect(r.record.bytesSent).toEqual([8, 8]);
  });

  it('ppermute shift right by one without wrap-around', () => {
    const m = mesh(['x', 4]);
    const locals = [0, 1, 2, 3].map((d) => Float32Array.of(d + 10));
    const r = ppermuteLocal(m, locals, [1], 'x', [
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(r.locals.map((l) => l[0])).toEqual([0, 10, 11, 12]);
    expect(r.record).toMatchObject({ kind: 'collective-permute', bytesSent: [4, 4, 4, 0], steps: 1 });
    expect(() => ppermuteLocal(m, locals, [1], 'x', [[0, 4]])).toThrow(RangeError);
    expect(() =>
      ppermuteLocal(m, locals, [1], 'x', [
        [0, 1],
        [2, 1],
      ]),
    ).toThrow(RangeError);
  });

  it('docs/parallel.md: local dot then psum_scatter(tiled) over X gives x @ y sharded P("X", None)', () => {
    // Mesh (X 4, Y 2); x f32[8,4] P(None,'X'), y f32[4,16] P('X',None): each device's local product is
    // [8,1]·[1,16] = [8,16]; psum_scatter on dim 0 over X leaves [2,16] per device.
    const m = mesh(['X', 4], ['Y', 2]);
    const x = ints([8, 4], 1);
    const y = ints([4, 16], 2);
    const xs = distribute(m, x, P(null, 'X'));
    const ys = distribute(m, y, P('X', null));
    const partial = xs.shards.map((xl, d) => {
      const yl = ys.shards[d]!;
      return Float32Array.from({ length: 8 * 16 }, (_, k) => xl[Math.floor(k / 16)]! * yl[k % 16]!);
    });
    const r = psumScatterLocal(m, partial, [8, 16], ['X'], 0);
    const out = { shape: [8, 16], sharding: P('X', null), shards: r.locals };
    expect(localShape(m, out.sharding, out.shape)).toEqual(r.shape);
    const expected = Float64Array.from({ length: 8 * 16 }, (_, k) => {
      const [i, j] = [Math.floor(k / 16), k % 16];
      return [0, 1, 2, 3].reduce((s, c) => s + x.data[i * 4 + c]! * y.data[c * 16 + j]!, 0);
    });
    expect(assemble(m, out).value.data).toEqual(expected);
  });
});
