// The scaling book's four sharded-matmul cases (docs/jax-semantics.md §2.2) and the sim contract's example, planned by
// auto mode, run on real shards and tasted against the float64 reference.
import { describe, expect, it } from 'vitest';
import { collectiveSummary, einsumProgram, mesh, runAuto } from './helpers.ts';

describe('the sim contract example: ij,jk->ik on Mesh(x: 4, y: 2)', () => {
  // A[8,32] P('x','y') · B[32,16] P('y', None) → out P('x', None): j is sharded on y in both operands
  // (case 3): local [2,16]·[16,16] partial sums, then one all-reduce over y of the [2,16] f32 block.
  // Ring all-reduce over n = 2: each device sends 2(n−1)/n · 2·16·4 B = 128 B. Local FLOPs 2·2·16·16 = 1024.
  const { plan, tasting } = runAuto(mesh(['x', 4], ['y', 2]), einsumProgram('ij,jk->ik', [8, 32], [32, 16]), {
    inShardings: { a: ['x', 'y'], b: ['y', null] },
    outShardings: { out: ['x', null] },
  });
  it('inserts one all-reduce over y of 128 bytes per device', () => {
    expect(plan.collectives.map((c) => [c.kind, c.axes, c.place, c.bytesPerDevice])).toEqual([
      ['all-reduce', ['y'], 'result', 128],
    ]);
  });
  it('computes 1024 FLOPs per device and tastes right', () => {
    expect(plan.ops[0]!.flopsPerDevice).toBe(1024);
    expect(tasting.ok).toBe(true);
    expect(tasting.outputs[0]!.relError).toBeLessThan(1e-6);
  });
});

describe('the four matmul cases', () => {
  const m = mesh(['X', 2], ['Y', 2]);
  const eq = einsumProgram('ij,jk->ik', [8, 8], [8, 8]);

  it('case 1: no sharded contracting dim → C[I_X, K_Y], no communication', () => {
    const { plan, tasting } = runAuto(m, eq, { inShardings: { a: ['X', null], b: [null, 'Y'] } });
    expect(collectiveSummary(plan)).toEqual([]);
    expect(plan.shardings[2]!.dims).toEqual([['X'], ['Y']]);
    expect(tasting.ok).toBe(true);
  });

  it('case 2: one operand sharded on the contracting dim → all-gather it first', () => {
    const { plan, tasting } = runAuto(m, eq, { inShardings: { a: [null, 'X'] } });
    expect(collectiveSummary(plan)).toEqual(['all-gather(X) a→out']);
    // A[8, 8] split 2 ways: each device sends its [8, 4] f32 block once = 128 B.
    expect(plan.collectives[0]!.bytesPerDevice).toBe(128);
    expect(tasting.ok).toBe(true);
  });

  it('case 3: both sharded identically on the contracting dim → partial sums, then all-reduce', () => {
    const { plan, tasting } = runAuto(m, eq, { inShardings: { a: [null, 'X'], b: ['X', null] } });
    expect(collectiveSummary(plan)).toEqual(['all-reduce(X) out']);
    expect(plan.ops[0]!.natural.unreduced).toEqual(['X']);
    expect(tasting.ok).toBe(true);
  });

  it('case 3 with a sharded result → reduce-scatter instead of all-reduce', () => {
    const { plan, tasting } = runAuto(m, eq, {
      inShardings: { a: [null, 'X'], b: ['X', null] },
      outShardings: { out: ['X', null] },
    });
    expect(collectiveSummary(plan)).toEqual(['reduce-scatter(X) out']);
    // The partial [8, 8] f32 block (256 B) reduce-scattered over 2: (n−1)/n · 256 = 128 B per device.
    expect(plan.collectives[0]!.bytesPerDevice).toBe(128);
    expect(tasting.ok).toBe(true);
  });

  it('case 4: one axis on both free dims → the result keeps it on I; B is all-gathered', () => {
    const { plan, tasting } = runAuto(m, eq, { inShardings: { a: ['X', null], b: [null, 'X'] } });
    expect(collectiveSummary(plan)).toEqual(['all-gather(X) b→out']);
    expect(plan.shardings[2]!.dims).toEqual([['X'], []]);
    expect(tasting.ok).toBe(true);
  });

  it('batch dims: bij,bjk->bik keeps the batch sharding without communication', () => {
    const p = einsumProgram('bij,bjk->bik', [4, 8, 8], [4, 8, 8]);
    const { plan, tasting } = runAuto(m, p, { inShardings: { a: ['X', null, 'Y'], b: ['X', 'Y', null] } });
    expect(collectiveSummary(plan)).toEqual(['all-reduce(Y) out']);
    expect(plan.shardings[2]!.dims).toEqual([['X'], [], []]);
    expect(tasting.ok).toBe(true);
  });

  it('without any annotation everything stays replicated (GSPMD is not a planner)', () => {
    const { plan, tasting } = runAuto(m, eq, {});
    expect(plan.shardings.every((s) => s.dims.every((d) => d.length === 0))).toBe(true);
    expect(plan.collectives).toEqual([]);
    expect(plan.ops[0]!.flopsPerDevice).toBe(2 * 8 * 8 * 8);
    expect(tasting.ok).toBe(true);
  });
});
