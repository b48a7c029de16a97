// ZeRO for parameters no dimension of which splits evenly over the data-parallel ranks, done as DeepSpeed
// does it: DeepSpeed never shards a parameter along one of its dimensions; it flattens it (stage 3: each
// parameter, `partition_parameters.py`; stages 1–2: the whole parameter group, `stage_1_and_2.py`) and
// pads the flat buffer so that every rank holds ⌈n/dp⌉ elements. Mesh Kitchen's specs keep shards even, so
// such a parameter (MT-NLG's biases and layer-norm gains over 12 ranks; every weight of the 530B model
// over 1,120 ranks) stays replicated over `data` in the plan, and this file adds what DeepSpeed's padded
// flat partition changes, per parameter of n elements (the device's tensor-parallel shard), b bytes each:
//   states     stage ≥ 1 optimizer, ≥ 2 gradients, 3 parameters: ⌈n/dp⌉ instead of n elements (stage 3
//              pads each parameter to a multiple of dp, `_padding_size`; stages 1–2 pad the whole group
//              once, to a multiple of 2·dp, `flatten_dense_tensors_aligned`, i.e. at most a few elements less
//              per rank than this per-parameter padding: bytes, not priced apart);
//   collectives over the padded buffer, S = dp·⌈n/dp⌉·b, on the link `data` crosses (InfiniBand when the
//              data-parallel group spans nodes);
//   stage 3    all-gather of the S bytes over `data` before the forward use, again before the backward
//              (and before the recompute, which reruns the forward); gradients reduce-scattered, not
//              all-reduced (Rajbhandari et al. 2020 §7: 3Ψ per step);
//   stage 1–2  gradients reduce-scattered: each rank needs only its partition's sum (DeepSpeed's
//              `average_tensor` reduces each rank's slice to it, `reduce_scatter` on by default; stage 1 keeps
//              the whole gradient buffer, stage 2 frees what it does not own); the optimizer step runs on
//              the 1/dp partition and the updated 16-bit parameters are all-gathered over `data` (the plan's
//              own update gathers do the same for spec-sharded ones): 2Ψ a step, as plain data parallelism
//              (Rajbhandari et al. 2020 §7.2.1).
import { collectiveTimeOnAxesS } from '../cost/collectiveTime.ts';
import { stateBytesPerParam, type ModelStateBytes, type TrainingPrecision } from '../cost/memory.ts';
import type { PlanPrice, PricedCollective, PricingContext } from '../cost/pricePlan.ts';
import { DTYPE_BYTES, type ValueId } from '../program/ir.ts';
import { localShape } from '../sharding.ts';
import type { SpmdPlan } from '../spmd/partition.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { DATA_AXIS } from './trainAxes.ts';

/** Elements one of `dp` ranks holds of a parameter of `n` flattened and padded to a multiple of dp. */
export const flatPartition = (n: number, dp: number): number => Math.ceil(n / dp);

/** What the padded flat partitions change in a block's price. */
export interface FlatZeroCost {
  /** Bytes all-gathered over `data` before the forward use (stage 3), and again before the backward. */
  readonly gatherBytes: number;
  /** The gathers, as the report lists them (stage 3: forward and backward; stages 1–2: after the step). */
  readonly collectives: readonly PricedCollective[];
  /** Gradient collectives (by value) that become a reduce-scatter of the padded buffer (stage ≥ 1): S, time. */
  readonly gradients: ReadonlyMap<ValueId, { readonly groupBytes: number; readonly timeS: number }>;
  /** Seconds added to the optimizer step's communication; factor on its compute for those parameters. */
  readonly updateCommS: number;
  /** Update compute seconds saved (the step runs on ⌈n/dp⌉ of n). */
  readonly updateComputeSavedS: number;
  readonly state: ModelStateBytes;
}

/**
 * The flat-partition cost of `names` (parameters left replicated over `data` by the specs) in a priced
 * block; `state` is the block's model states with theirs corrected.
 */
export function flatZeroCost(
  plan: SpmdPlan,
  price: PlanPrice,
  ctx: PricingContext,
  names: readonly string[],
  zeroStage: 0 | 1 | 2 | 3,
  precision: TrainingPrecision,
  state: ModelStateBytes,
): FlatZeroCost {
  const dp = plan.mesh.axes.find((a) => a.name === DATA_AXIS)?.size ?? 1;
  const none = {
    gatherBytes: 0,
    collectives: [],
    gradients: new Map<ValueId, { groupBytes: number; timeS: number }>(),
    updateCommS: 0,
    updateComputeSavedS: 0,
    state,
  };
  if (dp === 1 || zeroStage === 0 || names.length === 0) return none;
  const per = stateBytesPerParam(precision);
  const values = plan.program.values;
  const byName = new Map(values.map((v) => [v.name, v]));
  const gather = (bytes: number) => collectiveTimeOnAxesS('all-gather', ctx.links, [DATA_AXIS], bytes);
  const link = ctx.links.find((l) => l.axis === DATA_AXIS)?.link === 'inter' ? 'inter' : 'intra';
  const collectives: PricedCollective[] = [];
  const listGather = (value: ValueId, phase: 'forward' | 'backward' | 'update', groupBytes: number) =>
    collectives.push({
      kind: 'all-gather',
      axes: [DATA_AXIS],
      value,
      at: value,
      place: 'operand',
      phase,
      role: phase === 'update' ? 'update' : 'parameter',
      bytesPerDevice: (groupBytes * (dp - 1)) / dp,
      groupBytes,
      link,
      timeS: gather(groupBytes),
      regather: phase === 'backward',
    });
  let gatherBytes = 0;
  let updateCommS = 0;
  let params = state.params;
  let grads = state.grads;
  let optimizer = state.optimizer;
  let flatElements = 0;
  const gradients = new Map<ValueId, { groupBytes: number; timeS: number }>();
  for (const name of names) {
    const v = byName.get(name);
    if (v === undefined) continue;
    const n = sizeOf(localShape(plan.mesh, plan.shardings[v.id]!, v.shape));
    const saved = n - flatPartition(n, dp);
    const padded = dp * flatPartition(n, dp);
    const bytes = padded * DTYPE_BYTES[v.dtype];
    flatElements += n;
    optimizer -= saved * per.optimizer;
    if (zeroStage >= 2) grads -= saved * per.grads;
    if (zeroStage >= 3) {
      params -= saved * per.params;
      gatherBytes += bytes;
      listGather(v.id, 'forward', bytes);
      listGather(v.id, 'backward', bytes);
    } else {
      updateCommS += gather(bytes);
      listGather(v.id, 'update', bytes);
    }
    if (zeroStage >= 1)
      for (const c of price.collectives)
        if (c.role === 'gradient' && values[c.value]!.name === `grad/${name}`)
          gradients.set(c.value, {
            groupBytes: (c.groupBytes * padded) / n,
            timeS: collectiveTimeOnAxesS('reduce-scatter', ctx.links, c.axes, (c.groupBytes * padded) / n),
          });
  }
  const updateS = price.ops.filter((o) => o.phase === 'update').reduce((s, o) => s + o.timeS, 0);
  const share = state.localParams > 0 ? flatElements / state.localParams : 0;
  return {
    gatherBytes,
    collectives,
    gradients,
    updateCommS,
    updateComputeSavedS: updateS * share * (1 - 1 / dp),
    state: { ...state, params, grads, optimizer },
  };
}
