// Matmul kernel throughput: 256×256×256 float32 through `einsum('ij,jk->ik')` and `batchedMatmul` directly,
// next to a naive i-j-k triple loop measured in the same run. GFLOP/s = 2·256³ FLOPs / median time.
import { unwrap } from '../shared/sim/result.ts';
import { einsum } from '../shared/sim/tensor/einsum.ts';
import { parseEinsum } from '../shared/sim/tensor/einsumEquation.ts';
import { batchedMatmul } from '../shared/sim/tensor/matmulKernel.ts';
import { measure, type Measurement } from './measure.ts';

const N = 256;
const FLOPS = 2 * N ** 3;

/** c = a·b for n×n row-major matrices, the textbook loop (float64 accumulator). */
function naiveMatmul(a: Float32Array, b: Float32Array, c: Float32Array, n: number): void {
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let p = 0; p < n; p++) s += a[i * n + p]! * b[p * n + j]!;
      c[i * n + j] = s;
    }
}

/** A measurement with its throughput in GFLOP/s (from the median). */
const withGflops = (m: Measurement): Measurement & { gflops: number } => ({
  ...m,
  gflops: Number((FLOPS / (m.medianMs * 1e6)).toFixed(2)),
});

/** Kernel versus naive throughput on 256³ float32; `speedup` is kernel (direct) over naive. */
export function benchMatmul() {
  const a = Float32Array.from({ length: N * N }, (_, i) => Math.sin(i));
  const b = Float32Array.from({ length: N * N }, (_, i) => Math.cos(i));
  const out = new Float32Array(N * N);
  const eq = unwrap(
    parseEinsum('ij,jk->ik', [
      [N, N],
      [N, N],
    ]),
  );
  const operands = [
    { shape: [N, N], data: a },
    { shape: [N, N], data: b },
  ];
  const naive = withGflops(measure('matmul 256³ f32: naive i-j-k loop', () => naiveMatmul(a, b, out, N)));
  const kernel = withGflops(
    measure('matmul 256³ f32: batchedMatmul', () => batchedMatmul(a, b, out, 1, N, N, N)),
  );
  const viaEinsum = withGflops(measure("matmul 256³ f32: einsum('ij,jk->ik')", () => einsum(eq, operands)));
  return {
    name: 'matmul 256×256×256 f32 (GFLOP/s)',
    naive,
    kernel,
    einsum: viaEinsum,
    speedup: Number((kernel.gflops / naive.gflops).toFixed(2)),
  };
}
