// ZeRO-3 as DeepSpeed ran it in 2021 (docs/pricing.md "ZeRO-3"): the transformer layers' step replayed hook
// by hook, one device's CPU thread issuing work to its compute stream and to its data-parallel link.
// The rules, read in `deepspeed/runtime/zero/stage3.py` and `partition_parameters.py` at v0.3.13 and the
// same through v0.5.0 (the ZeRO-3 of Narayanan et al. 2021, Table 2):
//   fetch      a module's pre-forward / pre-backward hook gathers its weight if it is not available (the
//              gather's `_allgather_param` first calls torch.cuda.synchronize()), and when the weight was
//              fetched or is in flight it waits for every gather in flight and then for the whole device
//              (`_synchronize_communication`: comm_stream.synchronize(), torch.cuda.synchronize()) — the
//              compute queued so far and the gradient reductions too;
//   prefetch   then, if no gather is in flight and the live gathered numel is under `stage3_max_live_parameters`,
//              it gathers the next not-available weight of the recorded trace (`prefetch_next_sub_modules`: up to
//              `stage3_prefetch_bucket_size` = 5·10⁷ elements, i.e. one weight of these models);
//   release    after its use a weight is partitioned again unless the numel used before its next use is under
//              `stage3_max_reuse_distance` (`_keep_for_later`);
//   reduce     a weight's gradient is reduced on the link once its backward has computed it; the bucket's
//              flush first waits for the previous reduction (`reduce_ipg_grads`: reduction_stream.synchronize()).
// Gathers and reductions share the link, one at a time. Weights under `stage3_param_persistence_threshold`
// (10⁵ elements: biases, layer-norm gains) stay whole and are not listed.

/** One weight of a layer, in forward order, with the module work around it. */
export interface HookWeight {
  readonly numel: number;
  /** Seconds of the all-gather that makes it whole. */
  readonly gatherS: number;
  /** Seconds of its gradient's reduction. */
  readonly reduceS: number;
  /** Forward compute from this weight's hook to the next weight's, seconds. */
  readonly forwardS: number;
  /** Backward compute of the same span, seconds. */
  readonly backwardS: number;
}

/** The configuration the rules read (DeepSpeed's `zero_optimization` keys). */
export interface HookLimits {
  /** `stage3_max_live_parameters`, elements. */
  readonly maxLiveNumel: number;
  /** `stage3_max_reuse_distance`, elements. */
  readonly maxReuseNumel: number;
}

/** DeepSpeed's defaults (`deepspeed/runtime/zero/constants.py`): 10⁹ and 10⁹. */
export const DEEPSPEED_LIMITS: HookLimits = { maxLiveNumel: 1e9, maxReuseNumel: 1e9 };

/** Wall time of the layers' forward pass and of their (recompute and) backward pass, seconds. */
export interface HookStep {
  readonly forwardS: number;
  readonly backwardS: number;
}

type Phase = 0 | 1 | 2; // forward, recompute, backward

/**
 * One microbatch through `layers` identical layers of `weights`: the forward in layer order, then per layer
 * from the last, its recompute (when `recompute`) and its backward with the weights in reverse order.
 */
export function deepspeedZero3Step(
  weights: readonly HookWeight[],
  layers: number,
  recompute: boolean,
  limits: HookLimits = DEEPSPEED_LIMITS,
): HookStep {
  const w = weights.length;
  const uses: { slot: number; weight: number; phase: Phase }[] = [];
  for (let l = 0; l < layers; l++)
    for (let i = 0; i < w; i++) uses.push({ slot: l * w + i, weight: i, phase: 0 });
  for (let l = layers - 1; l >= 0; l--) {
    if (recompute) for (let i = 0; i < w; i++) uses.push({ slot: l * w + i, weight: i, phase: 1 });
    for (let i = w - 1; i >= 0; i--) uses.push({ slot: l * w + i, weight: i, phase: 2 });
  }
  // kept[u]: the numel used strictly between use u and the next use of its slot is under the reuse limit
  const before = new Float64Array(uses.length + 1);
  uses.forEach((u, k) => (before[k + 1] = before[k]! + weights[u.weight]!.numel));
  const kept = new Uint8Array(uses.length);
  const nextUse = new Map<number, number>();
  for (let k = uses.length - 1; k >= 0; k--) {
    const j = nextUse.get(uses[k]!.slot);
    if (j !== undefined && before[j]! - before[k + 1]! < limits.maxReuseNumel) kept[k] = 1;
    nextUse.set(uses[k]!.slot, k);
  }

  const NOT_AVAILABLE = 0;
  const IN_FLIGHT = 1;
  const AVAILABLE = 2;
  const status = new Uint8Array(layers * w); // NOT_AVAILABLE
  const inFlight: number[] = [];
  let cpu = 0; // when the CPU thread issues the next call
  let computeFree = 0;
  let linkFree = 0;
  let lastReduction = 0;
  let live = 0;
  let forwardEnd = 0;
  const waitAll = () => {
    cpu = Math.max(cpu, computeFree, linkFree);
    for (const s of inFlight) status[s] = AVAILABLE;
    inFlight.length = 0;
  };
  const gather = (slot: number) => {
    waitAll(); // `_allgather_param`: torch.cuda.synchronize() before the all-gather
    linkFree = Math.max(cpu, linkFree) + weights[slot % w]!.gatherS;
    status[slot] = IN_FLIGHT;
    inFlight.push(slot);
    live += weights[slot % w]!.numel;
  };
  uses.forEach((u, k) => {
    if (u.phase !== 0 && uses[k - 1]?.phase === 0) forwardEnd = computeFree;
    const weight = weights[u.weight]!;
    if (status[u.slot] === NOT_AVAILABLE) {
      gather(u.slot);
      waitAll();
    } else if (status[u.slot] === IN_FLIGHT) waitAll();
    if (inFlight.length === 0 && live < limits.maxLiveNumel)
      for (let j = k + 1; j < uses.length; j++)
        if (status[uses[j]!.slot] === NOT_AVAILABLE) {
          gather(uses[j]!.slot);
          break;
        }
    computeFree = Math.max(cpu, computeFree) + (u.phase === 2 ? weight.backwardS : weight.forwardS);
    if (u.phase === 2) {
      cpu = Math.max(cpu, lastReduction);
      linkFree = Math.max(computeFree, linkFree, cpu) + weight.reduceS;
      lastReduction = linkFree;
    }
    if (!kept[k]) {
      status[u.slot] = NOT_AVAILABLE;
      live -= weight.numel;
    }
  });
  const end = Math.max(cpu, computeFree, linkFree);
  return { forwardS: forwardEnd, backwardS: end - forwardEnd };
}
