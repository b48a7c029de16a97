// Rectangular blocks of dense row-major arrays: cut a block out, write one back, join and split along a
// dimension. The collectives use these to turn a device's local shard into the chunks it sends and to
// rebuild a shard from the chunks it received. Generic over Float32Array (devices) and Float64Array (reference).
import { newFloat32, newFloat64 } from '../tensor/arena.ts';
import { sizeOf, stridesOf, type FloatArray, type NdArray } from '../tensor/ndarray.ts';

/** A new zero-filled array of the same element type as `like`. */
export function allocLike<A extends FloatArray>(like: A, length: number): A {
  return (like instanceof Float32Array ? newFloat32(length) : newFloat64(length)) as A;
}

/** Runs of at least this many elements are copied with one native `set`. */
const LONG_RUN = 256;

/**
 * Copies the box of extent `size` at `srcStart` in `src` to `dstStart` in `dst` (both row-major). Trailing
 * dimensions the box spans whole in both arrays merge into one contiguous run; an odometer walks the rest.
 */
function copyBox(
  src: FloatArray,
  srcShape: readonly number[],
  srcStart: readonly number[],
  dst: FloatArray,
  dstShape: readonly number[],
  dstStart: readonly number[],
  size: readonly number[],
): void {
  const rank = size.length;
  if (sizeOf(size) === 0) return;
  if (rank === 0) {
    dst[0] = src[0]!;
    return;
  }
  const srcStrides = stridesOf(srcShape);
  const dstStrides = stridesOf(dstShape);
  let s = 0;
  let t = 0;
  for (let d = 0; d < rank; d++) {
    s += srcStart[d]! * srcStrides[d]!;
    t += dstStart[d]! * dstStrides[d]!;
  }
  let run = size[rank - 1]!;
  let outer = rank - 1;
  while (outer > 0 && srcStrides[outer - 1] === run && dstStrides[outer - 1] === run) run *= size[--outer]!;
  const index = new Array<number>(outer).fill(0);
  for (;;) {
    // Short runs copy element by element: a `subarray` view per run would cost more than the copy.
    if (run < LONG_RUN) for (let j = 0; j < run; j++) dst[t + j] = src[s + j]!;
    else dst.set(src.subarray(s, s + run), t);
    // Odometer over the outer dimensions, last fastest.
    let d = outer - 1;
    for (; d >= 0; d--) {
      s += srcStrides[d]!;
      t += dstStrides[d]!;
      if (++index[d]! < size[d]!) break;
      s -= size[d]! * srcStrides[d]!;
      t -= size[d]! * dstStrides[d]!;
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

function checkBox(shape: readonly number[], start: readonly number[], size: readonly number[]): void {
  const fits =
    start.length === shape.length &&
    size.length === shape.length &&
    shape.every((n, d) => start[d]! >= 0 && size[d]! >= 0 && start[d]! + size[d]! <= n);
  if (!fits) throw new RangeError(`block at [${start}] of size [${size}] does not fit in shape [${shape}]`);
}

/**
 * The block of extent `size` starting at `start` (a copy, same element type).
 * @example extractBlock({ shape: [4, 4], data }, [2, 0], [2, 4]) // rows 2–3
 */
export function extractBlock<A extends FloatArray>(
  a: NdArray<A>,
  start: readonly number[],
  size: readonly number[],
): NdArray<A> {
  checkBox(a.shape, start, size);
  const data = allocLike(a.data, sizeOf(size));
  copyBox(a.data, a.shape, start, data, size, new Array<number>(size.length).fill(0), size);
  return { shape: [...size], data };
}

/**
 * Copies the block of extent `size` at `start` of `a` into `into` (row-major, `sizeOf(size)` elements;
 * values are converted to its element type). The allocation-free form of `extractBlock`.
 */
export function extractBlockInto(
  a: NdArray,
  start: readonly number[],
  size: readonly number[],
  into: FloatArray,
): void {
  checkBox(a.shape, start, size);
  copyBox(a.data, a.shape, start, into, size, new Array<number>(size.length).fill(0), size);
}

/**
 * Writes `block` into `target` at `start` (mutates `target`; values are converted to its element type).
 * @example insertBlock(global, shard, [2, 0])
 */
export function insertBlock(target: NdArray, block: NdArray, start: readonly number[]): void {
  checkBox(target.shape, start, block.shape);
  copyBox(
    block.data,
    block.shape,
    new Array<number>(start.length).fill(0),
    target.data,
    target.shape,
    start,
    block.shape,
  );
}

/**
 * Joins same-rank arrays along `dim` (`jnp.concatenate`); every other extent must agree.
 * @example concat([a, b], 0) // a, b of shape [2,4] → shape [4,4]
 */
export function concat<A extends FloatArray>(parts: readonly NdArray<A>[], dim: number): NdArray<A> {
  const first = parts[0];
  if (first === undefined) throw new RangeError('concat needs at least one part');
  const shape = [...first.shape];
  if (dim < 0 || dim >= shape.length) throw new RangeError(`dim ${dim} is outside rank ${shape.length}`);
  shape[dim] = 0;
  for (const p of parts) {
    if (p.shape.length !== shape.length || p.shape.some((n, d) => d !== dim && n !== first.shape[d]))
      throw new RangeError(`cannot concatenate [${p.shape}] with [${first.shape}] along dim ${dim}`);
    shape[dim] += p.shape[dim]!;
  }
  const out: NdArray<A> = { shape, data: allocLike(first.data, sizeOf(shape)) };
  const start = new Array<number>(shape.length).fill(0);
  for (const p of parts) {
    insertBlock(out, p, start);
    start[dim] = start[dim]! + p.shape[dim]!;
  }
  return out;
}

/**
 * Cuts `a` into `n` equal blocks along `dim` (`jnp.split`); `a.shape[dim]` must be divisible by `n`.
 * @example split({ shape: [8, 4], data }, 0, 4) // four [2,4] blocks, rows 0–1, 2–3, …
 */
export function split<A extends FloatArray>(a: NdArray<A>, dim: number, n: number): NdArray<A>[] {
  const extent = a.shape[dim];
  if (extent === undefined || !Number.isInteger(n) || n < 1 || extent % n !== 0)
    throw new RangeError(`cannot split shape [${a.shape}] into ${n} blocks along dim ${dim}`);
  const size = [...a.shape];
  size[dim] = extent / n;
  return Array.from({ length: n }, (_, i) => {
    const start = a.shape.map((_, d) => (d === dim ? i * (extent / n) : 0));
    return extractBlock(a, start, size);
  });
}
