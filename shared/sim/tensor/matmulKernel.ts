// Batched matrix product out[b] = a[b] · b[b] on row-major flat arrays, the inner loop of every einsum.
//
// Speed in V8 (no SIMD, no FMA): each batch element is packed into Float64Array panels (A as 4-row panels
// interleaved per k, B as 4-column panels per k, both zero-padded to a multiple of 4), then every 4×4 tile of
// the output is accumulated in 16 local doubles over k: per k step 8 sequential loads feed 16 multiply-adds.
// The hot loop therefore only ever sees Float64Array (monomorphic whatever the caller's precision) and no
// float32↔float64 conversions. ~4 GFLOP/s on 256³ versus ~1 for a naive i-j-k loop (see bench/matmul.ts).
//
// Numerics: out[i,j] = round(Σ_{p=0}^{k-1} a[i,p]·b[p,j]) summed in float64 in increasing p from 0, rounded
// once to the output's precision. The result does not depend on the blocking (same as a naive loop with a
// float64 accumulator).
import type { FloatArray } from './ndarray.ts';

const TILE = 4;

const roundUp = (x: number): number => Math.ceil(x / TILE) * TILE;

/** pa[(i0·k + p)·4 + r] = a[off + (i0 + r)·k + p] for row panels i0 = 0, 4, …; rows ≥ m stay 0. */
function packRows(a: FloatArray, off: number, m: number, k: number, pa: Float64Array): void {
  for (let i0 = 0; i0 < m; i0 += TILE) {
    const rows = Math.min(TILE, m - i0);
    for (let r = 0; r < rows; r++) {
      const src = off + (i0 + r) * k;
      for (let p = 0, q = i0 * k + r; p < k; p++, q += TILE) pa[q] = a[src + p]!;
    }
  }
}

/** pb[(j0·k + p)·4 + c] = b[off + p·n + j0 + c] for column panels j0 = 0, 4, …; columns ≥ n stay 0. */
function packCols(b: FloatArray, off: number, k: number, n: number, pb: Float64Array): void {
  for (let j0 = 0; j0 < n; j0 += TILE) {
    const cols = Math.min(TILE, n - j0);
    let q = j0 * k;
    if (cols === TILE) {
      for (let p = 0; p < k; p++, q += TILE) {
        const s = off + p * n + j0;
        pb[q] = b[s]!;
        pb[q + 1] = b[s + 1]!;
        pb[q + 2] = b[s + 2]!;
        pb[q + 3] = b[s + 3]!;
      }
    } else {
      for (let p = 0; p < k; p++, q += TILE)
        for (let c = 0; c < cols; c++) pb[q + c] = b[off + p * n + j0 + c]!;
    }
  }
}

/**
 * Multiplies the packed panels into `out[off …]` (m×n row-major). `edge` is a 16-element scratch for tiles
 * cut by the m or n boundary.
 */
function multiplyPanels(
  pa: Float64Array,
  pb: Float64Array,
  out: FloatArray,
  off: number,
  m: number,
  k: number,
  n: number,
  edge: Float64Array,
): void {
  for (let i0 = 0; i0 < m; i0 += TILE) {
    for (let j0 = 0; j0 < n; j0 += TILE) {
      // prettier-ignore
      let c00 = 0, c01 = 0, c02 = 0, c03 = 0, c10 = 0, c11 = 0, c12 = 0, c13 = 0;
      // prettier-ignore
      let c20 = 0, c21 = 0, c22 = 0, c23 = 0, c30 = 0, c31 = 0, c32 = 0, c33 = 0;
      let ap = i0 * k;
      let bp = j0 * k;
      // prettier-ignore
      for (const end = ap + TILE * k; ap < end; ap += TILE, bp += TILE) {
        const y0 = pb[bp]!, y1 = pb[bp + 1]!, y2 = pb[bp + 2]!, y3 = pb[bp + 3]!;
        let x = pa[ap]!;
        c00 += x * y0; c01 += x * y1; c02 += x * y2; c03 += x * y3;
        x = pa[ap + 1]!;
        c10 += x * y0; c11 += x * y1; c12 += x * y2; c13 += x * y3;
        x = pa[ap + 2]!;
        c20 += x * y0; c21 += x * y1; c22 += x * y2; c23 += x * y3;
        x = pa[ap + 3]!;
        c30 += x * y0; c31 += x * y1; c32 += x * y2; c33 += x * y3;
      }
      let r = off + i0 * n + j0;
      // prettier-ignore
      if (i0 + TILE <= m && j0 + TILE <= n) {
        out[r] = c00; out[r + 1] = c01; out[r + 2] = c02; out[r + 3] = c03;
        r += n;
        out[r] = c10; out[r + 1] = c11; out[r + 2] = c12; out[r + 3] = c13;
        r += n;
        out[r] = c20; out[r + 1] = c21; out[r + 2] = c22; out[r + 3] = c23;
        r += n;
        out[r] = c30; out[r + 1] = c31; out[r + 2] = c32; out[r + 3] = c33;
      } else {
        edge[0] = c00; edge[1] = c01; edge[2] = c02; edge[3] = c03;
        edge[4] = c10; edge[5] = c11; edge[6] = c12; edge[7] = c13;
        edge[8] = c20; edge[9] = c21; edge[10] = c22; edge[11] = c23;
        edge[12] = c30; edge[13] = c31; edge[14] = c32; edge[15] = c33;
        const rows = Math.min(TILE, m - i0);
        const cols = Math.min(TILE, n - j0);
        for (let i = 0; i < rows; i++, r += n)
          for (let j = 0; j < cols; j++) out[r + j] = edge[i * TILE + j]!;
      }
    }
  }
}

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
  // prettier-ignore
  for (const [name, v] of [['batch', batch], ['m', m], ['k', k], ['n', n]] as const)
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`batchedMatmul: ${name} = ${v} is not a size`);
  if (a.length < batch * m * k || b.length < batch * k * n || out.length < batch * m * n)
    throw new RangeError(
      `batchedMatmul: arrays of lengths ${a.length}, ${b.length}, ${out.length} are too short for ` +
        `[${batch}, ${m}, ${k}] · [${batch}, ${k}, ${n}]`,
    );
  if (batch * m * n === 0) return;
  const pa = new Float64Array(roundUp(m) * k);
  const pb = new Float64Array(roundUp(n) * k);
  const edge = new Float64Array(TILE * TILE);
  for (let t = 0; t < batch; t++) {
    packRows(a, t * m * k, m, k, pa);
    packCols(b, t * k * n, k, n, pb);
    multiplyPanels(pa, pb, out, t * m * n, m, k, n, edge);
  }
}
