// Every path of the matmul kernel (WebAssembly, JavaScript with B read in place or packed) and strided views
// give the naive float64 sums.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchedMatmul, matmulBatch } from '../../../../shared/sim/tensor/matmulKernel.ts';
import { stridedMatmul } from '../../../../shared/sim/tensor/matmulLoops.ts';

/** out[i,j] = Σ_p a(i,p)·b(p,j) in float64, increasing p, for element getters. */
function naive(
  a: (i: number, p: number) => number,
  b: (p: number, j: number) => number,
  m: number,
  k: number,
  n: number,
) {
  const out = new Float64Array(m * n);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let p = 0; p < k; p++) s += a(i, p) * b(p, j);
      out[i * n + j] = s;
    }
  return out;
}

const values = (n: number, seed: number): number[] =>
  Array.from({ length: n }, (_, i) => Math.sin(seed + 7.31 * i) * 2.5);

describe('batchedMatmul on products large enough to pack B (k·n > 4096)', () => {
  it.each([
    [1, 37, 70, 61, 'f32'],
    [2, 9, 65, 66, 'f64'],
    [1, 4, 128, 33, 'f32'],
    [1, 130, 64, 65, 'f64'],
  ] as const)('batch %i, %i×%i·%i×… in %s', (batch, m, k, n, precision) => {
    const T = precision === 'f32' ? Float32Array : Float64Array;
    const a = T.from(values(batch * m * k, 1));
    const b = T.from(values(batch * k * n, 2));
    const out = new T(batch * m * n).fill(Number.NaN);
    batchedMatmul(a, b, out, batch, m, k, n);
    for (let t = 0; t < batch; t++) {
      const want = naive(
        (i, p) => a[(t * m + i) * k + p]!,
        (p, j) => b[(t * k + p) * n + j]!,
        m,
        k,
        n,
      );
      expect([...out.subarray(t * m * n, (t + 1) * m * n)]).toEqual([...T.from(want)]);
    }
  });
});

describe('stridedMatmul (the JavaScript loops)', () => {
  it('reads transposed operands and writes a transposed result through strides', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 70 }),
        (m, k, n) => {
          // a stored as aᵀ (k×m), b as bᵀ (n×k), out as outᵀ (n×m).
          const at = Float64Array.from(values(m * k, 3));
          const bt = Float64Array.from(values(k * n, 4));
          const outT = new Float64Array(m * n).fill(Number.NaN);
          stridedMatmul(
            { data: at, off: 0, rows: 1, cols: m },
            { data: bt, off: 0, rows: 1, cols: k },
            { data: outT, off: 0, rows: 1, cols: m },
            m,
            k,
            n,
          );
          const want = naive(
            (i, p) => at[p * m + i]!,
            (p, j) => bt[j * k + p]!,
            m,
            k,
            n,
          );
          for (let i = 0; i < m; i++)
            for (let j = 0; j < n; j++) expect(outT[j * m + i]).toBe(want[i * n + j]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('matmulBatch', () => {
  it('reads transposed, offset batches and writes a transposed float32 result, large and small', () => {
    for (const [batch, m, k, n] of [
      [3, 13, 37, 29],
      [2, 4, 4, 4],
      [1, 64, 70, 5],
    ] as const) {
      // a[t] stored transposed (k×m) after a 7-element gap, b[t] plain (k×n), out[t] transposed (n×m).
      const aData = Float32Array.from(values(7 + batch * m * k, 5));
      const bData = Float64Array.from(values(batch * k * n, 6));
      const out = new Float32Array(batch * m * n).fill(Number.NaN);
      const offsets = (size: number, gap = 0) => Array.from({ length: batch }, (_, t) => gap + t * size);
      matmulBatch(
        { data: aData, length: aData.length, offsets: offsets(m * k, 7), rows: 1, cols: m },
        { data: bData, length: bData.length, offsets: offsets(k * n), rows: n, cols: 1 },
        { data: out, length: out.length, offsets: offsets(m * n), rows: 1, cols: m },
        batch,
        m,
        k,
        n,
      );
      for (let t = 0; t < batch; t++) {
        const want = naive(
          (i, p) => aData[7 + t * m * k + p * m + i]!,
          (p, j) => bData[t * k * n + p * n + j]!,
          m,
          k,
          n,
        );
        for (let i = 0; i < m; i++)
          for (let j = 0; j < n; j++) expect(out[t * m * n + j * m + i]).toBe(Math.fround(want[i * n + j]!));
      }
    }
  });
});
