// Row lookups on one device's block of a table (takeRows.ts), worked by hand: a device holding rows [2, 4)
// of a 4-row table reads the ids that fall there and fills the others; the scatter-add is its transpose.
import { describe, expect, it } from 'vitest';
import { scatterAddRows, takeRows } from '../../../../shared/sim/tensor/takeRows.ts';

const f32 = (shape: number[], values: number[]) => ({ shape, data: Float32Array.from(values) });

describe('takeRows / scatterAddRows', () => {
  // Rows 2 and 3 of a [4, 2] table whose row r is [10r, 10r + 1].
  const block = f32([2, 2], [20, 21, 30, 31]);
  const ids = f32([3], [3, 0, 2]);

  it('reads the rows a device holds and fills the rest', () => {
    expect(Array.from(takeRows(block, ids, 2, 0).data)).toEqual([30, 31, 0, 0, 20, 21]);
    expect(Array.from(takeRows(block, ids, 2, NaN).data.slice(2, 4))).toEqual([NaN, NaN]);
    expect(takeRows(block, ids, 2, 0).shape).toEqual([3, 2]);
  });

  it('sums repeated ids into their rows and drops the rows held elsewhere', () => {
    const updates = f32([3, 2], [1, 2, 3, 4, 5, 6]);
    const twice = f32([3], [2, 0, 2]);
    expect(Array.from(scatterAddRows(updates, twice, 2, 2).data)).toEqual([6, 8, 0, 0]);
    expect(Array.from(scatterAddRows(updates, twice, 2, 0).data)).toEqual([3, 4, 0, 0]);
  });

  it('the blocks of every device add up to the whole lookup (the all-reduce of the partial rows)', () => {
    const table = f32([4, 2], [0, 1, 10, 11, 20, 21, 30, 31]);
    const whole = Array.from(takeRows(table, ids, 0, 0).data);
    const parts = [0, 2].map(
      (offset) =>
        takeRows({ shape: [2, 2], data: table.data.slice(offset * 2, offset * 2 + 4) }, ids, offset, 0).data,
    );
    expect(whole.map((_, i) => parts[0]![i]! + parts[1]![i]!)).toEqual(whole);
  });
});
