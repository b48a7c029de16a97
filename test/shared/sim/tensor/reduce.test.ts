import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduce } from '../../../../shared/sim/tensor/reduce.ts';
import { sizeOf, stridesOf, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';

const f64 = (shape: number[], values: number[]): NdArray => ({ shape, data: Float64Array.from(values) });
const m23 = f64([2, 3], [1, 2, 3, 4, 5, 6]);

describe('reduce', () => {
  it('sums and maxes a matrix along each dim', () => {
    expect(reduce('sum', m23, [0], false)).toEqual(f64([3], [5, 7, 9]));
    expect(reduce('sum', m23, [1], false)).toEqual(f64([2], [6, 15]));
    expect(reduce('max', m23, [0], false)).toEqual(f64([3], [4, 5, 6]));
    expect(reduce('max', f64([2, 2], [-1, -5, -7, -2]), [1], true)).toEqual(f64([2, 1], [-1, -2]));
  });

  it('reduces every dim to rank 0, or to size-1 dims with keepDims', () => {
    expect(reduce('sum', m23, [1, 0], false)).toEqual(f64([], [21]));
    expect(reduce('sum', m23, [0, 1], true)).toEqual(f64([1, 1], [21]));
    expect(reduce('max', f64([], [3]), [], false)).toEqual(f64([], [3]));
  });

  it('reduces non-adjacent dims', () => {
    // x[i,j,k] = 4i + 2j + k; Σ_{i,k} for j = 0: 0+1+4+5, j = 1: 2+3+6+7.
    const x = f64([2, 2, 2], [0, 1, 2, 3, 4, 5, 6, 7]);
    expect(reduce('sum', x, [0, 2], false)).toEqual(f64([2], [10, 18]));
    expect(reduce('max', x, [0, 2], true)).toEqual(f64([1, 2, 1], [5, 7]));
  });

  it('keeps the precision, gives -Infinity for an empty max and propagates NaN', () => {
    const y = reduce('sum', { shape: [3], data: Float32Array.from([0.1, 0.2, 0.3]) }, [0], false);
    expect(y.data).toBeInstanceOf(Float32Array);
    expect(y.data[0]).toBe(Math.fround(Math.fround(0.1) + Math.fround(0.2) + Math.fround(0.3)));
    expect(reduce('max', f64([2, 0], []), [1], false)).toEqual(f64([2], [-Infinity, -Infinity]));
    expect(reduce('sum', f64([0, 2], []), [0], false)).toEqual(f64([2], [0, 0]));
    expect(reduce('max', f64([3], [1, Number.NaN, 2]), [0], false).data[0]).toBeNaN();
  });

  it('throws on bad dims', () => {
    expect(() => reduce('sum', m23, [2], false)).toThrow(RangeError);
    expect(() => reduce('sum', m23, [0, 0], false)).toThrow(RangeError);
  });

  it('matches a per-element reference for random shapes and dims', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.boolean(),
        fc.constantFrom('sum', 'max'),
        (shape, pick, keepDims, op) => {
          const dims = shape.map((_, d) => d).filter((d) => pick[d]);
          const x: NdArray = {
            shape,
            data: Float64Array.from({ length: sizeOf(shape) }, (_, i) => (i * 37) % 11),
          };
          const y = reduce(op, x, dims, keepDims);
          const kept = shape.map((s, d) => (dims.includes(d) ? 1 : s));
          expect(y.shape).toEqual(keepDims ? kept : shape.filter((_, d) => !dims.includes(d)));
          const want = new Float64Array(sizeOf(kept)).fill(op === 'sum' ? 0 : -Infinity);
          const inStrides = stridesOf(shape);
          const outStrides = stridesOf(kept);
          x.data.forEach((v, i) => {
            const o = shape.reduce(
              (s, _, d) =>
                s + (dims.includes(d) ? 0 : Math.floor(i / inStrides[d]!) % shape[d]!) * outStrides[d]!,
              0,
            );
            want[o] = op === 'sum' ? want[o]! + v : Math.max(want[o]!, v);
          });
          expect([...y.data]).toEqual([...want]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
