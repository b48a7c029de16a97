// Where both operands split a batch label alike and the wanted result spends those axes on another dim, the
// einsum is computed batch-split and resharded (XLA's PartitionDotGroupOnBatch); elsewhere the wanted
// sharding stands.
import { describe, expect, it } from 'vitest';
import { batchFirstTarget } from '../../../../shared/sim/spmd/batchFirstTarget.ts';
import type { Sharding } from '../../../../shared/sim/sharding.ts';

const s = (...dims: string[][]): Sharding => ({ dims, unreduced: [] });
const BMM: [[string, string], string] = [['bij', 'bjk'], 'bik'];

describe('batchFirstTarget', () => {
  it('computes a batch-split product batch-split when the result is wanted split on i', () => {
    expect(batchFirstTarget(...BMM, [s(['x'], [], []), s(['x'], [], [])], s([], ['x'], []))).toEqual(
      s(['x'], [], []),
    );
  });

  it('keeps the wanted dims that do not conflict', () => {
    // b on x in both; wanted i on x and k on y: b takes x, k keeps y.
    expect(batchFirstTarget(...BMM, [s(['x'], [], []), s(['x'], [], [])], s([], ['x'], ['y']))).toEqual(
      s(['x'], [], ['y']),
    );
  });

  it('leaves the wanted sharding where it does not spend the batch axes elsewhere', () => {
    // Wanted replicated: nothing conflicts (the result is planned as wanted; the constraint model handles it).
    expect(batchFirstTarget(...BMM, [s(['x'], [], []), s(['x'], [], [])], s([], [], []))).toBeUndefined();
    // Already batch-split as the operands are.
    expect(batchFirstTarget(...BMM, [s(['x'], [], []), s(['x'], [], [])], s(['x'], [], []))).toBeUndefined();
  });

  it('needs both operands split alike on the batch label', () => {
    expect(batchFirstTarget(...BMM, [s(['x'], [], []), s([], [], [])], s([], ['x'], []))).toBeUndefined();
    expect(batchFirstTarget(...BMM, [s(['x'], [], []), s(['y'], [], [])], s([], ['x'], []))).toBeUndefined();
  });

  it('ignores labels that are not in both operands and the result', () => {
    // ij,jk->ik has no batch label.
    expect(batchFirstTarget(['ij', 'jk'], 'ik', [s(['x'], []), s([], ['x'])], s([], ['x']))).toBeUndefined();
  });

  it('leaves a result with unreduced axes alone', () => {
    const wanted: Sharding = { dims: [[], ['x'], []], unreduced: ['y'] };
    expect(batchFirstTarget(...BMM, [s(['x'], [], []), s(['x'], [], [])], wanted)).toBeUndefined();
  });
});
