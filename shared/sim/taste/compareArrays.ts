// The tasting's yardstick: how far a sharded float32 result is from the single-device float64 reference.
// Relative error = max |got − want| / max |want| (a norm-wise bound, so near-zero entries do not blow it up).
import type { NdArray } from '../tensor/ndarray.ts';
import { stridesOf } from '../tensor/ndarray.ts';

/** The tasting passes when the relative error is at most this (float32 accumulation over ~10³ terms). */
export const TASTING_TOLERANCE = 1e-4;

export interface ArrayComparison {
  readonly maxAbsError: number;
  readonly relError: number;
  /** The element with the largest error: its index, the sharded value and the reference value. */
  readonly worst:
    { readonly index: readonly number[]; readonly got: number; readonly want: number } | undefined;
}

export function compareArrays(got: NdArray, want: NdArray): ArrayComparison {
  if (got.shape.length !== want.shape.length || got.shape.some((n, i) => n !== want.shape[i]))
    throw new Error(`compareArrays: shapes [${got.shape}] and [${want.shape}] differ`);
  let maxAbs = 0;
  let scale = 0;
  let at = -1;
  for (let i = 0; i < want.data.length; i++) {
    const w = want.data[i]!;
    const e = Math.abs(got.data[i]! - w);
    scale = Math.max(scale, Math.abs(w));
    if (e > maxAbs || Number.isNaN(e)) {
      maxAbs = Number.isNaN(e) ? Infinity : e;
      at = i;
    }
  }
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
