import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchedMatmul } from '../../../../shared/sim/tensor/matmulKernel.ts';

/** out[t,i,j] = Σ_p a[t,i,p]·b[t,p,j], summed in float64 in increasing p (the kernel's documented order). */
function naive(a: ArrayLike<number>, b: ArrayLike<number>, batch: number, m: number, k: number, n: number) {
  const out = new Float64Array(batch * m * n);
  for (let t = 0; t < batch; t++)
    for (let i = 0; i < m; i++)
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let p = 0; p < k; p++) s += a[(t * m + i) * k + p]! * b[(t * k + p) * n + j]!;
        out[(t * m + i) * n + j] = s;
      }
  return out;
}

const values = (n: number, seed: number): number[] =>
  Array.from({ length: n }, (_, i) => Math.sin(seed + 12.9898 * i) * 3.5);

describe('batchedMatmul', () => {
  it('multiplies a hand-worked 2×3 · 3×2 batch of two', () => {
    const a = Float64Array.from([1, 2, 3, 4, 5, 6, 1, 0, 0, 0, 1, 0]);
    const b = Float64Array.from([1, 0, 0, 1, 1, 1, 7, 8, 9, 10, 11, 12]);
    const out = new Float64Array(8).fill(99);
    batchedMatmul(a, b, out, 2, 2, 3, 2);
    expect([...out]).toEqual([4, 5, 10, 11, 7, 8, 9, 10]);
  });

  it('matches the naive float64-accumulating loop exactly, for every edge-tile shape and precision', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.nat(1000),
        fc.constantFrom('f32', 'f64'),
        (batch, m, k, n, seed, precision) => {
          const T = precision === 'f32' ? Float32Array : Float64Array;
          const a = T.from(values(batch * m * k, seed));
          const b = T.from(values(batch * k * n, seed + 1));
          const out = new T(batch * m * n).fill(Number.NaN);
          batchedMatmul(a, b, out, batch, m, k, n);
          expect([...out]).toEqual([...T.from(naive(a, b, batch, m, k, n))]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('accepts mixed precisions and rounds once on store', () => {
    const a = Float32Array.from([0.1, 0.2, 0.3]);
    const b = Float64Array.from([0.7, 0.11, 0.13]);
    const out = new Float32Array(1);
    batchedMatmul(a, b, out, 1, 1, 3, 1);
    const exact = Math.fround(0.1) * 0.7 + Math.fround(0.2) * 0.11 + Math.fround(0.3) * 0.13;
    expect(out[0]).toBe(Math.fround(exact));
  });

  it('throws on bad sizes and short arrays', () => {
    const x = new Float32Array(4);
    expect(() => batchedMatmul(x, x, x, 1, 2, 2, 3)).toThrow(RangeError);
    expect(() => batchedMatmul(x, x, x, 1, -1, 2, 2)).toThrow(RangeError);
    expect(() => batchedMatmul(x, x, x, 1, 2, 2.5, 2)).toThrow(RangeError);
  });
});
