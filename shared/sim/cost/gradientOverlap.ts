// The data-parallel gradient reduction overlapped with the backward pass (PyTorch DDP's and Megatron-LM's
// `--overlap-grad-reduce` bucketing; the scaling book's "AllReduce of dW … off the critical path",
// docs/jax-semantics.md §2.4). What overlaps, exactly:
//   - with gradient accumulation over microbatches, only the last microbatch's backward pass on a device
//     produces final gradients (every microbatch's under ZeRO-2/3: gradientReductions.ts); each reduction
//     may start as soon as its gradient is final;
//   - reductions run one after another on the data-parallel link (one NCCL stream), concurrently with the
//     backward compute, and do not slow it down (no contention for SMs or HBM is modelled);
//   - whatever is still running when the device's last backward task ends is exposed: the optimizer step
//     waits for it. Nothing else overlaps: tensor-parallel collectives, pipeline sends and the optimizer's
//     own collectives (ZeRO's parameter all-gather) are on the critical path;
//   - the link is one per device (a DGX A100 GPU's HCA): collectives on the critical path that cross it during
//     the window (ZeRO-3's parameter all-gathers before the recompute and the backward pass, DeepSpeed
//     stage3.py `fetch_sub_module` on its fetch stream) hold it, and a reduction (stage3.py
//     `reduce_ready_partitions_and_remove_grads` on its `reduction_stream`) moves bytes only in the link's
//     free time (`busy` below): the gathers go first, since the compute waits for them. Two streams sharing
//     one NIC split its bandwidth; giving it to the gather that the compute waits on and the rest to the
//     reduction moves the same bytes in the same total time.

/** A reduction: when its gradient is final (seconds from the window's start) and how long it takes. */
export interface QueuedReduction {
  readonly readyS: number;
  readonly durationS: number;
}

/** A span of time (seconds from the window's start). */
export interface Span {
  readonly startS: number;
  readonly endS: number;
}

/** Spans the link is held for other collectives, in start order, by index (a long reduction looks ahead). */
export interface HeldSpans {
  readonly count: number;
  startS(i: number): number;
  endS(i: number): number;
}

/** `spans` as HeldSpans: sorted by start, empty ones dropped. */
export function heldSpans(spans: readonly Span[]): HeldSpans {
  const sorted = spans.filter((b) => b.endS > b.startS).sort((a, b) => a.startS - b.startS);
  return { count: sorted.length, startS: (i) => sorted[i]!.startS, endS: (i) => sorted[i]!.endS };
}

/**
 * Runs reductions one at a time, in the order `items` hands them over (their order of readiness), on a
 * link `held` holds at times: each moves bytes only outside the held spans. Streamed, so a step of many
 * microbatches needs no list of its reductions: `items` calls `visit` once per reduction, `onPiece` hears
 * each stretch a reduction runs. Returns when the last one ends (0 when there are none).
 */
export function runReductions(
  items: (visit: (readyS: number, durationS: number) => void) => void,
  held: HeldSpans,
  onPiece?: (startS: number, endS: number) => void,
): number {
  let end = 0;
  let j = 0; // first held span that may still end after `end`
  items((readyS, durationS) => {
    let t = Math.max(end, readyS);
    let left = durationS;
    while (j < held.count && held.endS(j) <= t) j++;
    let k = j;
    while (left > 0) {
      if (k < held.count && held.startS(k) <= t) {
        t = Math.max(t, held.endS(k)); // the link is held: wait
        k++;
        continue;
      }
      const run = Math.min(k < held.count ? held.startS(k) - t : Infinity, left);
      onPiece?.(t, t + run);
      t += run;
      left -= run;
    }
    end = t;
  });
  return end;
}

/**
 * When each of `items` runs if they run one at a time in order of readiness, on a link that `busy` spans
 * (sorted or not, overlapping or not) hold for other collectives: each reduction moves bytes only outside
 * them. Per reduction, in order of readiness: its start, its end, and the pieces it runs in.
 * @example reductionRuns([{ readyS: 0, durationS: 2 }], [{ startS: 1, endS: 4 }]) // [{ startS: 0, endS: 5, … }]
 */
export function reductionRuns(
  items: readonly QueuedReduction[],
  busy: readonly Span[] = [],
): { startS: number; endS: number; pieces: Span[] }[] {
  const sorted = [...items].sort((a, b) => a.readyS - b.readyS);
  const runs: { startS: number; endS: number; pieces: Span[] }[] = [];
  let pieces: Span[] = [];
  runReductions(
    (visit) => {
      for (const r of sorted) {
        visit(r.readyS, r.durationS);
        const last = runs.at(-1)?.endS ?? 0;
        const startS = pieces[0]?.startS ?? Math.max(last, r.readyS);
        runs.push({ startS, endS: pieces.at(-1)?.endS ?? startS, pieces });
        pieces = [];
      }
    },
    heldSpans(busy),
    (startS, endS) => pieces.push({ startS, endS }),
  );
  return runs;
}

/** When the last of `items` ends if they run one at a time in order of readiness (0 when there are none). */
export function reductionQueueEndS(items: readonly QueuedReduction[], busy: readonly Span[] = []): number {
  const sorted = [...items].sort((a, b) => a.readyS - b.readyS);
  return runReductions((visit) => sorted.forEach((r) => visit(r.readyS, r.durationS)), heldSpans(busy));
}

/**
 * Seconds the reductions run past the end of a backward window of `windowS` seconds (their ready times
 * measured from the window's start): `max(0, queue end − windowS)`.
 * @example exposedReductionS([{ readyS: 1, durationS: 0.5 }, { readyS: 2, durationS: 0.5 }], 2) // 0.5
 */
export function exposedReductionS(
  items: readonly QueuedReduction[],
  windowS: number,
  busy: readonly Span[] = [],
): number {
  return Math.max(0, reductionQueueEndS(items, busy) - windowS);
}
