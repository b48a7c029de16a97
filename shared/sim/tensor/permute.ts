// Dimension permutations (`jnp.transpose`) and the strided gather they and broadcasting are built on.
import { allocateToFill, precisionOf, sizeOf, stridesOf, type FloatArray, type NdArray } from './ndarray.ts';

/**
 * Row-major copy of a strided view: for every index (i₀…i_{r-1}) of `shape`,
 * dst[dstOffset + row-major(i)] = src[srcOffset + Σ iₐ·srcStrides[d]]. Strides may be 0 (broadcast).
 * Size-1 dimensions are dropped and neighbours that are contiguous in both layouts merged first, so common
 * cases run as a few long inner loops.
 */
export function copyStrided(
  src: FloatArray,
  srcOffset: number,
  srcStrides: readonly number[],
  shape: readonly number[],
  dst: FloatArray,
  dstOffset = 0,
): void {
  const total = sizeOf(shape);
  if (total === 0) return;
  // Merge: dims (d, d+1) fuse when srcStride[d] = srcStride[d+1]·shape[d+1] (dst is row-major, always fusable).
  const sizes: number[] = [];
  const strides: number[] = [];
  for (let d = 0; d < shape.length; d++) {
    const size = shape[d]!;
    const stride = srcStrides[d]!;
    if (size === 1) continue;
    const last = sizes.length - 1;
    if (last >= 0 && strides[last] === stride * size) {
      sizes[last] = sizes[last]! * size;
      strides[last] = stride;
    } else {
      sizes.push(size);
      strides.push(stride);
    }
  }
  const rank = sizes.length;
  if (rank === 0) {
    dst[dstOffset] = src[srcOffset]!;
    return;
  }
  const inner = sizes[rank - 1]!;
  const innerStride = strides[rank - 1]!;
  if (rank === 1 && innerStride === 1) {
    dst.set(src.subarray(srcOffset, srcOffset + inner), dstOffset);
    return;
  }
  const index = new Array<number>(rank).fill(0);
  let s = srcOffset;
  for (let o = dstOffset, end = dstOffset + total; o < end; o += inner) {
    if (innerStride === 1) for (let j = 0; j < inner; j++) dst[o + j] = src[s + j]!;
    else if (innerStride === 0) dst.fill(src[s]!, o, o + inner);
    else for (let j = 0, t = s; j < inner; j++, t += innerStride) dst[o + j] = src[t]!;
    // Odometer over the outer dims: advance the last one, carrying into earlier ones.
    for (let d = rank - 2; d >= 0; d--) {
      const i = index[d]! + 1;
      if (i < sizes[d]!) {
        index[d] = i;
        s += strides[d]!;
        break;
      }
      index[d] = 0;
      s -= (i - 1) * strides[d]!;
    }
  }
}

/** Whether `perm` is a permutation of 0..rank-1. */
function isPermutation(perm: readonly number[], rank: number): boolean {
  if (perm.length !== rank) return false;
  const seen = new Array<boolean>(rank).fill(false);
  for (const p of perm) {
    if (!Number.isInteger(p) || p < 0 || p >= rank || seen[p]) return false;
    seen[p] = true;
  }
  return true;
}

/**
 * `jnp.transpose(a, perm)`: output dimension d is input dimension perm[d]. The identity permutation returns
 * an array sharing `a.data` (no copy); otherwise a new array of the same precision.
 */
export function transpose(a: NdArray, perm: readonly number[]): NdArray {
  const rank = a.shape.length;
  if (!isPermutation(perm, rank))
    throw new RangeError(`transpose: [${perm.join(', ')}] is not a permutation of ${rank} dimensions`);
  if (perm.every((p, d) => p === d)) return { shape: a.shape, data: a.data };
  const inStrides = stridesOf(a.shape);
  const shape = perm.map((p) => a.shape[p]!);
  const data = allocateToFill(precisionOf(a.data), a.data.length);
  copyStrided(
    a.data,
    0,
    perm.map((p) => inStrides[p]!),
    shape,
    data,
  );
  return { shape, data };
}
