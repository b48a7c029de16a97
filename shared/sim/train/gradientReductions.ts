// Each pipeline device's data-parallel gradient reductions placed in time, for gradientOverlap.ts to run on
// the data link (simulateTrain.ts prices what is exposed; the trace draws them). When a gradient is final:
//   once a step        (ZeRO 0–1, or one microbatch): each rank accumulates whole gradients over the step's
//                      microbatches (ZeRO-1 needs only its partition of the sum, but only at the step's end),
//                      so only each chunk's last backward task (the last microbatch's) makes final gradients;
//   every microbatch   (ZeRO-2/3 over m > 1 microbatches): each rank keeps only its partition of the gradients,
//                      so every microbatch's gradients are reduce-scattered as its backward makes them and added
//                      into the partition — DeepSpeed stage 2 and 3 reduce on every backward
//                      (`stage_1_and_2.py` / `stage3.py` `reduce_ipg_grads`; stage 1 only at the accumulation
//                      boundary), FSDP outside `no_sync`, and XLA's sum into a sharded accumulator. Placed at the
//                      device's own backward tasks on the timeline, m·v of them, with the forward tasks' ZeRO-3
//                      gathers holding the link too. The compute never waits for the link: DeepSpeed's bucket
//                      flush does wait for the previous reduction, which moves a link-bound wait from the
//                      queue's tail into the backward, to the same step end.
// Each backward task's reductions are placed where the timeline runs it (its recompute first). A device's
// reductions are streamed to the link from its placed tasks (m·v backward tasks, and as many forward ones
// under ZeRO-3), not listed one object each: 65,536 microbatches of a 24-layer model queue millions.
// Within a backward task (recompute then backward per layer, as Megatron's checkpointed layers run): the
// output layer first, the layers from the last, the embedding last (its gradient is final after it).
// Without overlap (`overlapGradReduce` false: Megatron-LM's `--DDP-impl local`, DeepSpeed's pipeline engine)
// the step's reductions start when the device's pipeline work has ended, a microbatch's when its backward has.
import { runReductions, type HeldSpans, type QueuedReduction, type Span } from '../cost/gradientOverlap.ts';
import type { PipelineTimeline } from '../cost/pipelineSimulation.ts';
import { taskS, type TaskCost } from './blockCost.ts';

/** What one model stage's task puts on the data link, seconds from the task's start. */
export interface TaskLinkProfile {
  /** Gradient reductions the task makes final, by readiness (none for a forward task; none that take no time). */
  readonly items: readonly QueuedReduction[];
  /** Seconds of those reductions. */
  readonly reduceS: number;
  /** Spans the task's own collectives hold the link (ZeRO-3's parameter gathers, before each compute), by start. */
  readonly busy: readonly Span[];
  /** Seconds of the task as profiled. */
  readonly lengthS: number;
}

/** A model stage's forward task and its recompute-and-backward task on the data link. */
export interface StageLinkProfile {
  readonly forward: TaskLinkProfile;
  readonly backward: TaskLinkProfile;
}

/** A task of a device placed on the step's timeline. */
export interface PlacedTask {
  readonly profile: TaskLinkProfile;
  /** When it begins (a backward task with its recompute), seconds. */
  readonly atS: number;
  /** Whether the gradients it makes are final here and reduced. */
  readonly reduces: boolean;
  /** When its reductions may start, if not each as its gradient is final (without overlap), seconds. */
  readonly readyAtS?: number;
}

/** A device's tasks that hold the data link or reduce gradients, in time order. */
export interface DeviceReductions {
  readonly tasks: readonly PlacedTask[];
  /** Seconds from the step's start to the device's last task's end: what a reduction may hide behind. */
  readonly windowS: number;
}

/** The blocks of a model stage, as they sit on the link (simulateTrain.ts builds them). */
export interface StageBlocks {
  readonly layers: number;
  readonly layer: {
    readonly forward: TaskCost;
    readonly recompute: TaskCost;
    readonly backward: TaskCost;
    /** The layer's gradients (none under DeepSpeed's ZeRO-3 hooks, which price their own). */
    readonly gradients: readonly QueuedReduction[];
  };
  /** Stage 0's embedding and the reduction of its gradient, seconds. */
  readonly embedding?: { readonly forward: TaskCost; readonly backward: TaskCost; readonly reduceS: number };
  /** The last stage's output layer. */
  readonly output?: {
    readonly forward: TaskCost;
    readonly backward: TaskCost;
    readonly gradients: readonly QueuedReduction[];
  };
}

/** Whether every microbatch's gradients are reduced (ZeRO-2/3 over several microbatches), not the step's. */
export const reducesEveryMicrobatch = (zeroStage: number, microbatches: number): boolean =>
  zeroStage >= 2 && microbatches > 1;

/**
 * When a gradient is final, seconds into its backward task, at the latest when the task ends: its ready time
 * (pricePlan.ts `gradientReadyS`) walks every backward collective whole, but the task hides Megatron's
 * asynchronous ones behind GEMMs (blockCost.ts), so it can end first.
 */
const within = (g: QueuedReduction, task: TaskCost): number => Math.min(g.readyS, taskS(task));

/** One model stage's tasks on the data link. */
export function stageLinkProfile(s: StageBlocks): StageLinkProfile {
  const hold = (busy: Span[], at: number, t: TaskCost) => {
    if (t.dataS > 0) busy.push({ startS: at, endS: at + t.dataS });
  };
  const fBusy: Span[] = [];
  let f = 0;
  if (s.embedding) {
    hold(fBusy, f, s.embedding.forward);
    f += taskS(s.embedding.forward);
  }
  for (let l = 0; l < s.layers; l++) {
    hold(fBusy, f, s.layer.forward);
    f += taskS(s.layer.forward);
  }
  if (s.output) {
    hold(fBusy, f, s.output.forward);
    f += taskS(s.output.forward);
  }
  const items: QueuedReduction[] = [];
  const bBusy: Span[] = [];
  let b = 0;
  if (s.output) {
    hold(bBusy, b, s.output.backward);
    for (const g of s.output.gradients)
      if (g.durationS > 0) items.push({ readyS: b + within(g, s.output.backward), durationS: g.durationS });
    b += taskS(s.output.backward);
  }
  for (let l = 0; l < s.layers; l++) {
    const start = b + taskS(s.layer.recompute);
    hold(bBusy, b, s.layer.recompute);
    hold(bBusy, start, s.layer.backward);
    for (const g of s.layer.gradients)
      if (g.durationS > 0)
        items.push({ readyS: start + within(g, s.layer.backward), durationS: g.durationS });
    b = start + taskS(s.layer.backward);
  }
  if (s.embedding) {
    hold(bBusy, b, s.embedding.backward);
    b += taskS(s.embedding.backward);
    if (s.embedding.reduceS > 0) items.push({ readyS: b, durationS: s.embedding.reduceS });
  }
  items.sort((x, y) => x.readyS - y.readyS);
  return {
    forward: { items: [], reduceS: 0, busy: fBusy, lengthS: f },
    backward: { items, reduceS: items.reduce((t, r) => t + r.durationS, 0), busy: bBusy, lengthS: b },
  };
}

/**
 * Device d's reductions of a step (d of p devices, model stage k = chunk·p + d of `stages`), each placed at
 * the backward task that makes its gradient final, where the timeline runs it (its recompute first).
 */
export function deviceReductions(
  timeline: PipelineTimeline,
  d: number,
  stages: readonly StageLinkProfile[],
  opts: { readonly everyMicrobatch: boolean; readonly overlap: boolean },
): DeviceReductions {
  const p = timeline.endS.length;
  const v = stages.length / p;
  const windowS = timeline.endS[d]!;
  // Without overlap, once a step, the reductions wait for the device's pipeline work, its last send included
  // (Megatron-LM's `--DDP-impl local` all-reduces after `forward_backward_func` returns); a microbatch's
  // wait for its backward task.
  const place = (profile: TaskLinkProfile, atS: number, reduces: boolean): PlacedTask =>
    !reduces || opts.overlap
      ? { profile, atS, reduces }
      : { profile, atS, reduces, readyAtS: opts.everyMicrobatch ? atS + profile.lengthS : windowS };
  const holds = stages.some((s) => s.forward.busy.length > 0 || s.backward.busy.length > 0);
  // Once a step, a chunk's gradients are final after its last backward task: the step's last microbatch.
  // Nothing else to place when no task holds the link (this runs on every preview: no pass over the events).
  if (!holds && !opts.everyMicrobatch) {
    const tasks = Array.from({ length: v }, (_, c) =>
      place(stages[c * p + d]!.backward, timeline.finalBackwardS[c * p + d]!, true),
    ).sort((a, b) => a.atS - b.atS);
    return { tasks, windowS };
  }
  const tasks: PlacedTask[] = [];
  let recomputeAt = NaN;
  timeline.forEachEvent(d, (kind, startS, _endS, _mb, chunk) => {
    const k = Math.max(0, chunk) * p + d;
    if (kind === 'forward') {
      if (stages[k]!.forward.busy.length > 0) tasks.push(place(stages[k]!.forward, startS, false));
    } else if (kind === 'recompute') recomputeAt = startS;
    else if (kind === 'backward') {
      const at = Number.isNaN(recomputeAt) ? startS : recomputeAt;
      recomputeAt = NaN;
      tasks.push(place(stages[k]!.backward, at, opts.everyMicrobatch || at === timeline.finalBackwardS[k]));
    }
  });
  return { tasks, windowS };
}

/**
 * The held spans of placed tasks, by index: the task found from the tasks' running counts, the last one
 * found first (the link reads spans nearly in order), else by binary search.
 */
function heldByTasks(tasks: readonly PlacedTask[]): HeldSpans {
  const before = new Int32Array(tasks.length + 1);
  tasks.forEach((t, i) => (before[i + 1] = before[i]! + t.profile.busy.length));
  let last = 0;
  const find = (i: number): number => {
    if (before[last]! <= i && i < before[last + 1]!) return last;
    if (last + 1 < tasks.length && before[last + 1]! <= i && i < before[last + 2]!) return ++last;
    let lo = 0;
    let hi = tasks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (before[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return (last = lo);
  };
  const at = (i: number, end: boolean): number => {
    const t = find(i);
    const span = tasks[t]!.profile.busy[i - before[t]!]!;
    return tasks[t]!.atS + (end ? span.endS : span.startS);
  };
  return { count: before[tasks.length]!, startS: (i) => at(i, false), endS: (i) => at(i, true) };
}

/**
 * When the device's last reduction ends on its data link (gradientOverlap.ts `runReductions`), seconds
 * into the step; `onPiece` hears each stretch a reduction runs.
 */
export function linkEndS(r: DeviceReductions, onPiece?: (startS: number, endS: number) => void): number {
  return runReductions(
    (visit) => {
      for (const t of r.tasks)
        if (t.reduces) for (const g of t.profile.items) visit(t.readyAtS ?? t.atS + g.readyS, g.durationS);
    },
    heldByTasks(r.tasks),
    onPiece,
  );
}

/** Seconds of the device's reductions, hidden and exposed. */
export const reductionTotalS = (r: DeviceReductions): number =>
  r.tasks.reduce((sum, t) => sum + (t.reduces ? t.profile.reduceS : 0), 0);
