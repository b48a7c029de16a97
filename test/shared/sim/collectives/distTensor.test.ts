import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assemble, distribute, localView } from '../../../../shared/sim/collectives/distTensor.ts';
import { replicated } from '../../../../shared/sim/sharding.ts';
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

describe('distribute', () => {
  const m = mesh(['x', 2], ['y', 2]); // device = 2x + y

  it('gives each device its block of P("x", "y")', () => {
    // [4,4] = 0..15 split 2×2: device 1 (x 0, y 1) holds rows 0–1, columns 2–3 → [2, 3, 6, 7].
    const x = { shape: [4, 4], data: Float64Array.from({ length: 16 }, (_, i) => i) };
    const t = distribute(m, x, P('x', 'y'));
    expect([...t.shards[1]!]).toEqual([2, 3, 6, 7]);
    expect([...t.shards[2]!]).toEqual([8, 9, 12, 13]);
    expect(localView(m, t, 3).shape).toEqual([2, 2]);
  });

  it('puts an unreduced value on coordinate 0 and zeros elsewhere', () => {
    const x = ints([2, 2]);
    const t = distribute(m, x, U(P(null, null), 'y'));
    expect([...t.shards[0]!]).toEqual([...x.data]); // (x 0, y 0)
    expect([...t.shards[2]!]).toEqual([...x.data]); // (x 1, y 0): replica along x
    expect([...t.shards[1]!]).toEqual([0, 0, 0, 0]);
    expect([...t.shards[3]!]).toEqual([0, 0, 0, 0]);
  });

  it('refuses a shape the sharding does not divide', () => {
    expect(() => distribute(m, ints([3, 2]), P('x'))).toThrow(RangeError);
  });
});

describe('assemble', () => {
  const m = mesh(['x', 2], ['y', 2]);

  it('sums partials over unreduced axes', () => {
    const x = ints([4, 2]);
    expect(assemble(m, distributePartials(m, x, U(P('x', null), 'y'))).value.data).toEqual(x.data);
  });

  it('reports disagreeing replicas', () => {
    const t = distribute(m, ints([2, 2]), replicated(2));
    const shards = t.shards.map((s) => s.slice());
    shards[3]![2]! += 0.5;
    expect(assemble(m, { ...t, shards }).maxReplicaDiff).toBe(0.5);
    expect(assemble(m, t).maxReplicaDiff).toBe(0);
  });

  it('inverts distribute for any sharding', () => {
    fc.assert(
      fc.property(
        arbMesh.chain((mm) =>
          fc.tuple(
            fc.constant(mm),
            fc
              .integer({ min: 0, max: 3 })
              .chain((rank) =>
                fc.tuple(
                  arbPlacement(mm.axes.length, rank),
                  fc.array(fc.integer({ min: 1, max: 2 }), { minLength: rank, maxLength: rank }),
                ),
              ),
          ),
        ),
        ([mm, [placement, mult]]) => {
          const s = shardingOf(mm, mult.length, placement);
          const x = ints(shapeFor(mm, [s], mult), 5);
          const back = assemble(mm, distributePartials(mm, x, s));
          expect(back.value.data).toEqual(x.data);
          expect(back.maxReplicaDiff).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });
});
