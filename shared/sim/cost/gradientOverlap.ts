// The data-parallel gradient reduction overlapped with the backward pass (PyTorch DDP's and Megatron-LM's
// `--overlap-grad-reduce` bucketing; the scaling book's "AllReduce of dW … off the critical path",
// docs/jax-semantics.md §2.4). What overlaps, exactly:
//   - with gradient accumulation over microbatches, only the last microbatch's backward pass on a device
//     produces final gradients; each reduction may start as soon as its gradient is final;
//   - reductions run one after another on the data-parallel link (one NCCL stream), concurrently with the
//     backward compute, and do not slow it down (no contention for SMs or HBM is modelled);
//   - whatever is still running when the device's last backward task ends is exposed: the optimizer step
//     waits for it. Nothing else overlaps: tensor-parallel collectives, pipeline sends and the optimizer's
//     own collectives (ZeRO's parameter all-gather) are on the critical path.

/** A reduction: when its gradient is final (seconds from the window's start) and how long it takes. */
export interface QueuedReduction {
  readonly readyS: number;
  readonly durationS: number;
}

/** When each of `items` runs if they run one at a time in order of readiness: start and end, in that order. */
export function reductionRuns(items: readonly QueuedReduction[]): { startS: number; endS: number }[] {
  const sorted = [...items].sort((a, b) => a.readyS - b.readyS);
  let end = 0;
  return sorted.map((r) => {
    const startS = Math.max(end, r.readyS);
    end = startS + r.durationS;
    return { startS, endS: end };
  });
}

/** When the last of `items` ends if they run one at a time in order of readiness (0 when there are none). */
export function reductionQueueEndS(items: readonly QueuedReduction[]): number {
  return reductionRuns(items).at(-1)?.endS ?? 0;
}

/**
 * Seconds the reductions run past the end of a backward window of `windowS` seconds (their ready times
 * measured from the window's start): `max(0, queue end − windowS)`.
 * @example exposedReductionS([{ readyS: 1, durationS: 0.5 }, { readyS: 2, durationS: 0.5 }], 2) // 0.5
 */
export function exposedReductionS(items: readonly QueuedReduction[], windowS: number): number {
  return Math.max(0, reductionQueueEndS(items) - windowS);
}
