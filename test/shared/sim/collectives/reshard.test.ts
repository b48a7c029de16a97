import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assemble } from '../../../../shared/sim/collectives/distTensor.ts';
import { totalBytesSent } from '../../../../shared/sim/collectives/ledger.ts';
import { applyReshard, planReshard, type ReshardStep } from '../../../../shared/sim/collectives/reshard.ts';
import type { Mesh } from '../../../../shared/sim/mesh.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { shardingsEqual, type Sharding } from '../../../../shared/sim/sharding.ts';
import { stepBytesPerDevice } from '../../../../shared/sim/spmd/reshardBytes.ts';
import {
  arbMesh,
  arbPlacement,
  distributePartials,
  ints,
  mesh,
  P,
  shapeFor,
  shardingOf,
  U,
} from './helpers.ts';

/** Plans, runs on integer data and checks the value and the final sharding; returns the steps and records. */
function reshard(m: Mesh, shape: number[], from: Sharding, to: Sharding) {
  const steps = unwrap(planReshard(m, shape, from, to));
  const x = ints(shape, 3);
  const { tensor, records } = applyReshard(m, distributePartials(m, x, from), steps);
  expect(shardingsEqual(tensor.sharding, to)).toBe(true);
  const { value, maxReplicaDiff } = assemble(m, tensor);
  expect(value.data).toEqual(x.data);
  expect(maxReplicaDiff).toBe(0);
  return { steps, records };
}
const kinds = (steps: readonly ReshardStep[]) => steps.map((s) => s.kind);

describe('Shardy reshard-to-collectives examples (docs/jax-semantics.md §3.4)', () => {
  const m222 = mesh(['x', 2], ['y', 2], ['z', 2]);

  it('all_gather_multiple_axes: [{x,y,z},{}] → [{x},{}] gathers {y,z}', () => {
    const { steps } = reshard(m222, [8, 8], P(['x', 'y', 'z'], null), P('x', null));
    expect(steps).toEqual([{ kind: 'all-gather', axes: ['y', 'z'], dim: 0 }]);
  });

  it('sharded → fully replicated: x = 6, 24x8 [{x},{}] → [{},{}]', () => {
    const m = mesh(['x', 6]);
    const { steps, records } = reshard(m, [24, 8], P('x', null), P(null, null));
    expect(steps).toEqual([{ kind: 'all-gather', axes: ['x'], dim: 0 }]);
    // Local [4,8] = 128 B; 5 rounds → 640 B per device.
    expect(records[0]!.bytesSent).toEqual(new Array<number>(6).fill(640));
  });

  it('all_slice_multiple_axes: [{},{}] → [{x},{y,z}] is free', () => {
    const { steps, records } = reshard(m222, [8, 8], P(null, null), P('x', ['y', 'z']));
    expect(steps).toEqual([
      { kind: 'all-slice', axes: ['x'], dim: 0 },
      { kind: 'all-slice', axes: ['y', 'z'], dim: 1 },
    ]);
    expect(records.map(totalBytesSent)).toEqual([0, 0]);
  });

  it('all_to_all_single_axis: 16x8x8 [{x},{y},{}] → [{},{y},{x}]', () => {
    const { steps } = reshard(m222, [16, 8, 8], P('x', 'y', null), P(null, 'y', 'x'));
    expect(steps).toEqual([{ kind: 'all-to-all', axes: ['x'], fromDim: 0, toDim: 2 }]);
  });

  it('swap_same_size_axes_between_dims: [{x},{y}] → [{y},{x}]', () => {
    const m = mesh(['x', 2], ['y', 2]);
    const { steps } = reshard(m, [4, 4], P('x', 'y'), P('y', 'x'));
    expect(kinds(steps)).toEqual(['collective-permute']);
  });

  it('unreduced: reduce-scatter onto the dim that takes the axis next, else all-reduce', () => {
    const m = mesh(['x', 2], ['y', 2]);
    expect(reshard(m, [4, 4], U(P(null, null), 'x'), P('x', null)).steps).toEqual([
      { kind: 'reduce-scatter', axes: ['x'], dim: 0 },
    ]);
    expect(reshard(m, [4, 4], U(P(null, null), 'x', 'y'), P(['y', 'x'], null)).steps).toEqual([
      { kind: 'reduce-scatter', axes: ['y', 'x'], dim: 0 },
    ]);
    expect(reshard(m, [4, 4], U(P(null, null), 'x'), P(null, null)).steps).toEqual([
      { kind: 'all-reduce', axes: ['x'] },
    ]);
    // 'x' comes after 'y' in the target but 'y' is not there yet: all-reduce, then slice both.
    expect(kinds(reshard(m, [4, 4], U(P(null, null), 'x'), P(['y', 'x'], null)).steps)).toEqual([
      'all-reduce',
      'all-slice',
    ]);
    // Kept unreduced axes stay pending.
    expect(reshard(m, [4, 4], U(P(null, null), 'x'), U(P('y', null), 'x')).steps).toEqual([
      { kind: 'all-slice', axes: ['y'], dim: 0 },
    ]);
  });

  it('a non-suffix axis is gathered with the suffix and re-sliced', () => {
    const m = mesh(['x', 2], ['y', 2]);
    expect(reshard(m, [4, 4], P(['x', 'y'], null), P('y', null)).steps).toEqual([
      { kind: 'all-gather', axes: ['x', 'y'], dim: 0 },
      { kind: 'all-slice', axes: ['y'], dim: 0 },
    ]);
  });

  it('slices first when that makes the shard counts match for a permute', () => {
    const { steps } = reshard(m222, [4, 4, 4], P('x', 'y', null), P('y', 'x', 'z'));
    expect(kinds(steps)).toEqual(['all-slice', 'collective-permute']);
  });

  // A refinement (each dim split into a multiple of its blocks) as XLA 0.10.2 compiles it: a local
  // dynamic-slice, then one collective-permute of the quarter each device lacks (docs/conformance.md).
  it('refinement onto an axis of another size: P(x) → P(y) on x=2, y=4 slices and permutes', () => {
    const m = mesh(['x', 2], ['y', 4]);
    const { steps, records } = reshard(m, [8, 8], P('x', null), P('y', null));
    expect(steps).toEqual([{ kind: 'collective-permute', axes: ['x', 'y'], target: P('y', null) }]);
    // Device (x, y) needs rows 2y…2y+1, held by x = ⌊y/2⌋: the devices with x ≠ ⌊y/2⌋ receive [2, 8] f32.
    expect(records[0]!.bytesReceived).toEqual([0, 0, 64, 64, 64, 64, 0, 0]);
    expect(stepBytesPerDevice(m, [8, 8], P('x', null), steps[0]!, 4)).toBe(64);
  });

  it('refinement on two dims: P(x, None) → P(y, x) is one collective-permute', () => {
    const m = mesh(['x', 2], ['y', 4]);
    expect(kinds(reshard(m, [8, 8], P('x', null), P('y', 'x')).steps)).toEqual(['collective-permute']);
  });

  // Moving an axis to another dim and onto another axis of the same size, as XLA 0.10.2 compiles it: an
  // all-to-all, then a collective-permute that renames the axis (docs/conformance.md, rule 12).
  it('onto another axis of the same size on another dim: P(None, x) → P(y, None) is an all-to-all, then a permute', () => {
    const m = mesh(['x', 2], ['y', 2]);
    const { steps } = reshard(m, [8, 8], P(null, 'x'), P('y', null));
    expect(steps).toEqual([
      { kind: 'all-to-all', axes: ['x'], fromDim: 1, toDim: 0 },
      { kind: 'collective-permute', axes: ['x', 'y'], target: P('y', null) },
    ]);
  });

  it('onto an axis of another size it still gathers: P(None, x) → P(y, None) on x=2, y=4', () => {
    const m = mesh(['x', 2], ['y', 4]);
    expect(kinds(reshard(m, [8, 8], P(null, 'x'), P('y', null)).steps)).toEqual(['all-slice', 'all-gather']);
  });

  it("not into an einsum operand's batch dims, which XLA's dot partitioner gathers and slices", () => {
    const m = mesh(['x', 2], ['y', 2]);
    const steps = unwrap(planReshard(m, [8, 8], P(null, 'x'), P('y', null), { noSwapInto: new Set([0]) }));
    expect(kinds(steps)).toEqual(['all-slice', 'all-gather']);
  });

  it('plans nothing when nothing changes', () => {
    expect(unwrap(planReshard(m222, [4, 4], U(P('x', null), 'y'), U(P('x', null), 'y')))).toEqual([]);
  });
});

describe('planReshard errors', () => {
  const m = mesh(['x', 2], ['y', 3]);
  it.each([
    [[4], P('x', null), P(null), 'InputError'],
    [[4, 6], P('w', null), P(null, null), 'ValueError'],
    [[4, 6], P('x', 'x'), P(null, null), 'DuplicateSpecError'],
    [[4, 6], P(null, null), P('y', null), 'IndivisibleError'],
    [[4, 6], P(null, null), U(P(null, null), 'x'), 'ShardingTypeError'],
  ])('shape %j, %j → %j: %s', (shape, from, to, type) => {
    const r = planReshard(m, shape, from, to);
    expect(r.ok ? undefined : r.error.type).toBe(type);
  });
});

describe('any reshard round-trips the value', () => {
  it('assemble(applyReshard(distribute(x, from), plan(from, to))) = x, ending exactly at `to`', () => {
    const arb = arbMesh.chain((m) =>
      fc.integer({ min: 1, max: 3 }).chain((rank) =>
        fc.record({
          m: fc.constant(m),
          from: arbPlacement(m.axes.length, rank),
          to: arbPlacement(m.axes.length, rank),
          mult: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: rank, maxLength: rank }),
        }),
      ),
    );
    fc.assert(
      fc.property(arb, ({ m, from: pf, to: pt, mult }) => {
        const from = shardingOf(m, mult.length, pf);
        const raw = shardingOf(m, mult.length, pt);
        // The target may keep unreduced axes but not create them.
        const to = { dims: raw.dims, unreduced: raw.unreduced.filter((a) => from.unreduced.includes(a)) };
        const { steps, records } = reshard(m, shapeFor(m, [from, to], mult), from, to);
        expect(records.map((r) => r.kind)).toEqual(kinds(steps));
        if (shardingsEqual(from, to)) expect(steps).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
