import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allGather,
  allReduce,
  allSlice,
  allToAll,
  collectivePermute,
  permutedAxes,
  reduceScatter,
} from '../../../../shared/sim/collectives/distCollectives.ts';
import { assemble, distribute, type DistTensor } from '../../../../shared/sim/collectives/distTensor.ts';
import { groupSize } from '../../../../shared/sim/collectives/groups.ts';
import { totalBytesSent } from '../../../../shared/sim/collectives/ledger.ts';
import type { Mesh } from '../../../../shared/sim/mesh.ts';
import { blockIndex, replicated, type Sharding } from '../../../../shared/sim/sharding.ts';
import type { NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import {
  arbMesh,
  arbPlacement,
  distributePartials,
  ints,
  localElements,
  mesh,
  P,
  shapeFor,
  shardingOf,
  U,
  type Placement,
} from './helpers.ts';

const each = (m: Mesh, bytes: number): number[] => new Array<number>(m.deviceCount).fill(bytes);
const expectValue = (m: Mesh, t: DistTensor, x: NdArray): void => {
  const { value, maxReplicaDiff } = assemble(m, t);
  expect(value.data).toEqual(x.data);
  expect(maxReplicaDiff).toBe(0);
};

describe('hand-worked costs (f32 unless noted)', () => {
  const x4 = mesh(['x', 4]);

  it('all-gather [8,4] split 4 ways on dim 0', () => {
    // Local [2,4] = 8 elements = 32 B; ring of 4: 3 rounds, one 32 B block each → 96 B sent and received.
    const x = ints([8, 4]);
    const { tensor, record } = allGather(x4, distribute(x4, x, P('x', null)), 0, ['x']);
    expect(record).toEqual({
      kind: 'all-gather',
      axes: ['x'],
      bytesSent: each(x4, 96),
      bytesReceived: each(x4, 96),
      steps: 3,
    });
    expect(tensor.sharding).toEqual(P(null, null));
    expectValue(x4, tensor, x);
    // Priced in bf16 (2 B): 3 · 8 · 2 = 48 B.
    expect(allGather(x4, distribute(x4, x, P('x', null)), 0, ['x'], 2).record.bytesSent).toEqual(
      each(x4, 48),
    );
  });

  it('all-gather of a suffix of two axes', () => {
    // Mesh 2x2x2, [8,2] P(('x','y','z')) → P('x'): local [1,2] = 8 B; group over (y,z) has 4 devices:
    // 3 rounds × 8 B = 24 B.
    const m = mesh(['x', 2], ['y', 2], ['z', 2]);
    const x = ints([8, 2]);
    const { tensor, record } = allGather(m, distribute(m, x, P(['x', 'y', 'z'], null)), 0, ['y', 'z']);
    expect(record.bytesSent).toEqual(each(m, 24));
    expect(record.steps).toBe(3);
    expect(tensor.sharding).toEqual(P('x', null));
    expectValue(m, tensor, x);
  });

  it('reduce-scatter [8,4]{U_x} over 4 devices onto dim 0', () => {
    // Local input [8,4] = 32 elements = 128 B, cut into 4 chunks of 128/4 = 32 B; 3 rounds × 32 B = 96 B.
    const x = ints([8, 4]);
    const { tensor, record } = reduceScatter(x4, distributePartials(x4, x, U(P(null, null), 'x')), ['x'], 0);
    expect(record).toEqual({
      kind: 'reduce-scatter',
      axes: ['x'],
      bytesSent: each(x4, 96),
      bytesReceived: each(x4, 96),
      steps: 3,
    });
    expect(tensor.sharding).toEqual(P('x', null));
    expectValue(x4, tensor, x);
  });

  it('all-reduce [8,4]{U_x} over 4 devices', () => {
    // Reduce-scatter 96 B then all-gather of the 32 B chunks 3 × 32 = 96 B: 2·(4−1)/4 · 128 = 192 B, 6 rounds.
    const x = ints([8, 4]);
    const { tensor, record } = allReduce(x4, distributePartials(x4, x, U(P(null, null), 'x')), ['x'], 'sum');
    expect(record).toEqual({
      kind: 'all-reduce',
      axes: ['x'],
      bytesSent: each(x4, 192),
      bytesReceived: each(x4, 192),
      steps: 6,
    });
    expect(tensor.sharding).toEqual(P(null, null));
    expectValue(x4, tensor, x);
  });

  it('all-reduce max of partial maxima', () => {
    // Mesh x:2, y:2; each device holds its partial row maxima f32[2] (8 B); max over y: 2·(2−1)/2 · 8 = 8 B.
    const m = mesh(['x', 2], ['y', 2]);
    const partial: DistTensor = {
      shape: [2],
      sharding: replicated(1),
      shards: [Float32Array.of(1, 9), Float32Array.of(5, 2), Float32Array.of(-1, 0), Float32Array.of(-3, 4)],
    };
    const { tensor, record } = allReduce(m, partial, ['y'], 'max');
    expect(tensor.shards.map((s) => [...s])).toEqual([
      [5, 9],
      [5, 9],
      [-1, 4],
      [-1, 4],
    ]);
    expect(tensor.sharding).toEqual(replicated(1));
    expect(record.bytesSent).toEqual(each(m, 8));
    expect(record.steps).toBe(2);
  });

  it('all-to-all [8,8] P(None, "x") → P("x", None) on 4 devices', () => {
    // Local [8,2] = 64 B, cut along dim 0 into 4 chunks [2,2] = 16 B; 3 sent → 48 B = (4−1)/4 · 64.
    const x = ints([8, 8]);
    const { tensor, record } = allToAll(x4, distribute(x4, x, P(null, 'x')), ['x'], 1, 0);
    expect(record).toEqual({
      kind: 'all-to-all',
      axes: ['x'],
      bytesSent: each(x4, 48),
      bytesReceived: each(x4, 48),
      steps: 3,
    });
    expect(tensor.sharding).toEqual(P('x', null));
    expectValue(x4, tensor, x);
  });

  it('collective-permute swapping equal-size axes', () => {
    // Mesh 2x2, [4,4] P('x','y') → P('y','x'), local [2,2] = 16 B. Device 2x+y holds block (x,y) and needs
    // (y,x): devices 0 and 3 keep theirs, devices 1 and 2 swap 16 B in one round.
    const m = mesh(['x', 2], ['y', 2]);
    const x = ints([4, 4]);
    const { tensor, record } = collectivePermute(m, distribute(m, x, P('x', 'y')), P('y', 'x'));
    expect(record).toEqual({
      kind: 'collective-permute',
      axes: ['x', 'y'],
      bytesSent: [0, 16, 16, 0],
      bytesReceived: [0, 16, 16, 0],
      steps: 1,
    });
    expectValue(m, tensor, x);
  });

  it('all-slice costs nothing', () => {
    const x = ints([8, 4]);
    const { tensor, record } = allSlice(x4, distribute(x4, x, P(null, null)), 0, ['x']);
    expect(record).toEqual({
      kind: 'all-slice',
      axes: ['x'],
      bytesSent: each(x4, 0),
      bytesReceived: each(x4, 0),
      steps: 0,
    });
    expect(tensor.sharding).toEqual(P('x', null));
    expectValue(x4, tensor, x);
  });

  it('refuses arguments that do not fit the tensor', () => {
    const t = distribute(x4, ints([8, 4]), P('x', null));
    expect(() => allGather(x4, t, 1, ['x'])).toThrow(RangeError);
    expect(() => reduceScatter(x4, t, ['x'], 1)).toThrow(RangeError);
    expect(() => allReduce(x4, t, ['x'], 'max')).toThrow(RangeError);
    expect(() => allToAll(x4, t, ['x'], 0, 0)).toThrow(RangeError);
    expect(() => allSlice(x4, t, 1, ['x'])).toThrow(RangeError);
    expect(() => collectivePermute(x4, t, P(null, 'x'))).toThrow(RangeError);
  });
});

/** A random mesh, sharding (with unreduced axes) and op parameters. */
const scenario = (minRank: number) =>
  arbMesh.chain((m) =>
    fc.integer({ min: minRank, max: 3 }).chain((rank) =>
      fc.record({
        m: fc.constant(m),
        p: arbPlacement(m.axes.length, rank),
        mult: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: rank, maxLength: rank }),
        a: fc.nat(),
        b: fc.nat(),
      }),
    ),
  );
type Scenario = { m: Mesh; p: Placement; mult: number[]; a: number; b: number };
const setup = ({ m, p, mult }: Scenario, scale: (s: Sharding, shape: number[]) => void = () => {}) => {
  const s = shardingOf(m, mult.length, p);
  const shape = shapeFor(m, [s], mult);
  scale(s, shape);
  const x = ints(shape, mult.length);
  return { s, x, t: distributePartials(m, x, s) };
};
/** A non-empty subset of `axes` chosen by the bits of `bits`, in its order. */
const subset = (axes: readonly string[], bits: number): string[] => {
  const chosen = axes.filter((_, i) => (bits >> i) & 1);
  return chosen.length > 0 ? chosen : axes.slice(0, 1);
};
const RUNS = { numRuns: 100 };

describe('ring byte formulas, per device (L = local bytes before the collective)', () => {
  it('all-gather sends (n − 1)·L', () => {
    fc.assert(
      fc.property(scenario(1), (sc) => {
        const { s, x, t } = setup(sc);
        const dims = s.dims.flatMap((axes, d) => (axes.length > 0 ? [d] : []));
        fc.pre(dims.length > 0);
        const dim = dims[sc.a % dims.length]!;
        const axes = s.dims[dim]!.slice(-(1 + (sc.b % s.dims[dim]!.length)));
        const n = groupSize(sc.m, axes);
        const { tensor, record } = allGather(sc.m, t, dim, axes);
        expect(record.bytesSent).toEqual(each(sc.m, (n - 1) * localElements(sc.m, t) * 4));
        expect(record.bytesReceived).toEqual(record.bytesSent);
        expect(record.steps).toBe(n - 1);
        expectValue(sc.m, tensor, x);
      }),
      RUNS,
    );
  });

  it('reduce-scatter sends (n − 1)/n·L and all-reduce 2(n − 1)/n·L; reduce-scatter + all-gather = all-reduce', () => {
    fc.assert(
      fc.property(scenario(1), (sc) => {
        const dim = sc.a % sc.mult.length;
        let axes: string[] = [];
        const { s, x, t } = setup(sc, (s, shape) => {
          axes = subset(s.unreduced, sc.b);
          shape[dim]! *= groupSize(sc.m, axes);
        });
        fc.pre(s.unreduced.length > 0);
        const n = groupSize(sc.m, axes);
        const L = localElements(sc.m, t) * 4;
        const rs = reduceScatter(sc.m, t, axes, dim);
        expect(rs.record.bytesSent).toEqual(each(sc.m, ((n - 1) * L) / n));
        expect(rs.record.steps).toBe(n - 1);
        expect(rs.tensor.sharding.unreduced).toEqual(s.unreduced.filter((a) => !axes.includes(a)));
        expectValue(sc.m, rs.tensor, x);

        const ar = allReduce(sc.m, t, axes, 'sum');
        expect(ar.record.bytesSent).toEqual(each(sc.m, (2 * (n - 1) * L) / n));
        expect(ar.record.steps).toBe(2 * (n - 1));
        expectValue(sc.m, ar.tensor, x);

        const ag = allGather(sc.m, rs.tensor, dim, axes);
        expect(ag.tensor.sharding).toEqual(ar.tensor.sharding);
        expect(ag.tensor.shards).toEqual(ar.tensor.shards);
        expect(totalBytesSent(rs.record) + totalBytesSent(ag.record)).toBe(totalBytesSent(ar.record));
      }),
      RUNS,
    );
  });

  it('all-to-all sends (n − 1)/n·L', () => {
    fc.assert(
      fc.property(scenario(2), (sc) => {
        const s0 = shardingOf(sc.m, sc.mult.length, sc.p);
        const dims = s0.dims.flatMap((axes, d) => (axes.length > 0 ? [d] : []));
        fc.pre(dims.length > 0);
        const fromDim = dims[sc.a % dims.length]!;
        const toDim = (fromDim + 1 + (sc.b % (sc.mult.length - 1))) % sc.mult.length;
        const axes = s0.dims[fromDim]!.slice(-(1 + (sc.b % s0.dims[fromDim]!.length)));
        const n = groupSize(sc.m, axes);
        const { x, t } = setup(sc, (_, shape) => (shape[toDim]! *= n));
        const { tensor, record } = allToAll(sc.m, t, axes, fromDim, toDim);
        const L = localElements(sc.m, t) * 4;
        expect(record.bytesSent).toEqual(each(sc.m, ((n - 1) * L) / n));
        expect(record.bytesReceived).toEqual(record.bytesSent);
        expect(record.steps).toBe(n - 1);
        expect(tensor.sharding.dims[toDim]!.slice(-axes.length)).toEqual(axes);
        expectValue(sc.m, tensor, x);
      }),
      RUNS,
    );
  });

  it('collective-permute moves a whole block exactly to the devices that lack theirs', () => {
    fc.assert(
      fc.property(scenario(1), fc.boolean(), (sc, reverse) => {
        const { s, x, t } = setup(sc);
        // Target: swap two equal-size mesh axes everywhere they appear, optionally reverse each dim's axes.
        const names = sc.m.axes.map((a) => a.name);
        const pairs = names.flatMap((u, i) =>
          names
            .slice(i + 1)
            .flatMap((v, j) => (sc.m.axes[i]!.size === sc.m.axes[i + 1 + j]!.size ? [[u, v] as const] : [])),
        );
        const [u, v] = pairs[sc.a % Math.max(1, pairs.length)] ?? ['', ''];
        const swap = (a: string) => (a === u ? v : a === v ? u : a);
        const dims = s.dims.map((axes) => (reverse ? [...axes].reverse() : [...axes]).map(swap));
        fc.pre(dims.flat().every((a) => !s.unreduced.includes(a)));
        const target: Sharding = { dims, unreduced: s.unreduced };
        const { tensor, record } = collectivePermute(sc.m, t, target);
        const L = localElements(sc.m, t) * 4;
        record.bytesReceived.forEach((bytes, d) => {
          const keeps = blockIndex(sc.m, s, d).join() === blockIndex(sc.m, target, d).join();
          expect(bytes).toBe(keeps ? 0 : L);
        });
        expect(totalBytesSent(record)).toBe(record.bytesReceived.reduce((a, b) => a + b, 0));
        expect(record.axes).toEqual(permutedAxes(sc.m, s, target));
        expectValue(sc.m, tensor, x);
      }),
      RUNS,
    );
  });

  it('all-gather after all-slice is the identity, and the slice is free', () => {
    fc.assert(
      fc.property(scenario(1), (sc) => {
        const dim = sc.a % sc.mult.length;
        let axes: string[] = [];
        const { s, t } = setup(sc, (s, shape) => {
          const used = [...s.dims.flat(), ...s.unreduced];
          axes = subset(
            sc.m.axes.map((a) => a.name).filter((a) => !used.includes(a)),
            sc.b,
          );
          shape[dim]! *= groupSize(sc.m, axes);
        });
        fc.pre(axes.length > 0);
        const sliced = allSlice(sc.m, t, dim, axes);
        expect(totalBytesSent(sliced.record)).toBe(0);
        const back = allGather(sc.m, sliced.tensor, dim, axes);
        expect(back.tensor.sharding).toEqual(s);
        expect(back.tensor.shards).toEqual(t.shards);
      }),
      RUNS,
    );
  });
});
