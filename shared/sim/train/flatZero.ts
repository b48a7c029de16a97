// ZeRO for parameters no dimension of which splits evenly over the data-parallel ranks, done as DeepSpeed
// does it: DeepSpeed never shards a parameter along one of its dimensions; it flattens it (stage 3: each
// parameter, `partition_parameters.py`; stages 1–2: the whole parameter group, `stage_1_and_2.py`) and
// pads the flat buffer so that every rank holds ⌈n/dp⌉ elements. Mesh Kitchen's specs keep shards even, so
// such a parameter (MT-NLG's biases and layer-norm gains over 12 ranks; every weight of the 530B model
// over 1,120 ranks) stays replicated over `data` in the plan, and this file adds what DeepSpeed's padded
// flat partition changes, per parameter of n elements (the device's tensor-parallel shard), b bytes each:
//   states     stage ≥ 1 optimizer, ≥ 2 gradients, 3 parameters: ⌈n/dp⌉ instead of n elements;
//   stage 3    all-gather of the n·b bytes over `data` before the forward use, again before the backward
//              (and before the recompute, which reruns the forward); gradients reduce-scattered, not
//              all-reduced (Rajbhandari et al. 2020 §7: 3Ψ per step);
//   stage 2    gradients reduce-scattered;
//   stage 1–2  the optimizer step runs on the 1/dp partition and the updated 16-bit parameters are
//              all-gathered over `data` (the plan's own update gathers do the same for spec-sharded ones).
import { collectiveTimeOnAxesS } from '../cost/collectiveTime.ts';
import { stateBytesPerParam, type ModelStateBytes, type TrainingPrecision } from '../cost/memory.ts';
import type { PlanPrice, PricingContext } from '../cost/pricePlan.ts';
import { DTYPE_BYTES, type ValueId } from '../program/ir.ts';
import { localShape } from '../sharding.ts';
import type { SpmdPlan } from '../spmd/partition.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { DATA_AXIS } from './trainAxes.ts';

/** What the padded flat partitions change in a block's price. */
export interface FlatZeroCost {
  /** Bytes all-gathered over `data` before the forward use (stage 3), and again before the backward. */
  readonly gatherBytes: number;
  /** Gradient collectives (by value) whose time becomes a reduce-scatter's. */
  readonly gradientS: ReadonlyMap<ValueId, number>;
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
    gradientS: new Map<ValueId, number>(),
    updateCommS: 0,
    updateComputeSavedS: 0,
    state,
  };
  if (dp === 1 || zeroStage === 0 || names.length === 0) return none;
  const per = stateBytesPerParam(precision);
  const values = plan.program.values;
  const byName = new Map(values.map((v) => [v.name, v]));
  const gather = (bytes: number) => collectiveTimeOnAxesS('all-gather', ctx.links, [DATA_AXIS], bytes);
  let gatherBytes = 0;
  let updateCommS = 0;
  let params = state.params;
  let grads = state.grads;
  let optimizer = state.optimizer;
  let flatElements = 0;
  const gradientS = new Map<ValueId, number>();
  for (const name of names) {
    const v = byName.get(name);
    if (v === undefined) continue;
    const n = sizeOf(localShape(plan.mesh, plan.shardings[v.id]!, v.shape));
    const saved = n - Math.ceil(n / dp);
    const bytes = n * DTYPE_BYTES[v.dtype];
    flatElements += n;
    optimizer -= saved * per.optimizer;
    if (zeroStage >= 2) grads -= saved * per.grads;
    if (zeroStage >= 3) {
      params -= saved * per.params;
      gatherBytes += bytes;
    } else updateCommS += gather(bytes);
    if (zeroStage >= 2)
      for (const c of price.collectives)
        if (c.role === 'gradient' && values[c.value]!.name === `grad/${name}`)
          gradientS.set(c.value, collectiveTimeOnAxesS('reduce-scatter', ctx.links, c.axes, c.groupBytes));
  }
  const updateS = price.ops.filter((o) => o.phase === 'update').reduce((s, o) => s + o.timeS, 0);
  const share = state.localParams > 0 ? flatElements / state.localParams : 0;
  return {
    gatherBytes,
    gradientS,
    updateCommS,
    updateComputeSavedS: updateS * share * (1 - 1 / dp),
    state: { ...state, params, grads, optimizer },
  };
}
