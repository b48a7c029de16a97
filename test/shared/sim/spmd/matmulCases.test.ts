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

  // Cases 3 and 4 below as XLA (JAX 0.10.2) compiles them, with Y free (docs/conformance.md): it uses the free
  // axis rather than reduce-scatter or all-gather over X.
  it('case 3 with a sharded result and Y free → rows on Y, all-reduce over X, then a collective-permute', () => {
    const { plan, tasting } = runAuto(m, eq, {
      inShardings: { a: [null, 'X'], b: ['X', null] },
      outShardings: { out: ['X', null] },
    });
    expect(collectiveSummary(plan)).toEqual([
      'all-slice(Y) a→out',
      'all-reduce(X) out',
      'collective-permute(X,Y) out',
    ]);
    expect(plan.ops[0]!.natural).toEqual({ dims: [['Y'], []], unreduced: ['X'] });
    // The partial [4, 8] f32 block (128 B) all-reduced over 2: 2(n−1)/n · 128 = 128 B; then moved whole, 128 B.
    expect(plan.collectives.map((c) => c.bytesPerDevice)).toEqual([0, 128, 128]);
    expect(tasting.ok).toBe(true);
  });

  it('case 3 with a sharded result and no free axis → reduce-scatter instead of all-reduce', () => {
    const { plan, tasting } = runAuto(mesh(['X', 2]), eq, {
      inShardings: { a: [null, 'X'], b: ['X', null] },
      outShardings: { out: ['X', null] },
    });
    expect(collectiveSummary(plan)).toEqual(['reduce-scatter(X) out']);
    // The partial [8, 8] f32 block (256 B) reduce-scattered over 2: (n−1)/n · 256 = 128 B per device.
    expect(plan.collectives[0]!.bytesPerDevice).toBe(128);
    expect(tasting.ok).toBe(true);
  });

  it('case 4: one axis on both free dims → the result keeps it on I; B is moved to Y, then gathered', () => {
    const { plan, tasting } = runAuto(m, eq, { inShardings: { a: ['X', null], b: [null, 'X'] } });
    expect(collectiveSummary(plan)).toEqual(['collective-permute(X,Y) b→out', 'all-gather(Y) b→out']);
    expect(plan.shardings[2]!.dims).toEqual([['X'], []]);
    expect(tasting.ok).toBe(true);
  });

  it('case 4 with no free axis → B is all-gathered', () => {
    const { plan, tasting } = runAuto(mesh(['X', 2]), eq, {
      inShardings: { a: ['X', null], b: [null, 'X'] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-gather(X) b→out']);
    expect(plan.shardings[2]!.dims).toEqual([['X'], []]);
    expect(tasting.ok).toBe(true);
  });

  it('the contracting dim on X in one operand, Y in the other → the first (equal sizes) moves to X', () => {
    const { plan, tasting } = runAuto(m, eq, { inShardings: { a: [null, 'Y'], b: ['X', null] } });
    expect(collectiveSummary(plan)).toEqual(['collective-permute(X,Y) a→out', 'all-reduce(X) out']);
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

// XLA's dot partitioner (dot_handler.cc `should_partition_contracting_dim`): with one operand split every way on
// the contracting dim and the result replicated, it slices the other operand and all-reduces when the split
// operand has more elements than the result; otherwise it all-gathers that operand.
describe('case 2 as XLA decides it (JAX 0.10.2)', () => {
  const m4 = mesh(['X', 4]);
  it('A[8,16] split 4 ways on j, result [8,8]: 128 > 64 elements → slice B, all-reduce the result', () => {
    const { plan, tasting } = runAuto(m4, einsumProgram('ij,jk->ik', [8, 16], [16, 8]), {
      inShardings: { a: [null, 'X'] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-slice(X) b→out', 'all-reduce(X) out']);
    // [8, 8] f32 = 256 B all-reduced over 4: 2·3/4 · 256 = 384 B per device.
    expect(plan.collectives[1]!.bytesPerDevice).toBe(384);
    expect(tasting.ok).toBe(true);
  });
  it('A[8,16] split 4 ways on j, result [8,256]: 128 < 2048 elements → all-gather A', () => {
    const { plan } = runAuto(m4, einsumProgram('ij,jk->ik', [8, 16], [16, 256]), {
      inShardings: { a: [null, 'X'] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-gather(X) a→out']);
  });
  it('A split on X only of X×Y (partially replicated) → all-gather A', () => {
    const { plan } = runAuto(mesh(['X', 2], ['Y', 2]), einsumProgram('ij,jk->ik', [8, 16], [16, 8]), {
      inShardings: { a: [null, 'X'] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-gather(X) a→out']);
  });
});

// The result wanted split on the axis the sharded operand spends on its contracting dim: XLA's base case
// ("output is partitioned along LHS/RHS non-contracting dimensions") reshards that operand to the result's
// split and replicates the other, with no partial sums however small the result (docs/conformance.md, rule 6).
describe('case 2 with the result split on the contracting axis (JAX 0.10.2)', () => {
  const m4 = mesh(['X', 4]);
  const small = einsumProgram('ij,jk->ik', [4, 16], [16, 32]);
  it('B[16,32] rows on X, result columns on X → B all-to-all from rows to columns, no reduce-scatter', () => {
    const { plan, tasting } = runAuto(m4, small, {
      inShardings: { b: ['X', null] },
      outShardings: { out: [null, 'X'] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-to-all(X) b→out']);
    // B's [4, 32] f32 block (512 B): each device keeps a quarter and sends 3/4 · 512 = 384 B.
    expect(plan.collectives[0]!.bytesPerDevice).toBe(384);
    expect(tasting.ok).toBe(true);
  });
  it('B[16,32] rows on X, result rows on X → A sliced, B all-gathered', () => {
    const { plan, tasting } = runAuto(m4, small, {
      inShardings: { b: ['X', null] },
      outShardings: { out: ['X', null] },
    });
    expect(collectiveSummary(plan)).toEqual(['all-slice(X) a→out', 'all-gather(X) b→out']);
    expect(tasting.ok).toBe(true);
  });
});

describe('a conflicting operand moved onto a larger free axis (JAX 0.10.2)', () => {
  it('bd,df->bf on X=2, Y=4, b and w’s d on X: w’s d sliced and permuted onto Y, then all-reduced over Y', () => {
    const { plan, tasting } = runAuto(
      mesh(['X', 2], ['Y', 4]),
      einsumProgram('bd,df->bf', [8, 16], [16, 32]),
      {
        inShardings: { a: ['X'], b: ['X'] },
      },
    );
    expect(collectiveSummary(plan)).toEqual([
      'all-slice(Y) a→out',
      'collective-permute(X,Y) b→out',
      'all-reduce(Y) out',
    ]);
    // w's [4, 32] f32 quarter (512 B) received whole; then the [4, 32] partial sums all-reduced over 4:
    // 2·3/4 · 512 = 768 B.
    expect(plan.collectives.map((c) => c.bytesPerDevice)).toEqual([0, 512, 768]);
    expect(plan.shardings[2]!.dims).toEqual([['X'], []]);
    expect(tasting.ok).toBe(true);
  });
  it('case 4 on X=2, Y=4: the input’s rows sliced and permuted onto Y, then all-gathered over Y', () => {
    const { plan, tasting } = runAuto(
      mesh(['X', 2], ['Y', 4]),
      einsumProgram('bd,df->bf', [8, 16], [16, 32]),
      {
        inShardings: { a: ['X'], b: [null, 'X'] },
      },
    );
    expect(collectiveSummary(plan)).toEqual(['collective-permute(X,Y) a→out', 'all-gather(Y) a→out']);
    // The input's [2, 16] quarter (128 B) received whole, then gathered over 4: 3 · 128 = 384 B.
    expect(plan.collectives.map((c) => c.bytesPerDevice)).toEqual([128, 384]);
    expect(plan.shardings[2]!.dims).toEqual([[], ['X']]);
    expect(tasting.ok).toBe(true);
  });
  it('a larger free axis that does not divide the dim is not taken (w’s d of 2 rows stays, and is gathered)', () => {
    const { plan, tasting } = runAuto(mesh(['X', 2], ['Y', 4]), einsumProgram('bd,df->bf', [8, 2], [2, 32]), {
      inShardings: { a: ['X'], b: ['X'] },
    });
    expect(collectiveSummary(plan).some((c) => c.startsWith('collective-permute'))).toBe(false);
    expect(tasting.ok).toBe(true);
  });
  // Where XLA does not move onto the larger axis (compiled on JAX 0.10.2): the conflicting dim is not
  // contracting, or the other operand is not split like the result.
  it('A’s i on X, result wanted with k on X: A is all-gathered, not moved onto Y', () => {
    const { plan } = runAuto(mesh(['X', 2], ['Y', 4]), einsumProgram('ij,jk->ik', [8, 16], [16, 8]), {
      inShardings: { a: ['X'] },
      outShardings: { out: [null, 'X'] },
    });
    expect(collectiveSummary(plan).filter((c) => !c.startsWith('all-slice'))).toEqual([
      'all-gather(X) a→out',
    ]);
  });
  it('B’s j on X, A’s j on Y, result rows on X (A not split like it): both gathered', () => {
    const { plan } = runAuto(mesh(['X', 2], ['Y', 4]), einsumProgram('ij,jk->ik', [8, 16], [16, 8]), {
      inShardings: { a: [null, 'Y'], b: ['X'] },
      outShardings: { out: ['X', null] },
    });
    expect(collectiveSummary(plan).filter((c) => !c.startsWith('all-slice'))).toEqual([
      'all-gather(Y) a→out',
      'all-gather(X) b→out',
    ]);
  });
});

describe('two annotated operands asking for one axis (as XLA resolves it)', () => {
  it('bd,df->bf with b and f on X: the larger [16, 32] weight keeps f; the [8, 16] input is gathered', () => {
    const { plan, tasting } = runAuto(mesh(['X', 2]), einsumProgram('bd,df->bf', [8, 16], [16, 32]), {
      inShardings: { a: ['X'], b: [null, 'X'] },
    });
    expect(plan.shardings[2]!.dims).toEqual([[], ['X']]);
    expect(collectiveSummary(plan)).toEqual(['all-gather(X) a→out']);
    expect(tasting.ok).toBe(true);
  });
});
