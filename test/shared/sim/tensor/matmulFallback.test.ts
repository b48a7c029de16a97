// Without WebAssembly the matmul kernel falls back to its JavaScript loops, with the same float64 sums.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Kernel from '../../../../shared/sim/tensor/matmulKernel.ts';

let kernel: typeof Kernel;

beforeAll(async () => {
  vi.stubGlobal('WebAssembly', undefined);
  vi.resetModules();
  kernel = await import('../../../../shared/sim/tensor/matmulKernel.ts');
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const values = (n: number, seed: number): number[] =>
  Array.from({ length: n }, (_, i) => Math.cos(seed + 3.7 * i) * 1.5);

describe('batchedMatmul without WebAssembly', () => {
  it('has no WebAssembly kernel', async () => {
    const { tileKernel } = await import('../../../../shared/sim/tensor/wasmTiles.ts');
    expect(tileKernel()).toBeUndefined();
  });

  it.each([
    [2, 5, 7, 3, 'f64'],
    [1, 37, 70, 61, 'f32'],
    [3, 16, 16, 16, 'f64'],
  ] as const)('batch %i, %i×%i·%i×… in %s', (batch, m, k, n, precision) => {
    const T = precision === 'f32' ? Float32Array : Float64Array;
    const a = T.from(values(batch * m * k, 1));
    const b = T.from(values(batch * k * n, 2));
    const out = new T(batch * m * n).fill(Number.NaN);
    kernel.batchedMatmul(a, b, out, batch, m, k, n);
    const want = new T(batch * m * n);
    for (let t = 0; t < batch; t++)
      for (let i = 0; i < m; i++)
        for (let j = 0; j < n; j++) {
          let s = 0;
          for (let p = 0; p < k; p++) s += a[(t * m + i) * k + p]! * b[(t * k + p) * n + j]!;
          want[(t * m + i) * n + j] = s;
        }
    expect([...out]).toEqual([...want]);
  });
});
