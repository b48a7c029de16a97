// Batched matrix products on strided flat arrays, the inner loop of every einsum. Each operand is a flat array
// holding `batch` matrices at given offsets with shared row and column strides, so einsum hands over
// transposed operands and writes permuted results without copying them first.
//
// Where WebAssembly SIMD runs (wasmTiles.ts) the operands are copied into its memory with one native `set`
// each (float32 widened to float64 on the way), every matrix is multiplied there, and the results come back
// with one `set` (rounded to float32 on the way when the output is float32): ~11 GFLOP/s on 256³. Elsewhere,
// and for products too small to repay the copies, the JavaScript loops of matmulLoops.ts (~4 GFLOP/s) run on
// float64 copies. A naive i-j-k loop manages ~1 (see bench/matmul.ts).
//
// Numerics, on every path: out[i,j] = round(Σ_{p=0}^{k-1} a[i,p]·b[p,j]) summed in float64 in increasing p
// from 0, rounded once to the output's precision (same as a naive loop with a float64 accumulator).
import { grown, stridedMatmul } from './matmulLoops.ts';
import type { FloatArray } from './ndarray.ts';
import { tileKernel, workDoubles } from './wasmTiles.ts';

/** `batch` matrices in one flat array: matrix t at `offsets[t]`, element (i, j) at + i·rows + j·cols. */
export interface MatrixBatch {
  readonly data: FloatArray;
  /** Elements of `data` in use (the prefix the matrices live in). */
  readonly length: number;
  readonly offsets: readonly number[];
  readonly rows: number;
  readonly cols: number;
}

/**
 * Products sent to the WebAssembly kernel: at least TILES_MIN_VOLUME multiply-adds per matrix (m·k·n).
 * Below, the fixed cost of the copies and calls outweighs the faster loop (measured: 8×8×8 gains, 8×4×8 loses).
 */
const TILES_MIN_VOLUME = 512;

/** Float64 copies of float32 arrays for the JavaScript path, by slot (0: a, 1: b, 2: out). */
const converted: Float64Array[] = [];

/** `data` as Float64Array: itself, or its first `length` values copied into scratch slot `slot`. */
function asFloat64(data: FloatArray, length: number, slot: number): Float64Array {
  if (data instanceof Float64Array) return data;
  const scratch = grown(converted[slot] ?? new Float64Array(0), length);
  converted[slot] = scratch;
  scratch.set(length === data.length ? data : data.subarray(0, length));
  return scratch;
}

/** Rounds `n` up to even (keeps float64 regions of the kernel memory 16-byte aligned). */
const even = (n: number): number => n + (n & 1);

/**
 * out[t] = a[t] · b[t] for t < batch, with a[t]: m×k, b[t]: k×n, out[t]: m×n (out's matrices overwritten;
 * `out` must not overlap `a` or `b`). Views are not checked: callers derive them from checked shapes.
 * Cost 2·batch·m·k·n FLOPs.
 */
export function matmulBatch(
  a: MatrixBatch,
  b: MatrixBatch,
  out: MatrixBatch,
  batch: number,
  m: number,
  k: number,
  n: number,
): void {
  if (batch * m * n === 0) return;
  const kernel = tileKernel();
  if (kernel !== undefined && m * k * n >= TILES_MIN_VOLUME) {
    const bAt = even(a.length);
    const outAt = bAt + even(b.length);
    const work = outAt + even(out.length);
    const mem = kernel.scratch(work + workDoubles(m, k, n));
    mem.set(a.length === a.data.length ? a.data : a.data.subarray(0, a.length), 0);
    mem.set(b.length === b.data.length ? b.data : b.data.subarray(0, b.length), bAt);
    // The kernel takes byte offsets and byte strides.
    for (let t = 0; t < batch; t++)
      kernel.matmul(
        a.offsets[t]! * 8,
        a.rows * 8,
        a.cols * 8,
        (bAt + b.offsets[t]!) * 8,
        b.rows * 8,
        b.cols * 8,
        (outAt + out.offsets[t]!) * 8,
        out.rows * 8,
        out.cols * 8,
        m,
        k,
        n,
        work * 8,
      );
    out.data.set(mem.subarray(outAt, outAt + out.length));
    return;
  }
  const av = { data: asFloat64(a.data, a.length, 0), off: 0, rows: a.rows, cols: a.cols };
  const bv = { data: asFloat64(b.data, b.length, 1), off: 0, rows: b.rows, cols: b.cols };
  const sums =
    out.data instanceof Float64Array ? out.data : grown(converted[2] ?? new Float64Array(0), out.length);
  if (sums !== out.data) converted[2] = sums;
  const ov = { data: sums, off: 0, rows: out.rows, cols: out.cols };
  for (let t = 0; t < batch; t++) {
    av.off = a.offsets[t]!;
    bv.off = b.offsets[t]!;
    ov.off = out.offsets[t]!;
    stridedMatmul(av, bv, ov, m, k, n);
  }
  if (sums !== out.data) out.data.set(sums.subarray(0, out.length));
}

function checkSize(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`batchedMatmul: ${name} = ${v} is not a size`);
}

/** Offsets t·size for t < batch. */
const strided = (batch: number, size: number): number[] => Array.from({ length: batch }, (_, t) => t * size);

/**
 * out[b, i, j] = Σ_p a[b, i, p] · b[b, p, j] for row-major a: [batch, m, k], b: [batch, k, n],
 * out: [batch, m, n] (overwritten). Operands and output may each be Float32Array or Float64Array; sums run
 * in float64 and are rounded once on store. Cost 2·batch·m·k·n FLOPs.
 */
export function batchedMatmul(
  a: FloatArray,
  b: FloatArray,
  out: FloatArray,
  batch: number,
  m: number,
  k: number,
  n: number,
): void {
  checkSize('batch', batch);
  checkSize('m', m);
  checkSize('k', k);
  checkSize('n', n);
  if (a.length < batch * m * k || b.length < batch * k * n || out.length < batch * m * n)
    throw new RangeError(
      `batchedMatmul: arrays of lengths ${a.length}, ${b.length}, ${out.length} are too short for ` +
        `[${batch}, ${m}, ${k}] · [${batch}, ${k}, ${n}]`,
    );
  matmulBatch(
    { data: a, length: batch * m * k, offsets: strided(batch, m * k), rows: k, cols: 1 },
    { data: b, length: batch * k * n, offsets: strided(batch, k * n), rows: n, cols: 1 },
    { data: out, length: batch * m * n, offsets: strided(batch, m * n), rows: n, cols: 1 },
    batch,
    m,
    k,
    n,
  );
}
