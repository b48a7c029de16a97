import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concat, extractBlock, insertBlock, split } from '../../../../shared/sim/collectives/blocks.ts';
import { zeros } from '../../../../shared/sim/tensor/ndarray.ts';
import { ints } from './helpers.ts';

describe('extractBlock / insertBlock', () => {
  it('cuts the box out of a row-major array', () => {
    // [3,4] = 0..11; rows 1–2, columns 1–2 → [5, 6, 9, 10].
    const a = { shape: [3, 4], data: Float32Array.from({ length: 12 }, (_, i) => i) };
    const b = extractBlock(a, [1, 1], [2, 2]);
    expect(b.shape).toEqual([2, 2]);
    expect([...b.data]).toEqual([5, 6, 9, 10]);
    expect(b.data).toBeInstanceOf(Float32Array);
  });

  it('keeps Float64Array and handles rank 0 and empty blocks', () => {
    const scalar = { shape: [], data: Float64Array.of(3.5) };
    expect(extractBlock(scalar, [], []).data).toEqual(Float64Array.of(3.5));
    expect(extractBlock(ints([2, 3]), [0, 1], [2, 0]).data.length).toBe(0);
  });

  it('writes a block back at its place', () => {
    const target = zeros([2, 3], 'f64');
    insertBlock(target, { shape: [1, 2], data: Float32Array.of(7, 8) }, [1, 1]);
    expect([...target.data]).toEqual([0, 0, 0, 0, 7, 8]);
  });

  it('refuses boxes that do not fit', () => {
    expect(() => extractBlock(ints([2, 2]), [1, 0], [2, 2])).toThrow(RangeError);
    expect(() => insertBlock(zeros([2], 'f32'), ints([3]), [0])).toThrow(RangeError);
  });

  it('extract then insert every block of a grid rebuilds the array', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
        (blocks, sizes) => {
          const block = blocks.map((_, d) => sizes[d]!);
          const shape = blocks.map((n, d) => n * block[d]!);
          const a = ints(shape, 3);
          const out = zeros(shape, 'f64');
          const visit = (d: number, start: number[]): void => {
            if (d === shape.length) return insertBlock(out, extractBlock(a, start, block), start);
            for (let i = 0; i < blocks[d]!; i++) visit(d + 1, [...start, i * block[d]!]);
          };
          visit(0, []);
          expect(out.data).toEqual(a.data);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('concat / split', () => {
  it('splits rows and columns like jnp.split', () => {
    const a = ints([4, 2]);
    const rows = split(a, 0, 2);
    expect(rows.map((r) => [...r.data])).toEqual([[...a.data.slice(0, 4)], [...a.data.slice(4)]]);
    const cols = split(a, 1, 2);
    expect([...cols[1]!.data]).toEqual([a.data[1], a.data[3], a.data[5], a.data[7]]);
    expect(() => split(a, 0, 3)).toThrow(RangeError);
    expect(() => concat([], 0)).toThrow(RangeError);
    expect(() => concat([ints([2, 2]), ints([2, 3])], 0)).toThrow(RangeError);
  });

  it('concat inverts split on every dim', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        (base, dimSeed, n) => {
          const dim = dimSeed % base.length;
          const shape = base.map((e, d) => (d === dim ? e * n : e));
          const a = ints(shape, dimSeed);
          const back = concat(split(a, dim, n), dim);
          expect(back.shape).toEqual(shape);
          expect(back.data).toEqual(a.data);
        },
      ),
      { numRuns: 50 },
    );
  });
});
