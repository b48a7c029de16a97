// The JavaScript matmul loops (matmulKernel.ts uses them where WebAssembly SIMD is unavailable, and for small
// products). A matrix is an offset and two strides: element (i, j) at off + i·rowStride + j·colStride.
//
// Speed in V8 (no SIMD, no FMA): every 4×4 tile of the output is accumulated in 16 local doubles over k (per
// k step 8 loads feed 16 multiply-adds), on Float64Array only, so loads and stores stay monomorphic. Products
// with a large B first pack A into 4-row panels interleaved per k and B into 4-column panels per k (reused
// scratch), so the hot loop sees sequential loads; smaller ones read the operands in place. ~4 GFLOP/s.
//
// Numerics: out[i,j] = Σ_{p=0}^{k-1} a[i,p]·b[p,j] summed in float64 in increasing p from 0, whatever the
// blocking or the path (same as a naive loop with a float64 accumulator).

const TILE = 4;
/**
 * Largest B (k·n elements, 32 KB) read in place: it stays in L1 while every row tile walks it. Larger ones
 * are packed (measured: in place is faster up to 64×128×32, packing from 128³ on).
 */
const DIRECT_MAX_B = 4096;

/** A strided matrix view: element (i, j) at `data[off + i·rows + j·cols]`. */
export interface MatrixView {
  readonly data: Float64Array;
  readonly off: number;
  readonly rows: number;
  readonly cols: number;
}

let scratchA: Float64Array = new Float64Array(0);
let scratchB: Float64Array = new Float64Array(0);
const edge = new Float64Array(TILE * TILE);

/** `scratch` if it holds `length` elements, else a larger one (contents are overwritten before use). */
export const grown = (scratch: Float64Array, length: number): Float64Array =>
  scratch.length >= length ? scratch : new Float64Array(Math.max(length, 2 * scratch.length));

/** pa[at + (i0·k + p)·4 + r] = a(i0 + r, p) for row panels i0 = 0, 4, …; rows ≥ m are zero. */
// prettier-ignore
function packRows(a: Float64Array, off: number, rs: number, ks: number, m: number, k: number, pa: Float64Array, at = 0) {
  for (let i0 = 0; i0 < m; i0 += TILE)
    for (let r = 0; r < TILE; r++) {
      let q = at + i0 * k + r;
      if (i0 + r >= m) for (let p = 0; p < k; p++, q += TILE) pa[q] = 0;
      else for (let p = 0, s = off + (i0 + r) * rs; p < k; p++, q += TILE, s += ks) pa[q] = a[s]!;
    }
}

/** pb[at + (j0·k + p)·4 + c] = b(p, j0 + c) for column panels j0 = 0, 4, …; columns ≥ n are zero. */
// prettier-ignore
function packCols(b: Float64Array, off: number, ks: number, cs: number, k: number, n: number, pb: Float64Array, at = 0) {
  for (let j0 = 0; j0 < n; j0 += TILE) {
    if (cs === 1 && j0 + TILE <= n) {
      // Contiguous columns: each k step is 4 neighbours.
      for (let p = 0, q = at + j0 * k, s = off + j0; p < k; p++, q += TILE, s += ks) {
        pb[q] = b[s]!; pb[q + 1] = b[s + 1]!; pb[q + 2] = b[s + 2]!; pb[q + 3] = b[s + 3]!;
      }
      continue;
    }
    for (let c = 0; c < TILE; c++) {
      let q = at + j0 * k + c;
      if (j0 + c >= n) for (let p = 0; p < k; p++, q += TILE) pb[q] = 0;
      else for (let p = 0, s = off + (j0 + c) * cs; p < k; p++, q += TILE, s += ks) pb[q] = b[s]!;
    }
  }
}

/**
 * Stores a finished 4×4 tile at output row i0, column j0 (`out(i, j)` at off + i·rs + j·cs); `edge` holds
 * the 16 sums row-major. Only the rows < m and columns < n are written.
 */
function storeTile(
  out: Float64Array,
  off: number,
  rs: number,
  cs: number,
  i0: number,
  j0: number,
  m: number,
  n: number,
) {
  const rows = Math.min(TILE, m - i0);
  const cols = Math.min(TILE, n - j0);
  for (let i = 0; i < rows; i++) {
    const r = off + (i0 + i) * rs + j0 * cs;
    for (let j = 0; j < cols; j++) out[r + j * cs] = edge[i * TILE + j]!;
  }
}

/** Multiplies the packed panels into `out` (an m×n view). */
function multiplyPanels(pa: Float64Array, pb: Float64Array, o: MatrixView, m: number, k: number, n: number) {
  const { data: out, off, rows: rs, cols: cs } = o;
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
      let r = off + i0 * rs + j0 * cs;
      // prettier-ignore
      if (i0 + TILE <= m && j0 + TILE <= n) {
        out[r] = c00; out[r + cs] = c01; out[r + 2 * cs] = c02; out[r + 3 * cs] = c03;
        r += rs;
        out[r] = c10; out[r + cs] = c11; out[r + 2 * cs] = c12; out[r + 3 * cs] = c13;
        r += rs;
        out[r] = c20; out[r + cs] = c21; out[r + 2 * cs] = c22; out[r + 3 * cs] = c23;
        r += rs;
        out[r] = c30; out[r + cs] = c31; out[r + 2 * cs] = c32; out[r + 3 * cs] = c33;
      } else {
        edge[0] = c00; edge[1] = c01; edge[2] = c02; edge[3] = c03;
        edge[4] = c10; edge[5] = c11; edge[6] = c12; edge[7] = c13;
        edge[8] = c20; edge[9] = c21; edge[10] = c22; edge[11] = c23;
        edge[12] = c30; edge[13] = c31; edge[14] = c32; edge[15] = c33;
        storeTile(out, off, rs, cs, i0, j0, m, n);
      }
    }
  }
}

/** The product read in place: 4×4 tiles over the first m − m mod 4 rows and n − n mod 4 columns, then the rest one element at a time. */
function multiplyDirect(a: MatrixView, b: MatrixView, o: MatrixView, m: number, k: number, n: number) {
  const { data: x, rows: ars, cols: aks } = a;
  const { data: y, rows: bks, cols: bcs } = b;
  const { data: out, off, rows: rs, cols: cs } = o;
  const m4 = m - (m % TILE);
  const n4 = n - (n % TILE);
  for (let i0 = 0; i0 < m4; i0 += TILE) {
    const a0 = a.off + i0 * ars;
    const a1 = a0 + ars;
    const a2 = a1 + ars;
    const a3 = a2 + ars;
    for (let j0 = 0; j0 < n4; j0 += TILE) {
      // prettier-ignore
      let c00 = 0, c01 = 0, c02 = 0, c03 = 0, c10 = 0, c11 = 0, c12 = 0, c13 = 0;
      // prettier-ignore
      let c20 = 0, c21 = 0, c22 = 0, c23 = 0, c30 = 0, c31 = 0, c32 = 0, c33 = 0;
      const b0 = b.off + j0 * bcs;
      const b1 = b0 + bcs;
      const b2 = b1 + bcs;
      const b3 = b2 + bcs;
      // prettier-ignore
      for (let p = 0, ap = 0, bp = 0; p < k; p++, ap += aks, bp += bks) {
        const y0 = y[b0 + bp]!, y1 = y[b1 + bp]!, y2 = y[b2 + bp]!, y3 = y[b3 + bp]!;
        let v = x[a0 + ap]!;
        c00 += v * y0; c01 += v * y1; c02 += v * y2; c03 += v * y3;
        v = x[a1 + ap]!;
        c10 += v * y0; c11 += v * y1; c12 += v * y2; c13 += v * y3;
        v = x[a2 + ap]!;
        c20 += v * y0; c21 += v * y1; c22 += v * y2; c23 += v * y3;
        v = x[a3 + ap]!;
        c30 += v * y0; c31 += v * y1; c32 += v * y2; c33 += v * y3;
      }
      let r = off + i0 * rs + j0 * cs;
      // prettier-ignore
      {
        out[r] = c00; out[r + cs] = c01; out[r + 2 * cs] = c02; out[r + 3 * cs] = c03;
        r += rs;
        out[r] = c10; out[r + cs] = c11; out[r + 2 * cs] = c12; out[r + 3 * cs] = c13;
        r += rs;
        out[r] = c20; out[r + cs] = c21; out[r + 2 * cs] = c22; out[r + 3 * cs] = c23;
        r += rs;
        out[r] = c30; out[r + cs] = c31; out[r + 2 * cs] = c32; out[r + 3 * cs] = c33;
      }
    }
  }
  for (let i = 0; i < m; i++)
    for (let j = i < m4 ? n4 : 0; j < n; j++) {
      let s = 0;
      for (let p = 0, ap = a.off + i * ars, bp = b.off + j * bcs; p < k; p++, ap += aks, bp += bks)
        s += x[ap]! * y[bp]!;
      out[off + i * rs + j * cs] = s;
    }
}

/**
 * out = a · b for strided float64 views a: m×k, b: k×n, out: m×n (overwritten; must not overlap a or b), in
 * JavaScript. Views are not checked: callers derive them from checked shapes. Cost 2·m·k·n FLOPs.
 */
export function stridedMatmul(
  a: MatrixView,
  b: MatrixView,
  out: MatrixView,
  m: number,
  k: number,
  n: number,
): void {
  if (m * n === 0) return;
  if (k * n <= DIRECT_MAX_B) {
    multiplyDirect(a, b, out, m, k, n);
    return;
  }
  scratchA = grown(scratchA, Math.ceil(m / TILE) * TILE * k);
  scratchB = grown(scratchB, Math.ceil(n / TILE) * TILE * k);
  packRows(a.data, a.off, a.rows, a.cols, m, k, scratchA);
  packCols(b.data, b.off, b.rows, b.cols, k, n, scratchB);
  multiplyPanels(scratchA, scratchB, out, m, k, n);
}
