// Runs an auto-mode SPMD plan for real: every device holds Float32Array shards, every op runs on each
// device's local blocks, every collective moves data between the simulated devices (collectives/), and the
// bytes each one sent are recorded next to the collective the partitioner placed.
import { allReduce } from '../collectives/distCollectives.ts';
import { deviceMajor, splitDevices } from '../collectives/deviceMajor.ts';
import { distribute, type DistTensor } from '../collectives/distTensor.ts';
import type { CollectiveRecord } from '../collectives/ledger.ts';
import { applyReshard, type ReshardStep } from '../collectives/reshard.ts';
import { DTYPE_BYTES, operandsOf, type Node, type ValueId } from '../program/ir.ts';
import { evalOp } from '../program/evalOp.ts';
import { memo } from '../memo.ts';
import { unwrap } from '../result.ts';
import { einsum } from '../tensor/einsum.ts';
import { parseEinsum } from '../tensor/einsumEquation.ts';
import { blockIndex, localShape, type Sharding } from '../sharding.ts';
import { broadcastTo } from '../tensor/elementwise.ts';
import type { NdArray } from '../tensor/ndarray.ts';
import { reduce } from '../tensor/reduce.ts';
import { scatterAddRows, takeRows } from '../tensor/takeRows.ts';
import { shardingKey, type PartitionedOp, type SpmdPlan } from './partition.ts';

export interface Execution {
  /** Every value as it ended up on the devices, in its final sharding. */
  readonly values: readonly DistTensor[];
  /** The executed collectives, in the order of `plan.collectives`. */
  readonly records: readonly CollectiveRecord[];
}

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** withDeviceLabel's answers so far (a program has a handful of equations; memo.ts). */
const labelled = memo<string | undefined>(256);

/** `equation` with a fresh label (the device batch) leading every term, or undefined if none is free. */
function withDeviceLabel(equation: string): string | undefined {
  return labelled.get(equation, () => {
    const label = [...LABELS].find((l) => !equation.includes(l));
    const [inputs = '', output = ''] = equation.replace(/\s+/g, '').split('->');
    return label === undefined
      ? undefined
      : `${label}${inputs.split(',').join(`,${label}`)}->${label}${output}`;
  });
}

/**
 * A local op other than einsum (see evalOp) on device-major operands [devices, ...local]: reductions shift
 * their dims by one; `local` is one device's result shape. Returns the device-major result.
 */
function evalOnDevices(node: Node, operands: readonly NdArray[], local: readonly number[]): NdArray {
  const first = operands[0]!;
  switch (node.kind) {
    case 'reduce':
      return reduce(
        node.op,
        first,
        node.dims.map((d) => d + 1),
        node.keepDims,
      );
    case 'broadcast': {
      const devices = first.shape[0]!;
      // A rank-0 operand (the cotangent of a full reduction) is read as all-size-1 dims first.
      const a =
        first.shape.length === 1 ? { shape: [devices, ...local.map(() => 1)], data: first.data } : first;
      return broadcastTo(a, [devices, ...local]);
    }
    default:
      return evalOp(node, operands, [first.shape[0]!, ...local]);
  }
}

/**
 * Runs the op `node` on every device's local blocks of `operands` (local shapes from `localShapeOf`; the
 * result's is `local`) and returns each device's result. Every device runs the same local shapes, so the op
 * runs once on device-major arrays (deviceMajor.ts): an einsum with a device batch label, other ops with a
 * leading device dim. Each device's elements see exactly the operations they would alone.
 */
function runLocal(
  node: Node,
  operands: readonly DistTensor[],
  devices: number,
  local: readonly number[],
  localShapeOf: (t: DistTensor) => number[],
): Float32Array[] {
  const shapes = operands.map(localShapeOf);
  const equation = node.kind === 'einsum' ? withDeviceLabel(node.equation) : undefined;
  if (node.kind === 'einsum' && equation === undefined) {
    // No free label for the device batch (52 labels in use): one device at a time.
    const eq = unwrap(parseEinsum(node.equation, shapes));
    return Array.from({ length: devices }, (_, d) =>
      Float32Array.from(
        einsum(
          eq,
          operands.map((t, i) => ({ shape: shapes[i]!, data: t.shards[d]! })),
        ).data,
      ),
    );
  }
  const batched = operands.map((t, i) => deviceMajor(t, shapes[i]!));
  const result =
    equation === undefined
      ? evalOnDevices(node, batched, local)
      : einsum(
          unwrap(
            parseEinsum(
              equation,
              batched.map((b) => b.shape),
            ),
          ),
          batched,
        );
  const data = result.data instanceof Float32Array ? result.data : Float32Array.from(result.data);
  return splitDevices(data, devices);
}

/**
 * A row lookup (`take`) or its transpose (`scatterAdd`) on every device: the table's rows [V, D] are split by
 * `rows` (the table operand's sharding, or the result's for a scatter-add); a device reads or writes only the
 * rows it holds (ids are global) and fills 0 elsewhere, so that a sharded row dimension leaves partial rows
 * that the partitioner's reduction sums (Megatron's VocabParallelEmbedding; XLA's partitioned gather).
 */
function runRows(
  mesh: SpmdPlan['mesh'],
  node: Extract<Node, { kind: 'take' | 'scatterAdd' }>,
  operands: readonly DistTensor[],
  rows: Sharding,
  local: readonly number[],
  localShapeOf: (t: DistTensor) => number[],
): Float32Array[] {
  const [a, ids] = operands as [DistTensor, DistTensor];
  const [aShape, idsShape] = [localShapeOf(a), localShapeOf(ids)];
  return Array.from({ length: mesh.deviceCount }, (_, d) => {
    const held = node.kind === 'take' ? aShape[0]! : local[0]!;
    const offset = blockIndex(mesh, rows, d)[0]! * held;
    const [x, i] = [
      { shape: aShape, data: a.shards[d]! },
      { shape: idsShape, data: ids.shards[d]! },
    ];
    const out = node.kind === 'take' ? takeRows(x, i, offset, 0) : scatterAddRows(x, i, held, offset);
    return out.data as Float32Array;
  });
}

/** Executes `plan` on `inputs` (global arrays by input name; they are split onto the devices first). */
export function executePlan(plan: SpmdPlan, inputs: ReadonlyMap<string, NdArray>): Execution {
  const { mesh, program } = plan;
  const values: DistTensor[] = [];
  const records: CollectiveRecord[] = [];
  // Operands resharded for an earlier op, by value id then target sharding (the partitioner plans no
  // steps for an operand it already resharded the same way).
  const resharded = new Map<ValueId, Map<string, DistTensor>>();
  const run = (t: DistTensor, steps: readonly ReshardStep[], bytesPerElement: number) => {
    const r = applyReshard(mesh, t, steps, bytesPerElement);
    records.push(...r.records);
    return r.tensor;
  };
  const operand = (op: PartitionedOp, id: ValueId, i: number): DistTensor => {
    const steps = op.operandSteps[i]!;
    const cached = resharded.get(id);
    if (steps.length === 0 && cached === undefined) return values[id]!;
    const key = shardingKey(op.operandShardings[i]!);
    if (steps.length > 0) {
      const byTarget = cached ?? new Map<string, DistTensor>();
      resharded.set(id, byTarget);
      byTarget.set(key, run(values[id]!, steps, DTYPE_BYTES[program.values[id]!.dtype]));
    }
    return resharded.get(id)!.get(key) ?? values[id]!;
  };

  let opIndex = 0;
  for (const v of program.values) {
    if (v.node.kind === 'input') {
      const global = inputs.get(v.name);
      if (!global) throw new Error(`executePlan: missing input '${v.name}'`);
      values.push(distribute(mesh, global, plan.shardings[v.id]!));
      continue;
    }
    const op = plan.ops[opIndex++]!;
    const operands = operandsOf(v.node).map((id: ValueId, i) => operand(op, id, i));
    const shape = localShape(mesh, op.natural, v.shape);
    const localOf = (t: DistTensor) => localShape(mesh, t.sharding, t.shape);
    const shards =
      v.node.kind === 'take' || v.node.kind === 'scatterAdd'
        ? runRows(
            mesh,
            v.node,
            operands,
            v.node.kind === 'take' ? operands[0]!.sharding : op.natural,
            shape,
            localOf,
          )
        : runLocal(v.node, operands, mesh.deviceCount, shape, localOf);
    let result: DistTensor = { shape: v.shape, sharding: op.natural, shards };
    if (op.maxOver.length > 0) {
      const r = allReduce(mesh, result, op.maxOver, 'max', DTYPE_BYTES[v.dtype]);
      records.push(r.record);
      result = r.tensor;
    }
    values.push(run(result, op.resultSteps, DTYPE_BYTES[v.dtype]));
  }
  return { values, records };
}
