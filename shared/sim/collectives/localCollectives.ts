// shard_map's per-device collectives (docs/jax-semantics.md §1.8): every device holds a local array of the same shape
// and calls the collective over named mesh axes. Groups and their major-first order come from groups.ts;
// data moves by the schedules of ring.ts, so the bytes are those of the real algorithms:
//   psum / pmax → ring all-reduce; all_gather(tiled) → ring all-gather; psum_scatter(tiled) → ring
//   reduce-scatter; all_to_all(tiled) → pairwise exchange; ppermute → one round of sends.
// Invalid arguments (unknown axes, indivisible dims, bad permutations) throw: callers validate programs first.
import type { Mesh } from '../mesh.ts';
import { sizeOf, type NdArray } from '../tensor/ndarray.ts';
import { concat, split } from './blocks.ts';
import { cachedDeviceGroups, deviceGroups, groupSize } from './groups.ts';
import {
  closeLedger,
  DEFAULT_BYTES_PER_ELEMENT,
  openLedger,
  type CollectiveKind,
  type CollectiveRecord,
  type Ledger,
} from './ledger.ts';
import {
  pairwiseAllToAll,
  permuteOnce,
  ringAllGather,
  ringAllReduce,
  ringReduceScatter,
  type ReduceOp,
} from './ring.ts';

/** Per-device results of a collective, its common local shape and what it cost. */
export interface LocalResult {
  readonly locals: Float32Array[];
  readonly shape: number[];
  readonly record: CollectiveRecord;
}

function checkLocals(mesh: Mesh, locals: readonly Float32Array[], shape: readonly number[]): void {
  if (locals.length !== mesh.deviceCount)
    throw new RangeError(`expected ${mesh.deviceCount} local arrays, got ${locals.length}`);
  const n = sizeOf(shape);
  if (locals.some((l) => l.length !== n))
    throw new RangeError(`every local array must have shape [${shape}]`);
}

function checkDim(shape: readonly number[], dim: number, divisor = 1): void {
  const extent = shape[dim];
  if (!Number.isInteger(dim) || extent === undefined || extent % divisor !== 0)
    throw new RangeError(`dim ${dim} of shape [${shape}] cannot be split ${divisor} ways`);
}

/** Runs `body` with a fresh ledger and packages its locals with the record. */
function run(
  mesh: Mesh,
  kind: CollectiveKind,
  axes: readonly string[],
  bytesPerElement: number,
  shape: number[],
  body: (ledger: Ledger) => Float32Array[],
): LocalResult {
  const ledger = openLedger(mesh.deviceCount);
  const locals = body(ledger);
  return { locals, shape, record: closeLedger(ledger, kind, axes, bytesPerElement) };
}

const view =
  (shape: readonly number[]) =>
  (data: Float32Array): NdArray<Float32Array> => ({ shape, data });

/** psum and pmax: a ring all-reduce with `op`. */
const reduceOver =
  (op: ReduceOp) =>
  (
    mesh: Mesh,
    locals: readonly Float32Array[],
    shape: readonly number[],
    axes: readonly string[],
    bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
  ): LocalResult => {
    checkLocals(mesh, locals, shape);
    return run(mesh, 'all-reduce', axes, bytesPerElement, [...shape], (ledger) =>
      ringAllReduce(cachedDeviceGroups(mesh, axes), locals, op, ledger),
    );
  };

/**
 * `jax.lax.psum(x, axes)`: every device gets the sum over its group (ring all-reduce).
 * @example psum(mesh, partials, [8, 4], ['x']).locals[0] // Σ over the 'x' group of device 0
 */
export const psum = reduceOver('sum');

/**
 * `jax.lax.pmax(x, axes)`: elementwise maximum over the group (ring all-reduce with max).
 * @example pmax(mesh, rowMaxima, [8, 1], ['y'])
 */
export const pmax = reduceOver('max');

/**
 * `jax.lax.all_gather(x, axes, axis=dim, tiled=True)`: the group's arrays concatenated along `dim`,
 * in group order (first axis major).
 * @example allGatherLocal(mesh, locals, [2, 4], ['x'], 0).shape // [2·|x|, 4]
 */
export function allGatherLocal(
  mesh: Mesh,
  locals: readonly Float32Array[],
  shape: readonly number[],
  axes: readonly string[],
  dim: number,
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): LocalResult {
  checkLocals(mesh, locals, shape);
  checkDim(shape, dim);
  const n = groupSize(mesh, axes);
  const out = shape.map((e, d) => (d === dim ? e * n : e));
  return run(mesh, 'all-gather', axes, bytesPerElement, out, (ledger) =>
    ringAllGather(cachedDeviceGroups(mesh, axes), locals, ledger).map(
      (parts) => concat(parts.map(view(shape)), dim).data,
    ),
  );
}

/**
 * `jax.lax.psum_scatter(x, axes, scatter_dimension=dim, tiled=True)`: the group sum, cut into n blocks
 * along `dim`; the device at group position p keeps block p.
 * @example psumScatterLocal(mesh, partials, [8, 4], ['x'], 0).shape // [8/|x|, 4]
 */
export function psumScatterLocal(
  mesh: Mesh,
  locals: readonly Float32Array[],
  shape: readonly number[],
  axes: readonly string[],
  dim: number,
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): LocalResult {
  checkLocals(mesh, locals, shape);
  const n = groupSize(mesh, axes);
  checkDim(shape, dim, n);
  const out = shape.map((e, d) => (d === dim ? e / n : e));
  return run(mesh, 'reduce-scatter', axes, bytesPerElement, out, (ledger) => {
    const chunks = locals.map((l) => split(view(shape)(l), dim, n).map((c) => c.data));
    return ringReduceScatter(cachedDeviceGroups(mesh, axes), chunks, 'sum', ledger);
  });
}

/**
 * `jax.lax.all_to_all(x, axes, split_axis=splitDim, concat_axis=concatDim, tiled=True)`: each device cuts
 * its array into n blocks along `splitDim` and sends block j to group position j; the blocks received are
 * concatenated along `concatDim` in source-position order.
 * @example allToAllLocal(mesh, locals, [8, 2], ['x'], 0, 1).shape // [8/|x|, 2·|x|]
 */
export function allToAllLocal(
  mesh: Mesh,
  locals: readonly Float32Array[],
  shape: readonly number[],
  axes: readonly string[],
  splitDim: number,
  concatDim: number,
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): LocalResult {
  checkLocals(mesh, locals, shape);
  const n = groupSize(mesh, axes);
  checkDim(shape, splitDim, n);
  checkDim(shape, concatDim);
  const chunkShape = shape.map((e, d) => (d === splitDim ? e / n : e));
  const out = chunkShape.map((e, d) => (d === concatDim ? e * n : e));
  return run(mesh, 'all-to-all', axes, bytesPerElement, out, (ledger) => {
    const chunks = locals.map((l) => split(view(shape)(l), splitDim, n).map((c) => c.data));
    return pairwiseAllToAll(cachedDeviceGroups(mesh, axes), chunks, ledger).map(
      (parts) => concat(parts.map(view(chunkShape)), concatDim).data,
    );
  });
}

/**
 * `jax.lax.ppermute(x, axis, perm)`: within each group along `axis`, position `from` sends its array to
 * position `to`; a device that receives nothing gets zeros (as in JAX). Sources and destinations must be
 * distinct positions on the axis.
 * @example ppermuteLocal(mesh, locals, [4], 'x', [[0, 1], [1, 2], [2, 3], [3, 0]]) // shift right by one
 */
export function ppermuteLocal(
  mesh: Mesh,
  locals: readonly Float32Array[],
  shape: readonly number[],
  axis: string,
  perm: readonly (readonly [from: number, to: number])[],
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): LocalResult {
  checkLocals(mesh, locals, shape);
  const n = groupSize(mesh, [axis]);
  const ok = (ps: number[]) =>
    ps.every((p) => Number.isInteger(p) && p >= 0 && p < n) && new Set(ps).size === ps.length;
  if (!ok(perm.map(([from]) => from)) || !ok(perm.map(([, to]) => to)))
    throw new RangeError(
      `ppermute over '${axis}' (size ${n}) needs distinct sources and destinations in [0, ${n})`,
    );
  const moves = deviceGroups(mesh, [axis]).flatMap((group) =>
    perm.map(([from, to]) => [group[from]!, group[to]!] as const),
  );
  return run(mesh, 'collective-permute', [axis], bytesPerElement, [...shape], (ledger) =>
    permuteOnce(moves, locals, ledger).map((r) => r ?? new Float32Array(sizeOf(shape))),
  );
}
