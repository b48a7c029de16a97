// Runs an auto-mode SPMD plan for real: every device holds Float32Array shards, every op runs on each
// device's local blocks, every collective moves data between the simulated devices (collectives/), and the
// bytes each one sent are recorded next to the collective the partitioner placed.
import { allReduce } from '../collectives/distCollectives.ts';
import { distribute, localView, type DistTensor } from '../collectives/distTensor.ts';
import type { CollectiveRecord } from '../collectives/ledger.ts';
import { applyReshard, type ReshardStep } from '../collectives/reshard.ts';
import { DTYPE_BYTES, operandsOf, type ValueId } from '../program/ir.ts';
import { evalOp } from '../program/evalOp.ts';
import { unwrap } from '../result.ts';
import { einsum } from '../tensor/einsum.ts';
import { parseEinsum } from '../tensor/einsumEquation.ts';
import { localShape, type Sharding } from '../sharding.ts';
import type { NdArray } from '../tensor/ndarray.ts';
import { shardingKey, type SpmdPlan } from './partition.ts';

export interface Execution {
  /** Every value as it ended up on the devices, in its final sharding. */
  readonly values: readonly DistTensor[];
  /** The executed collectives, in the order of `plan.collectives`. */
  readonly records: readonly CollectiveRecord[];
}

/** Executes `plan` on `inputs` (global arrays by input name; they are split onto the devices first). */
export function executePlan(plan: SpmdPlan, inputs: ReadonlyMap<string, NdArray>): Execution {
  const { mesh, program } = plan;
  const values: DistTensor[] = [];
  const records: CollectiveRecord[] = [];
  const resharded = new Map<string, DistTensor>();
  const run = (t: DistTensor, steps: readonly ReshardStep[], bytesPerElement: number) => {
    const r = applyReshard(mesh, t, steps, bytesPerElement);
    records.push(...r.records);
    return r.tensor;
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
    const operands = operandsOf(v.node).map((id: ValueId, i) => {
      const target: Sharding = op.operandShardings[i]!;
      const key = `${id}:${shardingKey(target)}`;
      const steps = op.operandSteps[i]!;
      if (steps.length > 0)
        resharded.set(key, run(values[id]!, steps, DTYPE_BYTES[program.values[id]!.dtype]));
      return resharded.get(key) ?? values[id]!;
    });
    const shape = localShape(mesh, op.natural, v.shape);
    // Every device runs the same local shapes: parse an einsum once per op, not once per device.
    const node = v.node;
    const eq =
      node.kind === 'einsum'
        ? unwrap(
            parseEinsum(
              node.equation,
              operands.map((t) => localShape(mesh, t.sharding, t.shape)),
            ),
          )
        : undefined;
    const shards = Array.from({ length: mesh.deviceCount }, (_, d) => {
      const views = operands.map((t) => localView(mesh, t, d));
      const local = eq ? einsum(eq, views) : evalOp(node, views, shape);
      return local.data instanceof Float32Array ? local.data : Float32Array.from(local.data);
    });
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
