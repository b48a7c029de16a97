// The tasting's yardstick: how far a sharded float32 result is from the single-device float64 reference.
// Relative error = max |got − want| / max |want| (a norm-wise bound, so near-zero entries do not blow it up).
import { stridesOf, type FloatArray, type NdArray } from '../tensor/ndarray.ts';

/** The tasting passes when the relative error is at most this (float32 accumulation over ~10³ terms). */
export const TASTING_TOLERANCE = 1e-4;

export interface ArrayComparison {
  readonly maxAbsError: number;
  readonly relError: number;
  /** The element with the largest error: its index, the sharded value and the reference value. */
  readonly worst:
    { readonly index: readonly number[]; readonly got: number; readonly want: number } | undefined;
}

/**
 * One pass over the elements: the largest |g − w| (NaN counts as ∞; the last NaN wins), where it is, and
 * the largest |w|. Kept apart from `compareArrays` so its optimised loop never meets shape arrays.
 */
function scan(g: FloatArray, w: FloatArray): { at: number; maxAbs: number; scale: number } {
  let maxAbs = 0;
  let scale = 0;
  let at = -1;
  for (let i = 0; i < w.length; i++) {
    const wi = w[i]!;
    const e = Math.abs(g[i]! - wi);
    scale = Math.max(scale, Math.abs(wi));
    if (e > maxAbs || e !== e) {
      maxAbs = e !== e ? Infinity : e;
      at = i;
    }
  }
  return { at, maxAbs, scale };
}

export function compareArrays(got: NdArray, want: NdArray): ArrayComparison {
  if (got.shape.length !== want.shape.length || got.shape.some((n, i) => n !== want.shape[i]))
    throw new Error(`compareArrays: shapes [${got.shape}] and [${want.shape}] differ`);
  const { at, maxAbs, scale } = scan(got.data, want.data);
  const strides = stridesOf(want.shape);
  const worst =
    at < 0
      ? undefined
      : {
          index: strides.map((s, d) => Math.floor(at / s) % want.shape[d]!),
          got: got.data[at]!,
          want: want.data[at]!,
        };
  return {
    maxAbsError: maxAbs,
    relError: maxAbs === 0 ? 0 : maxAbs / Math.max(scale, Number.MIN_VALUE),
    worst,
  };
}
