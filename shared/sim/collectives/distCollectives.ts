// The collectives of docs/jax-semantics.md §2.3/§3.4 on distributed tensors: each one moves real shards between devices
// (through the schedules of ring.ts, via the shard_map-level ops of localCollectives.ts) and returns the
// tensor with its new sharding. Per device, with L = bytes of its local block before the collective and
// n = devices per group: all-gather sends (n−1)·L, reduce-scatter (n−1)/n·L, all-reduce 2(n−1)/n·L,
// all-to-all (n−1)/n·L, collective-permute L or 0, all-slice 0.
// Arguments that do not fit the tensor throw: reshard.ts plans only valid steps.
import { axisIndex, deviceCoords, type Mesh } from '../mesh.ts';
import { blockIndex, localShape, shardCount, type DimAxes, type Sharding } from '../sharding.ts';
import { extractBlock } from './blocks.ts';
import type { DistTensor } from './distTensor.ts';
import { groupPosition, groupSize } from './groups.ts';
import { closeLedger, DEFAULT_BYTES_PER_ELEMENT, openLedger, type CollectiveRecord } from './ledger.ts';
import { allGatherLocal, allToAllLocal, pmax, psum, psumScatterLocal } from './localCollectives.ts';
import { permuteOnce } from './ring.ts';

export interface DistResult {
  readonly tensor: DistTensor;
  readonly record: CollectiveRecord;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new RangeError(message);
}

const isSuffix = (axes: DimAxes, of: DimAxes): boolean =>
  axes.length <= of.length && axes.every((a, i) => of[of.length - axes.length + i] === a);

function withDim(s: Sharding, dim: number, axes: DimAxes, unreduced = s.unreduced): Sharding {
  // Built holey, not mapped: a mapped array changes elements kind once this code is optimised, and every
  // reader of shardings would deoptimise on it (see `holey` in spmd/propagate.ts).
  const dims = new Array<DimAxes>(s.dims.length);
  for (let d = 0; d < dims.length; d++) dims[d] = d === dim ? [...axes] : s.dims[d]!;
  return { dims, unreduced };
}

/**
 * All-gather: removes `axes` (a suffix of `dims[dim]`) from dimension `dim`; each group of n devices runs a
 * ring of n − 1 rounds, forwarding one local block per round.
 * @example allGather(mesh, t, 0, ['x']).record.bytesSent // t: f32[8,4] P('x') on x:4 → [96, 96, 96, 96]
 */
export function allGather(
  mesh: Mesh,
  t: DistTensor,
  dim: number,
  axes: readonly string[],
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): DistResult {
  const old = t.sharding.dims[dim];
  check(old !== undefined && isSuffix(axes, old), `all-gather axes [${axes}] are not a suffix of dim ${dim}`);
  const r = allGatherLocal(mesh, t.shards, localShape(mesh, t.sharding, t.shape), axes, dim, bytesPerElement);
  const sharding = withDim(t.sharding, dim, old.slice(0, old.length - axes.length));
  return { tensor: { shape: t.shape, sharding, shards: r.locals }, record: r.record };
}

/**
 * Reduce-scatter: sums over the unreduced `axes` and splits the sum along `dim`, appending the axes (minor)
 * to `dims[dim]`; ring of n − 1 rounds, each sending one chunk of local/n.
 * @example reduceScatter(mesh, partial, ['x'], 0).tensor.sharding.dims[0] // partial: [I, J]{U_x} → ['x']
 */
export function reduceScatter(
  mesh: Mesh,
  t: DistTensor,
  axes: readonly string[],
  dim: number,
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): DistResult {
  const old = t.sharding.dims[dim];
  check(old !== undefined, `dim ${dim} is outside rank ${t.shape.length}`);
  check(
    axes.every((a) => t.sharding.unreduced.includes(a)),
    `reduce-scatter axes [${axes}] must be unreduced`,
  );
  const r = psumScatterLocal(
    mesh,
    t.shards,
    localShape(mesh, t.sharding, t.shape),
    axes,
    dim,
    bytesPerElement,
  );
  const unreduced = t.sharding.unreduced.filter((a) => !axes.includes(a));
  const sharding = withDim(t.sharding, dim, [...old, ...axes], unreduced);
  return { tensor: { shape: t.shape, sharding, shards: r.locals }, record: r.record };
}

/**
 * All-reduce over `axes` (ring reduce-scatter then ring all-gather, 2(n − 1) rounds).
 * - 'sum': `axes` must be unreduced; they are removed from `unreduced`.
 * - 'max': for partial maxima held on a replicated-looking tensor (e.g. a reduce-max over a dimension that
 *   was sharded): `axes` must be neither unreduced nor sharding a dimension; the sharding is unchanged and
 *   afterwards every device of a group holds the group's elementwise maximum.
 * @example allReduce(mesh, partial, ['x'], 'sum').tensor.sharding.unreduced // partial: [I, J]{U_x} → []
 */
export function allReduce(
  mesh: Mesh,
  t: DistTensor,
  axes: readonly string[],
  op: 'sum' | 'max',
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): DistResult {
  const local = localShape(mesh, t.sharding, t.shape);
  const used = t.sharding.dims.flat();
  if (op === 'sum') {
    check(
      axes.every((a) => t.sharding.unreduced.includes(a)),
      `all-reduce sum axes [${axes}] must be unreduced`,
    );
    const r = psum(mesh, t.shards, local, axes, bytesPerElement);
    const sharding = {
      dims: t.sharding.dims,
      unreduced: t.sharding.unreduced.filter((a) => !axes.includes(a)),
    };
    return { tensor: { shape: t.shape, sharding, shards: r.locals }, record: r.record };
  }
  check(
    axes.every((a) => !used.includes(a) && !t.sharding.unreduced.includes(a)),
    `all-reduce max axes [${axes}] must not shard the tensor nor be unreduced`,
  );
  const r = pmax(mesh, t.shards, local, axes, bytesPerElement);
  return { tensor: { shape: t.shape, sharding: t.sharding, shards: r.locals }, record: r.record };
}

/**
 * All-to-all: moves `axes` (a suffix of `dims[fromDim]`) to the end of `dims[toDim]`. Each device cuts its
 * block into n chunks along `toDim`, sends chunk j to group position j (pairwise, n − 1 rounds) and joins
 * what it receives along `fromDim`.
 * @example allToAll(mesh, t, ['x'], 1, 0).tensor.sharding.dims // t: P(None, 'x') → [['x'], []]
 */
export function allToAll(
  mesh: Mesh,
  t: DistTensor,
  axes: readonly string[],
  fromDim: number,
  toDim: number,
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): DistResult {
  const from = t.sharding.dims[fromDim];
  const to = t.sharding.dims[toDim];
  check(
    from !== undefined && to !== undefined && fromDim !== toDim,
    `bad all-to-all dims ${fromDim} → ${toDim}`,
  );
  check(isSuffix(axes, from), `all-to-all axes [${axes}] are not a suffix of dim ${fromDim}`);
  const local = localShape(mesh, t.sharding, t.shape);
  const r = allToAllLocal(mesh, t.shards, local, axes, toDim, fromDim, bytesPerElement);
  const moved = withDim(t.sharding, fromDim, from.slice(0, from.length - axes.length));
  const sharding = withDim(moved, toDim, [...to, ...axes]);
  return { tensor: { shape: t.shape, sharding, shards: r.locals }, record: r.record };
}

/**
 * Mesh axes (mesh order) that shard a dimension whose axes differ between `from` and `to`: the axes a
 * collective-permute between them runs over.
 * @example permutedAxes(mesh, P('x', 'y'), P('y', 'x')) // ['x', 'y']
 */
export function permutedAxes(mesh: Mesh, from: Sharding, to: Sharding): string[] {
  const changed = from.dims.flatMap((axes, d) => {
    const other = to.dims[d] ?? [];
    return axes.join() === other.join() ? [] : [...axes, ...other];
  });
  return mesh.axes.map((a) => a.name).filter((a) => changed.includes(a));
}

/**
 * Collective-permute to `target`, which must split every dimension into as many blocks as now, or a multiple
 * k of that (a refinement: target block t of a dim lies in block ⌊t/k⌋; XLA dynamic-slices each block by k
 * and permutes, spmd_partitioner.cc `ReshardFromPartialReplicateWithDynamicSlice`), and keep the same
 * unreduced axes. A device that already holds the block it needs (with its own unreduced coordinates)
 * slices it locally; every other device receives it whole in one round. When several devices hold a
 * needed block, the devices needing it are served round-robin by the holders in id order.
 * @example collectivePermute(mesh, t, { dims: [['y'], ['x']], unreduced: [] }) // t: P('x', 'y'), |x| = |y|
 * @example collectivePermute(mesh, t, { dims: [['y']], unreduced: [] }) // t: P('x'), |x| = 2, |y| = 4
 */
export function collectivePermute(
  mesh: Mesh,
  t: DistTensor,
  target: Sharding,
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): DistResult {
  const s = t.sharding;
  const factors = target.dims.map((axes, d) => shardCount(mesh, axes) / shardCount(mesh, s.dims[d] ?? []));
  check(
    target.dims.length === s.dims.length &&
      factors.every((k) => Number.isInteger(k) && k >= 1) &&
      target.unreduced.length === s.unreduced.length &&
      target.unreduced.every((a) => s.unreduced.includes(a)),
    'collective-permute needs as many blocks per dimension (or a multiple) and the same unreduced axes',
  );
  const unreducedCoords = (d: number) => {
    const coords = deviceCoords(mesh, d);
    return s.unreduced.map((a) => coords[axisIndex(mesh, a)]).join(',');
  };
  // A block is identified by its block index and the device's coordinates on the unreduced axes.
  const heldKey = (d: number) => `${blockIndex(mesh, s, d).join(',')}|${unreducedCoords(d)}`;
  const wanted = (d: number) => blockIndex(mesh, target, d);
  const neededKey = (d: number) =>
    `${wanted(d)
      .map((b, k) => Math.floor(b / factors[k]!))
      .join(',')}|${unreducedCoords(d)}`;
  const holders = new Map<string, number[]>();
  for (let d = 0; d < mesh.deviceCount; d++) holders.set(heldKey(d), [...(holders.get(heldKey(d)) ?? []), d]);
  const sourceShape = localShape(mesh, s, t.shape);
  const targetShape = localShape(mesh, target, t.shape);
  // The part of a source block that device `to` needs: offset (t mod k) target blocks along each dim.
  const part = (from: number, to: number): Float32Array => {
    if (factors.every((k) => k === 1)) return t.shards[from]!;
    const start = wanted(to).map((b, k) => (b % factors[k]!) * targetShape[k]!);
    return extractBlock({ shape: sourceShape, data: t.shards[from]! }, start, targetShape).data;
  };
  const served = new Map<string, number>();
  const moves: (readonly [number, number])[] = [];
  const local = new Array<Float32Array | undefined>(mesh.deviceCount).fill(undefined);
  for (let d = 0; d < mesh.deviceCount; d++) {
    const key = neededKey(d);
    const from = holders.get(key);
    check(from !== undefined, `no device holds block ${key}`);
    if (from.includes(d)) {
      local[d] = part(d, d);
      continue;
    }
    const k = served.get(key) ?? 0;
    served.set(key, k + 1);
    moves.push([from[k % from.length]!, d]);
  }
  const ledger = openLedger(mesh.deviceCount);
  const received = permuteOnce(moves, t.shards, ledger, part);
  const shards = t.shards.map((_, d) => received[d] ?? local[d]!);
  return {
    tensor: { shape: t.shape, sharding: { dims: target.dims, unreduced: s.unreduced }, shards },
    record: closeLedger(ledger, 'collective-permute', permutedAxes(mesh, s, target), bytesPerElement),
  };
}

/**
 * All-slice: appends the unused `axes` (minor) to `dims[dim]`; each device keeps its part of its own block
 * (a local dynamic-slice, Shardy `sdy.all_slice`): no communication, zero rounds.
 * @example allSlice(mesh, replicatedT, 0, ['x']).record.bytesSent // all 0
 */
export function allSlice(mesh: Mesh, t: DistTensor, dim: number, axes: readonly string[]): DistResult {
  const old = t.sharding.dims[dim];
  check(old !== undefined, `dim ${dim} is outside rank ${t.shape.length}`);
  check(
    axes.every(
      (a) =>
        axisIndex(mesh, a) >= 0 && !t.sharding.dims.flat().includes(a) && !t.sharding.unreduced.includes(a),
    ),
    `all-slice axes [${axes}] must be unused mesh axes`,
  );
  const local = localShape(mesh, t.sharding, t.shape);
  const n = groupSize(mesh, axes);
  check(local[dim]! % n === 0, `local dim ${dim} of size ${local[dim]} cannot be split ${n} ways`);
  const size = local.map((e, d) => (d === dim ? e / n : e));
  const shards = t.shards.map((data, d) => {
    const start = local.map((_, k) => (k === dim ? groupPosition(mesh, axes, d) * size[k]! : 0));
    return extractBlock({ shape: local, data }, start, size).data;
  });
  const sharding = withDim(t.sharding, dim, [...old, ...axes]);
  return {
    tensor: { shape: t.shape, sharding, shards },
    record: closeLedger(openLedger(mesh.deviceCount), 'all-slice', axes),
  };
}
