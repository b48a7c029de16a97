// Pricing the collectives of a partitioned program (pricePlan.ts uses these): the time of one resharding
// step on its axes' link, the backward re-gathers the partitioner's cache hides, and which values only feed
// parameter gradients (the data-parallel reduction, which overlaps the backward pass).
import { planReshard } from '../collectives/reshard.ts';
import { axisSize } from '../mesh.ts';
import { DTYPE_BYTES, operandsOf, type ValueId } from '../program/ir.ts';
import { localShape, shardingsEqual } from '../sharding.ts';
import { shardingKey, type PlacedCollective, type SpmdPlan } from '../spmd/partition.ts';
import { afterStep, stepBytesPerDevice } from '../spmd/reshardBytes.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { collectiveTimeOnAxesS, combinedAxesLink, ringCollectiveTimeS } from './collectiveTime.ts';
import type { AxisLink } from './hardware.ts';

const groupSize = (plan: SpmdPlan, axes: readonly string[]) =>
  axes.reduce((n, a) => n * (axisSize(plan.mesh, a) ?? 1), 1);

/** Seconds and S of one collective step on `links`, for a value whose shard before the step is `from`. */
export function collectiveStepTime(
  plan: SpmdPlan,
  links: readonly AxisLink[],
  c: Pick<PlacedCollective, 'kind' | 'axes' | 'value' | 'from' | 'bytesPerDevice'>,
): { timeS: number; groupBytes: number; link: 'intra' | 'inter' } {
  const v = plan.program.values[c.value]!;
  const shard = sizeOf(localShape(plan.mesh, c.from, v.shape)) * DTYPE_BYTES[v.dtype];
  const n = groupSize(plan, c.axes);
  const link = c.axes.some((a) => links.find((l) => l.axis === a)?.link === 'inter') ? 'inter' : 'intra';
  switch (c.kind) {
    case 'all-slice':
      return { timeS: 0, groupBytes: 0, link };
    case 'collective-permute':
      return c.bytesPerDevice === 0
        ? { timeS: 0, groupBytes: 0, link }
        : {
            timeS: ringCollectiveTimeS('point-to-point', n, shard, combinedAxesLink(links, c.axes).link),
            groupBytes: shard,
            link,
          };
    case 'all-reduce':
    case 'reduce-scatter':
      return { timeS: collectiveTimeOnAxesS(c.kind, links, c.axes, shard), groupBytes: shard, link };
    case 'all-gather':
    case 'all-to-all':
      return { timeS: collectiveTimeOnAxesS(c.kind, links, c.axes, n * shard), groupBytes: n * shard, link };
  }
}

/**
 * Per value id: whether it is a parameter's gradient (of a parameter not in `skip`) or a backward value read
 * only by such: the values whose collectives make up the data-parallel gradient reduction.
 */
export function gradientOnlyValues(plan: SpmdPlan, skip: ReadonlySet<ValueId>): boolean[] {
  const values = plan.program.values;
  const realParam = (id: ValueId | undefined) =>
    id !== undefined && !skip.has(id) && values[id]!.node.kind === 'input';
  const readers: ValueId[][] = values.map(() => []);
  for (const v of values) for (const o of operandsOf(v.node)) readers[o]!.push(v.id);
  const grad = values.map(() => false);
  for (let id = values.length - 1; id >= 0; id--) {
    const v = values[id]!;
    if (v.phase !== 'backward') continue;
    if (realParam(v.gradOf)) grad[id] = true;
    else {
      const rs = readers[id]!.filter((r) => values[r]!.phase === 'backward');
      grad[id] = rs.length > 0 && rs.every((r) => grad[r]);
    }
  }
  return grad;
}

/**
 * Re-gathers (pricePlan.ts): a backward op that reads a forward value in a sharding the partitioner had
 * already materialised for a forward op (and so inserted nothing for) pays that reshard again, once per
 * value and sharding in the backward pass — when the reshard gathers (the forward pass kept the smaller
 * shard). A reshard that only moves blocks (all-to-all, collective-permute) leaves a copy of the same size,
 * which is what the backward pass reads: XLA keeps it, as GShard's MoE layer keeps its dispatched tokens
 * (2 all-to-alls forward, 2 backward; Lepikhin et al. 2020).
 */
export function backwardRegathers(plan: SpmdPlan): PlacedCollective[] {
  const { program, shardings, mesh } = plan;
  const inForward = new Set<string>();
  for (const c of plan.collectives)
    if (c.place === 'operand' && c.phase === 'forward') inForward.add(`${c.value}:${shardingKey(c.to)}`);
  const done = new Set<string>();
  const out: PlacedCollective[] = [];
  for (const op of plan.ops) {
    const v = program.values[op.value]!;
    if (v.phase !== 'backward') continue;
    operandsOf(v.node).forEach((o, i) => {
      const operand = program.values[o]!;
      const want = op.operandShardings[i]!;
      const key = `${o}:${shardingKey(want)}`;
      if (operand.phase !== 'forward' || op.operandSteps[i]!.length > 0) return;
      if (shardingsEqual(shardings[o]!, want) || !inForward.has(key) || done.has(key)) return;
      const steps = planReshard(mesh, operand.shape, shardings[o]!, want);
      if (!steps.ok || !steps.value.some((s) => s.kind === 'all-gather')) return;
      done.add(key);
      let before = shardings[o]!;
      for (const step of steps.value) {
        const bytesPerDevice = stepBytesPerDevice(
          mesh,
          operand.shape,
          before,
          step,
          DTYPE_BYTES[operand.dtype],
        );
        const after = afterStep(before, step);
        out.push({
          kind: step.kind,
          axes: step.axes,
          value: o,
          at: op.value,
          place: 'operand',
          phase: 'backward',
          from: before,
          to: after,
          bytesPerDevice,
        });
        before = after;
      }
    });
  }
  return out;
}
