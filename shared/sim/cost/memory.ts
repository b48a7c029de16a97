// Memory per device from a plan's shardings (docs/cost-model.md §2). Model states follow ZeRO's accounting for
// mixed-precision Adam (Rajbhandari et al. 2020 §3.1): 16-bit parameters (2 B) and gradients (2 B), and an
// optimizer state of K = 12 B per parameter (fp32 master copy, momentum, variance); in fp32 training 4 + 4
// and K = 8 (momentum, variance). Each is counted on the shard one device holds: the parameter's sharding,
// its gradient's, its Adam moment's — so ZeRO's stages (optimizer state, gradients, parameters sharded over
// the data axis) follow from the specs alone. Activations are the values the backward pass reads that the
// forward pass made (for a generic program; the Megatron layer declares Korthikanti's list itself), and the
// temporaries the largest working set of one op.
import { DTYPE_BYTES, operandsOf, type ValueId } from '../program/ir.ts';
import { shardingKey, type SpmdPlan } from '../spmd/partition.ts';
import { localShape } from '../sharding.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { isShapeOnly, localBytes } from './fusion.ts';

/** How a model trains: 16-bit weights with fp32 master copies and moments, or plain fp32. */
export type TrainingPrecision = 'bf16-mixed' | 'fp16-mixed' | 'fp32';
/** Every training precision, for input validation. */
export const TRAINING_PRECISIONS: readonly TrainingPrecision[] = ['bf16-mixed', 'fp16-mixed', 'fp32'];

/** Bytes per parameter of each model state (ZeRO §3.1). */
export function stateBytesPerParam(precision: TrainingPrecision): {
  params: number;
  grads: number;
  optimizer: number;
} {
  return precision === 'fp32'
    ? { params: 4, grads: 4, optimizer: 8 }
    : { params: 2, grads: 2, optimizer: 12 };
}

/** Bytes per element of a mixed-precision master copy (fp32). */
export const MASTER_COPY_BYTES = 4;

/** Model-state bytes one device holds, and the parameter counts behind them. */
export interface ModelStateBytes {
  readonly params: number;
  readonly grads: number;
  readonly optimizer: number;
  /** Parameter elements one device holds (before any ZeRO-3 gather). */
  readonly localParams: number;
  /** Parameter elements of the whole model the program describes. */
  readonly globalParams: number;
}

/** One device's memory, bytes, by kind. */
export interface MemoryBreakdown {
  readonly params: number;
  readonly grads: number;
  readonly optimizer: number;
  readonly activations: number;
  readonly temporaries: number;
  readonly total: number;
}

const localElements = (plan: SpmdPlan, id: ValueId) =>
  sizeOf(localShape(plan.mesh, plan.shardings[id]!, plan.program.values[id]!.shape));

/**
 * Model-state bytes on one device: per parameter input (not in `skip`), its shard × parameter bytes, its
 * gradient's shard × gradient bytes, and its optimizer state: when the program has Adam moments
 * `m/<name>`, the moment's shard × optimizer bytes (master + moments share the moment's sharding, as ZeRO
 * partitions them together); else, for a mixed-precision rule without moments (SGD), the fp32 master copy
 * `master/<name>` on its own shard (4 B per element: ZeRO's K = 4).
 */
export function modelStateBytes(
  plan: SpmdPlan,
  precision: TrainingPrecision,
  skip: ReadonlySet<ValueId> = new Set(),
): ModelStateBytes {
  const per = stateBytesPerParam(precision);
  const values = plan.program.values;
  const byName = new Map(values.map((v) => [v.name, v.id]));
  const gradOf = new Map<ValueId, ValueId>();
  for (const v of values) if (v.gradOf !== undefined && !gradOf.has(v.gradOf)) gradOf.set(v.gradOf, v.id);
  let params = 0;
  let grads = 0;
  let optimizer = 0;
  let localParams = 0;
  let globalParams = 0;
  for (const v of values) {
    if (v.node.kind !== 'input' || v.node.role !== 'param' || skip.has(v.id)) continue;
    const local = localElements(plan, v.id);
    localParams += local;
    globalParams += sizeOf(v.shape);
    params += local * per.params;
    const g = gradOf.get(v.id);
    grads += (g === undefined ? local : localElements(plan, g)) * per.grads;
    const m = byName.get(`m/${v.name}`);
    const master = byName.get(`master/${v.name}`);
    if (m !== undefined) optimizer += localElements(plan, m) * per.optimizer;
    else if (master !== undefined) optimizer += localElements(plan, master) * MASTER_COPY_BYTES;
  }
  return { params, grads, optimizer, localParams, globalParams };
}

/**
 * The forward values (and data inputs) some backward op reads: what a program without rematerialisation
 * keeps from the forward pass to the backward pass. Parameters and `skip` values are left out, and so are
 * reads for the shape only (`x·0`, how the IR makes a constant like x).
 */
export function savedForBackward(plan: SpmdPlan, skip: ReadonlySet<ValueId> = new Set()): ValueId[] {
  const values = plan.program.values;
  const saved = new Set<ValueId>();
  for (const v of values) {
    if (v.phase !== 'backward' || skip.has(v.id) || isShapeOnly(v.node)) continue;
    for (const o of operandsOf(v.node)) {
      const src = values[o]!;
      if (src.phase !== 'forward' || skip.has(o)) continue;
      if (src.node.kind === 'input' && src.node.role !== 'data') continue;
      saved.add(o);
    }
  }
  return [...saved].sort((a, b) => a - b);
}

/** Bytes one device holds of the given values under the plan's shardings. */
export function valuesBytes(plan: SpmdPlan, ids: readonly ValueId[]): number {
  return ids.reduce((s, id) => s + localBytes(plan, id), 0);
}

/**
 * Values another row of the memory report already holds: parameters (updated in place), their gradients and
 * optimizer moments, and the activations `saved` for the backward pass.
 */
export function residentValues(plan: SpmdPlan, saved: readonly ValueId[]): Set<ValueId> {
  const resident = new Set<ValueId>(saved);
  for (const v of plan.program.values)
    if ((v.node.kind === 'input' && v.node.role !== 'data') || v.gradOf !== undefined || v.phase === 'update')
      resident.add(v.id);
  return resident;
}

/** What peakTransientBytes leaves out, and the parameters it counts whole where they are used. */
export interface TransientOptions {
  /** Values of ops not run (a harness around the program): their ops are not counted. */
  readonly skip?: ReadonlySet<ValueId>;
  /**
   * Resident parameters gathered whole before each forward and backward use (ZeRO-3's flat partitions,
   * flatZero.ts): an op that reads one holds the gathered buffer, its local bytes, while it runs.
   */
  readonly gathered?: ReadonlySet<ValueId>;
}

/**
 * The largest transient working set of one op on one device: the buffers that live only while it runs —
 * operands resharded (gathered) into a new layout, plus operands and the result that no other row keeps.
 * Values in `resident` (residentValues: parameters, gradients, optimizer state, activations saved for the
 * backward pass) are counted in their own rows and not again here. Bytes in each value's dtype.
 */
export function peakTransientBytes(
  plan: SpmdPlan,
  resident: ReadonlySet<ValueId>,
  options: TransientOptions = {},
): number {
  const values = plan.program.values;
  const skip = options.skip ?? new Set<ValueId>();
  const gathered = options.gathered ?? new Set<ValueId>();
  let peak = 0;
  for (const op of plan.ops) {
    if (skip.has(op.value)) continue;
    const v = values[op.value]!;
    const dtypeBytes = (id: ValueId) => DTYPE_BYTES[values[id]!.dtype];
    let bytes = resident.has(op.value)
      ? 0
      : sizeOf(localShape(plan.mesh, op.natural, v.shape)) * dtypeBytes(op.value);
    operandsOf(v.node).forEach((o, i) => {
      const used = op.operandShardings[i];
      if (used && shardingKey(used) !== shardingKey(plan.shardings[o]!))
        bytes += sizeOf(localShape(plan.mesh, used, values[o]!.shape)) * dtypeBytes(o);
      else if (!resident.has(o) || (gathered.has(o) && v.phase !== 'update')) bytes += localBytes(plan, o);
    });
    peak = Math.max(peak, bytes);
  }
  return peak;
}

/** Sum of the parts. */
export function memoryBreakdown(parts: Omit<MemoryBreakdown, 'total'>): MemoryBreakdown {
  const { params, grads, optimizer, activations, temporaries } = parts;
  return { ...parts, total: params + grads + optimizer + activations + temporaries };
}

/** The verdict of the capacity check. */
export interface CapacityCheck {
  readonly fits: boolean;
  /** The device with the largest total. */
  readonly worstDevice: number;
  readonly worstBytes: number;
  /** Bytes over capacity on the worst device (0 when it fits). */
  readonly overflowBytes: number;
}

/** The hard capacity check over devices' totals (`totals[i]` belongs to device `ids[i]`). */
export function capacityCheck(
  totals: readonly number[],
  ids: readonly number[],
  capacityBytes: number,
): CapacityCheck {
  if (totals.length === 0 || totals.length !== ids.length)
    throw new Error('capacityCheck: one total per device id is required');
  let worst = 0;
  totals.forEach((t, i) => {
    if (t > totals[worst]!) worst = i;
  });
  const worstBytes = totals[worst]!;
  const overflowBytes = Math.max(0, worstBytes - capacityBytes);
  return { fits: overflowBytes === 0, worstDevice: ids[worst]!, worstBytes, overflowBytes };
}
