// Resharding plans after Shardy's `-sdy-reshard-to-collectives` (docs/jax-semantics.md §3.4): which collectives turn
// one sharding of a tensor into another, and running them on a DistTensor. Order of a plan:
//   1. unreduced axes the target drops: reduce-scatter onto a dim of the target when they come next there
//      (the dim's current axes are a prefix of its target axes), else one all-reduce for the rest;
//   2. then, until every dim matches: a collective-permute when every dim already has its target shard
//      count; else an all-to-all that moves an axis the target drops to where the target wants a free axis
//      of the same size, when that leaves every dim at its target count (the permute then renames it);
//      else an all-slice of free axes that come next in a dim's target (free = no communication, and it
//      shrinks later traffic); else a collective-permute when the target refines every dim (its blocks lie
//      in the current ones: sliced, then sent); else an all-to-all of a suffix that another dim wants next;
//      else an all-gather of the axes of the first dim that stray from its target (the whole mismatched
//      suffix, re-sliced later if needed).
// Every intermediate dim is a prefix of its `from` or `to` axes, so each step divides evenly.
import { axisSize, type Mesh } from '../mesh.ts';
import { isAxesPrefix, shardCount, shardingsEqual, type DimAxes, type Sharding } from '../sharding.ts';
import { err, ok, type Result } from '../result.ts';
import { cutText } from '../input/quoteValue.ts';
import {
  allGather,
  allReduce,
  allSlice,
  allToAll,
  collectivePermute,
  permutedAxes,
  reduceScatter,
  type DistResult,
} from './distCollectives.ts';
import type { DistTensor } from './distTensor.ts';
import { DEFAULT_BYTES_PER_ELEMENT, type CollectiveRecord } from './ledger.ts';
import { findSwap } from './findSwap.ts';

export type ReshardStep =
  | { readonly kind: 'all-gather'; readonly axes: readonly string[]; readonly dim: number }
  | { readonly kind: 'reduce-scatter'; readonly axes: readonly string[]; readonly dim: number }
  | { readonly kind: 'all-reduce'; readonly axes: readonly string[] }
  | {
      readonly kind: 'all-to-all';
      readonly axes: readonly string[];
      readonly fromDim: number;
      readonly toDim: number;
    }
  | { readonly kind: 'collective-permute'; readonly axes: readonly string[]; readonly target: Sharding }
  | { readonly kind: 'all-slice'; readonly axes: readonly string[]; readonly dim: number };

export interface ReshardOptions {
  /**
   * Dims the swap step (`findSwap`) may not move an axis into: an einsum operand's batch dims, which XLA's dot
   * partitioner reaches by gathering and slicing instead (PartitionDotGroupOnBatch).
   */
  readonly noSwapInto?: ReadonlySet<number>;
}

const fmt = (s: Sharding): string =>
  cutText(
    `[${s.dims.map((axes) => `{${axes.map((a) => `"${a}"`).join(',')}}`).join(', ')}]` +
      (s.unreduced.length > 0 ? ` unreduced={${s.unreduced.join(',')}}` : ''),
  );

/** Checks a sharding against the mesh and the shape (rank, known and unique axes, divisibility). */
function validate(mesh: Mesh, shape: readonly number[], s: Sharding, role: string): Result<void> {
  if (s.dims.length !== shape.length)
    return err(
      'reshard/rank',
      { role, specLength: s.dims.length, rank: shape.length },
      `The ${role} sharding ${fmt(s)} has ${s.dims.length} dims, but the array has rank ${shape.length}.`,
    );
  const all = [...s.dims.flat(), ...s.unreduced];
  const unknown = all.find((a) => axisSize(mesh, a) === undefined);
  if (unknown !== undefined)
    return err(
      'reshard/unknown-axis',
      { role, axis: unknown },
      `Resource axis: ${cutText(unknown)} of the ${role} sharding ${fmt(s)} is not found in mesh.`,
    );
  const twice = all.find((a, i) => all.indexOf(a) !== i);
  if (twice !== undefined)
    return err(
      'reshard/duplicate-axis',
      { role, axis: twice },
      `The ${role} sharding ${fmt(s)} uses mesh axis '${cutText(twice)}' more than once.`,
    );
  const d = shape.findIndex((n, k) => n % shardCount(mesh, s.dims[k]!) !== 0);
  if (d >= 0) {
    const parts = shardCount(mesh, s.dims[d]!);
    return err(
      'reshard/indivisible',
      { role, dim: d, size: shape[d]!, parts },
      `The ${role} sharding ${fmt(s)} splits array dimension ${d} (of size ${shape[d]}) into ${parts} parts, but ${parts} does not evenly divide ${shape[d]}.`,
    );
  }
  return ok(undefined);
}

const commonPrefix = (a: DimAxes, b: DimAxes): number => {
  let k = 0;
  while (k < a.length && a[k] === b[k]) k++;
  return k;
};
/** Longest run of `to` right after the prefix `cur` whose axes all satisfy `pick`. */
const nextRun = (cur: DimAxes, to: DimAxes, pick: (a: string) => boolean): string[] => {
  const run: string[] = [];
  for (let i = cur.length; i < to.length && pick(to[i]!); i++) run.push(to[i]!);
  return run;
};

/** The next all-to-all: a suffix of a dim's mismatched axes that another dim wants next. */
function findAllToAll(dims: readonly string[][], to: readonly DimAxes[]): ReshardStep | undefined {
  for (let a = 0; a < dims.length; a++) {
    const mismatch = dims[a]!.slice(commonPrefix(dims[a]!, to[a]!));
    for (let b = 0; b < dims.length; b++) {
      if (b === a || !isAxesPrefix(dims[b]!, to[b]!)) continue;
      for (let len = mismatch.length; len > 0; len--) {
        const axes = mismatch.slice(mismatch.length - len);
        if (axes.every((x, i) => to[b]![dims[b]!.length + i] === x))
          return { kind: 'all-to-all', axes, fromDim: a, toDim: b };
      }
    }
  }
  return undefined;
}

/** Removes the last `axes.length` axes of `list`. */
function drop(list: string[], axes: readonly string[]): void {
  list.splice(list.length - axes.length, axes.length);
}

/** Applies a step to a sharding (bookkeeping only; the same change the collective makes). */
function advance(s: { dims: string[][]; unreduced: string[] }, step: ReshardStep): void {
  switch (step.kind) {
    case 'all-reduce':
    case 'reduce-scatter':
      s.unreduced = s.unreduced.filter((a) => !step.axes.includes(a));
      if (step.kind === 'reduce-scatter') s.dims[step.dim]!.push(...step.axes);
      return;
    case 'all-gather':
      drop(s.dims[step.dim]!, step.axes);
      return;
    case 'all-slice':
      s.dims[step.dim]!.push(...step.axes);
      return;
    case 'all-to-all':
      drop(s.dims[step.fromDim]!, step.axes);
      s.dims[step.toDim]!.push(...step.axes);
      return;
    case 'collective-permute':
      s.dims = step.target.dims.map((axes) => [...axes]);
  }
}

/** Whether `to` splits every dim into a whole multiple (≥ 1) of the blocks `from` splits it into. */
function refines(mesh: Mesh, from: readonly DimAxes[], to: readonly DimAxes[]): boolean {
  return from.every((axes, d) => shardCount(mesh, to[d]!) % shardCount(mesh, axes) === 0);
}

/**
 * Plans the collectives that reshard a `shape` array from `from` to `to` (see the file header for the
 * order). Fails on a sharding that does not fit the mesh or the shape, and when `to` has unreduced axes
 * that `from` does not (a reduced value cannot be made a pending sum by communication).
 * @example planReshard(mesh, [16, 8, 8], { dims: [['x'], ['y'], []], unreduced: [] },
 *   { dims: [[], ['y'], ['x']], unreduced: [] }) // ok([{ kind: 'all-to-all', axes: ['x'], fromDim: 0, toDim: 2 }])
 */
export function planReshard(
  mesh: Mesh,
  shape: readonly number[],
  from: Sharding,
  to: Sharding,
  opts: ReshardOptions = {},
): Result<ReshardStep[]> {
  for (const [s, role] of [
    [from, 'source'],
    [to, 'target'],
  ] as const) {
    const valid = validate(mesh, shape, s, role);
    if (!valid.ok) return valid;
  }
  const extra = to.unreduced.filter((a) => !from.unreduced.includes(a));
  if (extra.length > 0)
    return err(
      'reshard/unreduced',
      { axes: extra },
      `Cannot reshard ${fmt(from)} to ${fmt(to)}: axes {${extra.join(',')}} would become unreduced, but only an operation (such as a dot over a sharded contracting dimension) can leave partial sums.`,
    );
  const steps: ReshardStep[] = [];
  const cur = { dims: from.dims.map((axes) => [...axes]), unreduced: [...from.unreduced] };
  const take = (step: ReshardStep) => {
    steps.push(step);
    advance(cur, step);
  };

  // 1. Unreduced axes the target does not keep.
  const pending = () => cur.unreduced.filter((a) => !to.unreduced.includes(a));
  cur.dims.forEach((axes, d) => {
    if (!isAxesPrefix(axes, to.dims[d]!)) return;
    const run = nextRun(axes, to.dims[d]!, (a) => pending().includes(a));
    if (run.length > 0) take({ kind: 'reduce-scatter', axes: run, dim: d });
  });
  if (pending().length > 0) take({ kind: 'all-reduce', axes: pending() });

  // 2. Dimension axes.
  const used = () => new Set([...cur.dims.flat(), ...cur.unreduced]);
  for (let guard = 0; !cur.dims.every((axes, d) => axes.join() === to.dims[d]!.join()); guard++) {
    if (guard > 4 * (mesh.axes.length + 1) * (shape.length + 1))
      throw new Error('planReshard did not converge');
    if (cur.dims.every((axes, d) => shardCount(mesh, axes) === shardCount(mesh, to.dims[d]!))) {
      const target = { dims: to.dims, unreduced: [...cur.unreduced] };
      take({ kind: 'collective-permute', axes: permutedAxes(mesh, cur, target), target });
      continue;
    }
    const swap = findSwap(mesh, cur.dims, to.dims, used(), opts.noSwapInto);
    if (swap !== undefined) {
      take(swap);
      continue;
    }
    const free = used();
    const sliceDim = cur.dims.findIndex(
      (axes, d) =>
        isAxesPrefix(axes, to.dims[d]!) && nextRun(axes, to.dims[d]!, (a) => !free.has(a)).length > 0,
    );
    if (sliceDim >= 0) {
      const axes = nextRun(cur.dims[sliceDim]!, to.dims[sliceDim]!, (a) => !free.has(a));
      take({ kind: 'all-slice', axes, dim: sliceDim });
      continue;
    }
    // A refinement (every dim split into a multiple of its blocks, none free to slice): each device's target
    // block lies inside a block some device holds, so XLA slices and permutes it (P('x') → P('y') on x=2,
    // y=4: one collective-permute of the [2, 8] quarter) instead of gathering.
    if (cur.dims.some((axes, d) => axes.join() !== to.dims[d]!.join()) && refines(mesh, cur.dims, to.dims)) {
      const target = { dims: to.dims, unreduced: [...cur.unreduced] };
      take({ kind: 'collective-permute', axes: permutedAxes(mesh, cur, target), target });
      continue;
    }
    const a2a = findAllToAll(cur.dims, to.dims);
    if (a2a !== undefined) {
      take(a2a);
      continue;
    }
    const d = cur.dims.findIndex((axes, k) => !isAxesPrefix(axes, to.dims[k]!));
    if (d < 0) throw new Error(`planReshard is stuck at ${fmt(cur)} on the way to ${fmt(to)}`);
    take({ kind: 'all-gather', axes: cur.dims[d]!.slice(commonPrefix(cur.dims[d]!, to.dims[d]!)), dim: d });
  }
  if (!shardingsEqual(cur, to)) throw new Error(`planReshard ended at ${fmt(cur)}, not ${fmt(to)}`);
  return ok(steps);
}

/**
 * Runs a plan on a distributed tensor; returns the resharded tensor and one record per step, priced at
 * `bytesPerElement` (4 = f32, 2 = bf16).
 * @example applyReshard(mesh, t, unwrap(planReshard(mesh, t.shape, t.sharding, target)))
 */
export function applyReshard(
  mesh: Mesh,
  t: DistTensor,
  steps: readonly ReshardStep[],
  bytesPerElement = DEFAULT_BYTES_PER_ELEMENT,
): { tensor: DistTensor; records: CollectiveRecord[] } {
  const records: CollectiveRecord[] = [];
  let tensor = t;
  for (const step of steps) {
    const r = runStep(mesh, tensor, step, bytesPerElement);
    tensor = r.tensor;
    records.push(r.record);
  }
  return { tensor, records };
}

function runStep(mesh: Mesh, t: DistTensor, step: ReshardStep, bytesPerElement: number): DistResult {
  switch (step.kind) {
    case 'all-gather':
      return allGather(mesh, t, step.dim, step.axes, bytesPerElement);
    case 'reduce-scatter':
      return reduceScatter(mesh, t, step.axes, step.dim, bytesPerElement);
    case 'all-reduce':
      return allReduce(mesh, t, step.axes, 'sum', bytesPerElement);
    case 'all-to-all':
      return allToAll(mesh, t, step.axes, step.fromDim, step.toDim, bytesPerElement);
    case 'collective-permute':
      return collectivePermute(mesh, t, step.target, bytesPerElement);
    case 'all-slice':
      return allSlice(mesh, t, step.dim, step.axes);
  }
}
