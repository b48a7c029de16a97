// When XLA adds a scatter's updates into each device's own rows (gathering the updates) rather than into a
// whole table it then all-reduces: its scatter partitioner's memory estimate, V/n·D + B·D + B against
// V·D + B·D/m + B/m per device (shared/sim/spmd/scatterIntoOwnRows.ts). Every row below is what JAX 0.10.2
// compiled for `zeros((V, D)).at[ids].add(updates)` with the table, ids and updates split n ways over x.
import { describe, expect, it } from 'vitest';
import type { Sharding } from '../../../../shared/sim/sharding.ts';
import { scatterIntoOwnRows } from '../../../../shared/sim/spmd/scatterIntoOwnRows.ts';
import { mesh } from './helpers.ts';

const split = (dims: string[][]): Sharding => ({ dims, unreduced: [] });

describe('scatter-add into a row-split table, as XLA partitions it', () => {
  it.each([
    // n, V, B, D, XLA's choice
    [4, 64, 16, 16, 'own rows'],
    [4, 64, 60, 16, 'own rows'],
    [4, 64, 64, 16, 'whole table'],
    [4, 256, 240, 16, 'own rows'],
    [4, 256, 252, 16, 'whole table'],
    // The tie: 16·15 + 60·15 + 60 = 1200 = 64·15 + 15·15 + 15; XLA keeps its first method on a tie.
    [4, 64, 60, 15, 'own rows'],
    [4, 64, 60, 14, 'whole table'],
    [4, 64, 60, 1, 'whole table'],
    [2, 64, 62, 16, 'whole table'],
    [2, 64, 60, 16, 'own rows'],
    [8, 64, 16, 1, 'own rows'],
  ] as const)('n=%i V=%i B=%i D=%i: %s', (n, v, b, d, want) => {
    const plan = scatterIntoOwnRows(mesh(['x', n]), [v, d], [b], split([['x']]), split([['x'], []]));
    expect(plan ? 'own rows' : 'whole table').toBe(want);
    if (plan) {
      // Updates and ids whole on every device; the result already in the table's rows, nothing to reduce.
      expect(plan.operands.map((o) => o.dims)).toEqual([[[], []], [[]]]);
      expect(plan.natural).toEqual({ dims: [['x'], []], unreduced: [] });
    }
  });

  it('a table whose rows are whole is left to the einsum rule', () => {
    expect(
      scatterIntoOwnRows(mesh(['x', 4]), [64, 16], [16], split([['x']]), split([[], []])),
    ).toBeUndefined();
  });

  it('ids whole on every device: its own rows always hold less than a whole table', () => {
    expect(
      scatterIntoOwnRows(mesh(['x', 4]), [64, 16], [256], split([[]]), split([['x'], []])),
    ).toBeDefined();
  });
});
