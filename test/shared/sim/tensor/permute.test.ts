import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyStrided, transpose } from '../../../../shared/sim/tensor/permute.ts';
import { sizeOf, stridesOf, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';

const iota = (shape: number[]): NdArray => ({
  shape,
  data: Float64Array.from({ length: sizeOf(shape) }, (_, i) => i),
});

describe('transpose', () => {
  it('transposes a matrix', () => {
    const y = transpose(iota([2, 3]), [1, 0]);
    expect(y.shape).toEqual([3, 2]);
    expect([...y.data]).toEqual([0, 3, 1, 4, 2, 5]);
  });

  it('permutes three dims: out dim d is input dim perm[d]', () => {
    // x[i,j,k] = 4i + 2j + k over [2, 2, 2]; y[k,i,j] = x[i,j,k].
    const y = transpose(iota([2, 2, 2]), [2, 0, 1]);
    expect(y.shape).toEqual([2, 2, 2]);
    expect([...y.data]).toEqual([0, 2, 4, 6, 1, 3, 5, 7]);
  });

  it('returns the same data for the identity permutation, a copy otherwise', () => {
    const x = iota([2, 3]);
    expect(transpose(x, [0, 1]).data).toBe(x.data);
    expect(transpose(iota([]), []).shape).toEqual([]);
    const y = transpose({ shape: [1, 3], data: Float32Array.from([1, 2, 3]) }, [1, 0]);
    expect(y.data).toBeInstanceOf(Float32Array);
    expect([...y.data]).toEqual([1, 2, 3]);
  });

  it('throws on a non-permutation', () => {
    expect(() => transpose(iota([2, 3]), [0, 0])).toThrow(RangeError);
    expect(() => transpose(iota([2, 3]), [0])).toThrow(RangeError);
    expect(() => transpose(iota([2, 3]), [0, 2])).toThrow(RangeError);
  });

  it('matches index arithmetic and inverts with the inverse permutation', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 5 }).chain((shape) =>
          fc.tuple(
            fc.constant(shape),
            fc.shuffledSubarray(
              shape.map((_, d) => d),
              { minLength: shape.length, maxLength: shape.length },
            ),
          ),
        ),
        ([shape, perm]) => {
          const x = iota(shape);
          const y = transpose(x, perm);
          const inStrides = stridesOf(shape);
          const outStrides = stridesOf(y.shape);
          y.data.forEach((v, o) => {
            const want = perm.reduce(
              (s, p, d) => s + (Math.floor(o / outStrides[d]!) % y.shape[d]!) * inStrides[p]!,
              0,
            );
            expect(v).toBe(want);
          });
          const inverse = perm.map((_, d) => perm.indexOf(d));
          expect([...transpose(y, inverse).data]).toEqual([...x.data]);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('copyStrided', () => {
  it('gathers a strided, broadcast view into a row-major destination', () => {
    const dst = new Float64Array(9).fill(-1);
    // View [2, 3] with strides [0, 2] starting at 1 of 0..5: rows repeat [1, 3, 5].
    copyStrided(Float64Array.from([0, 1, 2, 3, 4, 5]), 1, [0, 2], [2, 3], dst, 2);
    expect([...dst]).toEqual([-1, -1, 1, 3, 5, 1, 3, 5, -1]);
  });
});
