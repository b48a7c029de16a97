// Auto mode's SPMD partitioner (jit + GSPMD): given the propagated sharding of every value, decides for each
// op which operands must be resharded (and how, by Shardy's resharding table), runs the op locally, and
// reshards its result to the propagated sharding — resolving partial sums with an all-reduce, or a
// reduce-scatter when the result is wanted sharded. The plan is data: the static view draws it, the
// executor runs it on real shards, the pricing multiplies it out at full scale.
import type { CollectiveKind } from '../collectives/ledger.ts';
import { planReshard, type ReshardOptions, type ReshardStep } from '../collectives/reshard.ts';
import type { Mesh } from '../mesh.ts';
import { DTYPE_BYTES, operandsOf, type Phase, type Program, type ValueId } from '../program/ir.ts';
import { ok, type Result } from '../result.ts';
import { localShape, shardingsEqual, type Sharding } from '../sharding.ts';
import { einsumFlops, parseEinsum } from '../tensor/einsumEquation.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { einsumLabels } from './opFactors.ts';
import { planOperands, type OperandPlan } from './operandShardings.ts';
import { holey } from './propagate.ts';
import { afterStep, allReduceBytes, stepBytesPerDevice } from './reshardBytes.ts';

/** A collective the partitioner inserted, with its place in the graph. */
export interface PlacedCollective {
  readonly kind: CollectiveKind;
  readonly axes: readonly string[];
  /** The value whose data moves. */
  readonly value: ValueId;
  /** The op it is inserted at: before it reads `value` (operand) or right after it produced `value` (result). */
  readonly at: ValueId;
  readonly place: 'operand' | 'result';
  readonly phase: Phase;
  readonly from: Sharding;
  readonly to: Sharding;
  /** Bytes one device sends, in the value's dtype (ring formulas; reshardBytes.ts). */
  readonly bytesPerDevice: number;
}

export interface PartitionedOp {
  readonly value: ValueId;
  /** Reshard steps for each operand before the local op; [] when it is already in place (or cached). */
  readonly operandSteps: readonly (readonly ReshardStep[])[];
  readonly operandShardings: readonly Sharding[];
  /** Sharding of the local results, before `resultSteps`. */
  readonly natural: Sharding;
  /** Reduce-max over sharded dims: all-reduce(max) over these axes right after the local op. */
  readonly maxOver: readonly string[];
  readonly resultSteps: readonly ReshardStep[];
  /** FLOPs of the local op on one device (einsum 2·Π sizes; elementwise 1 per element). */
  readonly flopsPerDevice: number;
}

export interface SpmdPlan {
  readonly mesh: Mesh;
  readonly program: Program;
  /** Final sharding of every value (the propagated one). */
  readonly shardings: readonly Sharding[];
  /** One entry per non-input value, in program order. */
  readonly ops: readonly PartitionedOp[];
  readonly collectives: readonly PlacedCollective[];
}

export const shardingKey = (s: Sharding): string => JSON.stringify([s.dims, [...s.unreduced].sort()]);

/** `s` with its dims in a holey array (see `holey`: the plan's shardings keep one elements kind in every tier). */
const holeyDims = (s: Sharding): Sharding => ({
  dims: holey(s.dims.length, (d) => s.dims[d]!),
  unreduced: s.unreduced,
});

/** The operand plan with holey dims throughout (see `holeyDims`). */
const holeyPlan = (p: OperandPlan): OperandPlan => ({
  operands: holey(p.operands.length, (i) => holeyDims(p.operands[i]!)),
  natural: holeyDims(p.natural),
  maxOver: p.maxOver,
  ...(p.via ? { via: p.via.map((s) => (s ? holeyDims(s) : undefined)) } : {}),
  ...(p.partialGroups ? { partialGroups: p.partialGroups } : {}),
});

/** An einsum operand's batch dims (labels in both operands and the result); none for other ops. */
function batchDims(
  node: Program['values'][number]['node'],
  operand: number,
): ReadonlySet<number> | undefined {
  if (node.kind !== 'einsum') return undefined;
  const { inputs, output } = einsumLabels(node.equation);
  const mine = inputs[operand as 0 | 1];
  const theirs = inputs[1 - operand]!;
  return new Set([...mine].flatMap((l, d) => (output.includes(l) && theirs.includes(l) ? [d] : [])));
}

/** Plans every op of `program` under `shardings` (one per value, from propagateShardings). */
export function partitionProgram(
  mesh: Mesh,
  program: Program,
  shardings: readonly Sharding[],
): Result<SpmdPlan> {
  const ops: PartitionedOp[] = [];
  const collectives: PlacedCollective[] = [];
  const done = new Set<string>(); // `${value}:${sharding}` already materialised by an earlier reshard

  const reshard = (
    value: ValueId,
    from: Sharding,
    to: Sharding,
    at: ValueId,
    place: 'operand' | 'result',
    opts?: ReshardOptions,
  ) => {
    if (shardingsEqual(from, to)) return ok<ReshardStep[]>([]);
    const key = `${value}:${shardingKey(to)}`;
    if (place === 'operand' && done.has(key)) return ok<ReshardStep[]>([]);
    const v = program.values[value]!;
    const plan = planReshard(mesh, v.shape, from, to, opts);
    if (!plan.ok) return plan;
    let before = from;
    for (const step of plan.value) {
      const bytesPerDevice = stepBytesPerDevice(mesh, v.shape, before, step, DTYPE_BYTES[v.dtype]);
      const after = afterStep(before, step);
      const phase = program.values[at]!.phase;
      collectives.push({
        kind: step.kind,
        axes: step.axes,
        value,
        at,
        place,
        phase,
        from: before,
        to: after,
        bytesPerDevice,
      });
      before = after;
    }
    if (place === 'operand') done.add(key);
    return plan;
  };

  for (const v of program.values) {
    if (v.node.kind === 'input') continue;
    const target = shardings[v.id]!;
    const p = holeyPlan(planOperands(mesh, program, v, shardings, target));
    const operandIds = operandsOf(v.node);
    const operandSteps: ReshardStep[][] = [];
    for (const [i, id] of operandIds.entries()) {
      const via = p.via?.[i];
      const moved = via ? reshard(id, shardings[id]!, via, v.id, 'operand') : ok<ReshardStep[]>([]);
      if (!moved.ok) return moved;
      const from = via ?? shardings[id]!;
      const opts = shardingsEqual(from, p.operands[i]!) ? undefined : { noSwapInto: batchDims(v.node, i) };
      const steps = reshard(id, from, p.operands[i]!, v.id, 'operand', opts);
      if (!steps.ok) return steps;
      operandSteps.push([...moved.value, ...steps.value]);
    }
    if (p.maxOver.length > 0) {
      const elements = sizeOf(localShape(mesh, p.natural, v.shape));
      const n = p.maxOver.reduce((k, a) => k * (mesh.axes.find((x) => x.name === a)?.size ?? 1), 1);
      collectives.push({
        kind: 'all-reduce',
        axes: p.maxOver,
        value: v.id,
        at: v.id,
        place: 'result',
        phase: v.phase,
        from: p.natural,
        to: p.natural,
        bytesPerDevice: allReduceBytes(elements, n, DTYPE_BYTES[v.dtype]),
      });
    }
    // Partial sums over several reduced dims: all-reduced one group at a time, in XLA's order
    // (OperandPlan.partialGroups), the last one by the reshard to the propagated sharding (an all-reduce, or
    // a reduce-scatter).
    const groups = p.partialGroups ?? [];
    const combined: ReshardStep[] = [];
    let partial = p.natural;
    for (const group of groups.slice(0, -1)) {
      if (group.some((a) => target.unreduced.includes(a))) continue; // left pending in the result
      const next = { dims: partial.dims, unreduced: partial.unreduced.filter((a) => !group.includes(a)) };
      const steps = reshard(v.id, partial, next, v.id, 'result');
      if (!steps.ok) return steps;
      combined.push(...steps.value);
      partial = next;
    }
    const rest = reshard(v.id, partial, target, v.id, 'result');
    if (!rest.ok) return rest;
    const resultSteps = [...combined, ...rest.value];
    const localOperands = operandIds.map((id, i) =>
      localShape(mesh, p.operands[i]!, program.values[id]!.shape),
    );
    // A row lookup copies rows and a constraint is the identity (no FLOPs); a scatter-add adds one per
    // update element.
    const flopsPerDevice =
      v.node.kind === 'einsum'
        ? einsumFlops(unwrapEq(v.node.equation, localOperands))
        : v.node.kind === 'take' || v.node.kind === 'constraint'
          ? 0
          : v.node.kind === 'reduce' || v.node.kind === 'scatterAdd'
            ? sizeOf(localOperands[0]!)
            : sizeOf(localShape(mesh, p.natural, v.shape));
    ops.push({
      value: v.id,
      operandSteps,
      operandShardings: p.operands,
      natural: p.natural,
      maxOver: p.maxOver,
      resultSteps,
      flopsPerDevice,
    });
  }
  return ok({ mesh, program, shardings, ops, collectives });
}

function unwrapEq(equation: string, shapes: readonly (readonly number[])[]) {
  const eq = parseEinsum(equation, shapes);
  if (!eq.ok) throw new Error(`partition: ${eq.error.message}`);
  return eq.value;
}
