// Reductions over a set of dimensions (`jnp.sum` / `jnp.max` with `axis=dims`, `keepdims`).
import type { ReduceOp } from '../program/ir.ts';
import { newFloat64 } from './arena.ts';
import { allocateToFill, precisionOf, type NdArray } from './ndarray.ts';

/**
 * Input dims collapsed into runs: size-1 dims dropped, neighbours with the same reduced/kept status merged
 * (the input stays row-major over the runs). `outStrides` is 0 for a reduced run, else the run's row-major stride in the output.
 */
function collapse(
  shape: readonly number[],
  reduced: readonly boolean[],
): { sizes: number[]; outStrides: number[] } {
  const sizes: number[] = [];
  const kinds: boolean[] = [];
  shape.forEach((size, d) => {
    if (size === 1) return;
    const last = sizes.length - 1;
    if (last >= 0 && kinds[last] === reduced[d]) sizes[last] = sizes[last]! * size;
    else {
      sizes.push(size);
      kinds.push(reduced[d]!);
    }
  });
  const outStrides = new Array<number>(sizes.length);
  let outStride = 1;
  for (let d = sizes.length - 1; d >= 0; d--) {
    outStrides[d] = kinds[d] ? 0 : outStride;
    if (!kinds[d]) outStride *= sizes[d]!;
  }
  return { sizes, outStrides };
}

/**
 * Sum or max of `a` over `dims` (distinct, in 0..rank-1, any order). With `keepDims` the reduced dims stay as
 * size 1; without, they are removed (all dims → shape []). Accumulates in float64 in row-major input order,
 * stores in `a`'s precision. The max of an empty set is -Infinity; NaN propagates.
 */
export function reduce(op: ReduceOp, a: NdArray, dims: readonly number[], keepDims: boolean): NdArray {
  const rank = a.shape.length;
  const reduced = new Array<boolean>(rank).fill(false);
  for (const d of dims) {
    if (!Number.isInteger(d) || d < 0 || d >= rank || reduced[d])
      throw new RangeError(`reduce: dims [${dims.join(', ')}] are not distinct dims of a rank-${rank} array`);
    reduced[d] = true;
  }
  const shape = keepDims
    ? a.shape.map((size, d) => (reduced[d] ? 1 : size))
    : a.shape.filter((_, d) => !reduced[d]);
  const outSize = shape.reduce((n, d) => n * d, 1);
  const acc = newFloat64(outSize);
  if (op !== 'sum') acc.fill(-Infinity);
  const x = a.data;
  const { sizes, outStrides } = collapse(a.shape, reduced);
  const runs = sizes.length;
  if (runs === 0) acc[0] = op === 'sum' ? acc[0]! + x[0]! : Math.max(acc[0]!, x[0]!);
  if (runs > 0 && x.length > 0) {
    // The innermost run has input stride 1; it is either reduced (fold into one slot) or kept (slot per element).
    const inner = sizes[runs - 1]!;
    const innerKept = outStrides[runs - 1]! !== 0;
    const index = new Array<number>(runs).fill(0);
    let o = 0;
    for (let i = 0; i < x.length; i += inner) {
      if (innerKept) {
        if (op === 'sum') for (let j = 0; j < inner; j++) acc[o + j] = acc[o + j]! + x[i + j]!;
        else for (let j = 0; j < inner; j++) acc[o + j] = Math.max(acc[o + j]!, x[i + j]!);
      } else if (op === 'sum') {
        let s = acc[o]!;
        for (let j = 0; j < inner; j++) s += x[i + j]!;
        acc[o] = s;
      } else {
        let s = acc[o]!;
        for (let j = 0; j < inner; j++) s = Math.max(s, x[i + j]!);
        acc[o] = s;
      }
      for (let d = runs - 2; d >= 0; d--) {
        const next = index[d]! + 1;
        if (next < sizes[d]!) {
          index[d] = next;
          o += outStrides[d]!;
          break;
        }
        index[d] = 0;
        o -= (next - 1) * outStrides[d]!;
      }
    }
  }
  if (precisionOf(x) === 'f64') return { shape, data: acc };
  const data = allocateToFill('f32', outSize);
  data.set(acc);
  return { shape, data };
}
