// Discrete-event simulation of one training step's pipeline (docs/cost-model.md §3). Each of the p devices works
// through a fixed queue of forward/backward tasks — the schedule — and a task starts once its device is free
// and its input has arrived. Model stage k (of p·v) is chunk ⌊k/p⌋ on device k mod p (Megatron's layout), so
// with v = 1 stage k is device k.
//   gpipe        all m forwards, then all m backwards (microbatch order)                      (Huang 2019)
//   1f1b         warm-up min(p−d−1, m) forwards, then one forward / one backward, then drain  (PipeDream-Flush)
//   interleaved  Megatron's `forward_backward_pipelining_with_interleaving`: over m·v chunk-microbatches,
//                warm-up min(2(p−d−1) + (v−1)p, m·v) (all of them when m = p), groups of p microbatches
//                per chunk, chunks forward in order 0…v−1 and backward v−1…0; m must be a multiple of p.
//                With v = 1 there is nothing to interleave: it runs as 1F1B, as Megatron runs a pipeline
//                without virtual stages (the warm-up above would keep 2(p−d−1) microbatches in flight, the
//                memory of a schedule that is not run).
// Sends are eager and blocking for the sender: after a task whose output leaves the device, the device
// spends `sendS` in a 'send' event and the receiver may start at its end. A receiver that waits while the
// data is on the wire shows a 'recv' event, any earlier wait 'idle'. Recompute (full activation
// recomputation) runs right before its backward, once the incoming gradient has arrived, as in Megatron.
// Closed forms for uniform stages and sendS = 0 (checked in the tests): makespan (m + p − 1)(t_f + t_b) for
// GPipe and 1F1B, (m + (p−1)/v)(t_f + t_b) interleaved (t_f, t_b per device); bubble (p−1)/(m+p−1).
import { err, ok, type Result } from '../result.ts';
import {
  BACKWARD,
  FORWARD,
  IDLE,
  RECOMPUTE,
  RECV,
  SEND,
  eventRecord,
  grow,
  materialise,
  visitRecord,
  type EventRecord,
} from './eventRecord.ts';
import { deviceOrder } from './deviceOrder.ts';

export const SCHEDULES = ['gpipe', '1f1b', 'interleaved'] as const;
export type PipelineSchedule = (typeof SCHEDULES)[number];
export type TimelineEventKind =
  'forward' | 'backward' | 'recompute' | 'send' | 'recv' | 'collective' | 'idle';

/**
 * One event on a device's lane. Compute, send, recv and idle events tile the lane without overlap;
 * collective events run on the link and may overlap compute (and may end after the lane's last task).
 */
export interface TimelineEvent {
  readonly device: number;
  readonly kind: TimelineEventKind;
  readonly microbatch?: number;
  /** Interleaved chunk (model stage = chunk·p + device); 0 for GPipe and 1F1B. */
  readonly chunk?: number;
  readonly startS: number;
  readonly endS: number;
}

export interface PipelineInput {
  readonly schedule: PipelineSchedule;
  /** p: pipeline devices. */
  readonly stages: number;
  /** m: microbatches per step. */
  readonly microbatches: number;
  /** v: model chunks per device, interleaved only (default 1). */
  readonly chunks?: number;
  /** Forward seconds per microbatch of each model stage, p·v entries, model stage k = chunk·p + device. */
  readonly forwardS: readonly number[];
  /** Backward seconds per microbatch of each model stage, p·v entries. */
  readonly backwardS: readonly number[];
  /** Recompute seconds before each backward, per model stage (default none). */
  readonly recomputeS?: readonly number[];
  /** Seconds to send one microbatch's activations (or gradients) to the neighbouring stage (default 0). */
  readonly sendS?: number;
}

/** Called once per event by `PipelineTimeline.forEachEvent`. */
export type EventVisitor = (
  kind: TimelineEventKind,
  startS: number,
  endS: number,
  microbatch: number,
  chunk: number,
) => void;

export interface PipelineTimeline {
  /**
   * Per device, its events in time order, gap-free from 0 to `stepS` (plus any 'collective' events, which
   * run on the link and may overlap the others; withCollectives.ts). Built from a compact record on first
   * read and cached (hundreds of thousands of objects at p = 64: read it only to draw or export).
   */
  readonly events: readonly (readonly TimelineEvent[])[];
  /** One device's events, built on demand and cached (cheaper than `events` when drawing a few rows). */
  deviceEvents(device: number): readonly TimelineEvent[];
  /**
   * One device's events in the order of `deviceEvents`, read off the compact record without building an
   * object per event (a step of the banquet has ~20,000; building and keeping them cost most of a preview);
   * `microbatch` and `chunk` are −1 where the event has none.
   */
  forEachEvent(device: number, visit: EventVisitor): void;
  /** Makespan of the step, seconds. */
  readonly stepS: number;
  /** Idle device-time over p · stepS ('recv' waits and sends are not idle). */
  readonly bubbleFraction: number;
  /** Idle seconds per device (trailing idle up to `stepS` included). */
  readonly idleS: readonly number[];
  /** When each device finishes its last task (and its send), seconds. */
  readonly endS: readonly number[];
  /** Most microbatch-chunks each device held activations for at once (forward started, backward not done). */
  readonly peakInFlight: readonly number[];
  /**
   * Per model stage k (p·v entries): when its last backward task began, its recompute first, seconds — when
   * the stage's accumulated gradients start to be final (gradientReductions.ts).
   */
  readonly finalBackwardS: readonly number[];
}

/** Largest p·m·v the simulation accepts (each is two tasks). */
export const MAX_PIPELINE_TASK_PAIRS = 1 << 20;

function validate(input: PipelineInput): Result<number> {
  const { schedule, stages: p, microbatches: m } = input;
  const v = input.chunks ?? 1;
  const positive = (x: number) => Number.isSafeInteger(x) && x >= 1;
  if (!SCHEDULES.includes(schedule))
    return err(
      'pipeline/unknown-schedule',
      { schedule },
      `Unknown pipeline schedule '${schedule}'; use ${SCHEDULES.join(', ')}.`,
    );
  const notPositive = (field: 'stages' | 'microbatches' | 'chunks', got: number, what: string) =>
    err<number>('pipeline/not-positive', { field, got }, `${what} must be a positive integer, got ${got}.`);
  if (!positive(p)) return notPositive('stages', p, 'Pipeline stages');
  if (!positive(m)) return notPositive('microbatches', m, 'Microbatches');
  if (!positive(v)) return notPositive('chunks', v, 'Interleaved chunks');
  if (schedule !== 'interleaved' && v !== 1)
    return err(
      'pipeline/chunks-need-interleaved',
      { schedule },
      `Only the interleaved schedule splits a device into chunks; ${schedule} needs 1.`,
    );
  if (schedule === 'interleaved' && v > 1 && m % p !== 0)
    return err(
      'pipeline/interleaved-groups',
      { microbatches: m, stages: p },
      `The interleaved schedule needs the number of microbatches (${m}) to be a multiple of the pipeline ` +
        `stages (${p}): microbatches go round the pipeline in groups of ${p}.`,
    );
  if (p * m * v > MAX_PIPELINE_TASK_PAIRS)
    return err(
      'pipeline/too-large',
      { tasks: p * m * v, max: MAX_PIPELINE_TASK_PAIRS },
      `p·m·v = ${p * m * v} is too large to simulate (at most ${MAX_PIPELINE_TASK_PAIRS}).`,
    );
  const times = { forwardS: input.forwardS, backwardS: input.backwardS, recomputeS: input.recomputeS };
  for (const [name, values] of Object.entries(times)) {
    if (values === undefined && name === 'recomputeS') continue;
    if (!Array.isArray(values) || values.length !== p * v)
      return err(
        'pipeline/stage-times',
        { field: name, expected: p * v },
        `${name} needs one time per model stage (p·v = ${p * v}), got ${values?.length ?? 'none'}.`,
      );
    if (!values.every((t) => Number.isFinite(t) && t >= 0))
      return err(
        'pipeline/negative-time',
        { field: name },
        `${name} must hold finite, non-negative seconds.`,
      );
  }
  const sendS = input.sendS ?? 0;
  if (!Number.isFinite(sendS) || sendS < 0)
    return err('pipeline/send-time', { sendS }, `sendS must be finite and non-negative, got ${sendS}.`);
  return ok(v);
}

/**
 * Simulates one step of `input.schedule` and returns every device's timeline, the makespan, the bubble
 * and the peak activation count. Mistakes in the input come back as ValueError results.
 * @example simulatePipeline({ schedule: '1f1b', stages: 4, microbatches: 8, forwardS: [1, 1, 1, 1], backwardS: [2, 2, 2, 2] })
 *   // stepS (8 + 4 − 1)·3 = 33, bubbleFraction 3/11
 */
export function simulatePipeline(input: PipelineInput): Result<PipelineTimeline> {
  const checked = validate(input);
  if (!checked.ok) return checked;
  const v = checked.value;
  const { schedule, stages: p, microbatches: m, forwardS, backwardS } = input;
  const recomputeS = input.recomputeS;
  const K = p * v; // model stages
  const hops = p > 1; // consecutive model stages sit on different devices
  const linkS = hops ? (input.sendS ?? 0) : 0;

  // Per (model stage k, microbatch j) at k·m + j: when the input of its forward / backward arrives at its
  // device, and when that input's send started (NaN: not yet known, or no send).
  const fArrive = new Float64Array(K * m).fill(NaN);
  const fSent = new Float64Array(K * m).fill(NaN);
  const bArrive = new Float64Array(K * m).fill(NaN);
  const bSent = new Float64Array(K * m).fill(NaN);
  fArrive.fill(0, 0, m);

  // Room for every task with its recompute and send; waits (idle, recv) are rarer and grow the record.
  const capacity = 2 * m * v * (1 + (recomputeS ? 1 : 0) + (linkS > 0 ? 1 : 0)) + 16;
  const records = Array.from({ length: p }, () => eventRecord(capacity));
  const run = schedule === 'interleaved' && v === 1 ? '1f1b' : schedule;
  const orders = Array.from({ length: p }, (_, d) => deviceOrder(run, p, m, v, d));
  const next = new Int32Array(p);
  const free = new Float64Array(p);
  const idleS = new Float64Array(p);
  const inFlight = new Int32Array(p);
  const peakInFlight = new Int32Array(p);
  const finalBackward = new Float64Array(K);

  const emit = (d: number, kind: number, startS: number, endS: number, tag: number) => {
    if (!(endS > startS)) return;
    const r = records[d]!;
    if (r.count === r.kind.length) grow(r);
    const i = r.count++;
    r.kind[i] = kind;
    r.tag[i] = tag;
    r.startS[i] = startS;
    r.endS[i] = endS;
    if (kind === IDLE) idleS[d] = idleS[d]! + (endS - startS);
  };

  // Worklist of devices that may be able to start their next task; a finished task wakes its receiver.
  const queue: number[] = [];
  const queued = new Uint8Array(p);
  const wake = (d: number) => {
    if (queued[d] === 0) {
      queued[d] = 1;
      queue.push(d);
    }
  };
  for (let d = p - 1; d >= 0; d--) wake(d);

  while (queue.length > 0) {
    const d = queue.pop()!;
    queued[d] = 0;
    const order = orders[d]!;
    while (next[d]! < order.length) {
      const task = order[next[d]!]!;
      const backward = (task & 1) === 1;
      const tag = task >> 1; // microbatch·v + chunk
      const j = Math.floor(tag / v);
      const k = (tag % v) * p + d;
      const at = k * m + j;
      const arrive = backward ? bArrive[at]! : fArrive[at]!;
      if (Number.isNaN(arrive)) break; // input not there yet; its sender will wake this device
      const before = free[d]!;
      const start = Math.max(before, arrive);
      if (start > before) {
        const sent = backward ? bSent[at]! : fSent[at]!;
        const recvStart = Number.isNaN(sent) ? start : Math.max(before, sent);
        emit(d, IDLE, before, recvStart, -1);
        emit(d, RECV, recvStart, start, tag);
      }
      let end: number;
      if (!backward) {
        end = start + forwardS[k]!;
        emit(d, FORWARD, start, end, tag);
        inFlight[d] = inFlight[d]! + 1;
        if (inFlight[d]! > peakInFlight[d]!) peakInFlight[d] = inFlight[d]!;
        if (k === K - 1) {
          bArrive[at] = end; // the loss is computed on this device
        } else {
          emit(d, SEND, end, end + linkS, tag);
          if (linkS > 0) fSent[at + m] = end;
          fArrive[at + m] = end + linkS;
          end += linkS;
          wake((k + 1) % p);
        }
      } else {
        const recompute = recomputeS?.[k] ?? 0;
        finalBackward[k] = start; // a stage's backward tasks run in microbatch order
        emit(d, RECOMPUTE, start, start + recompute, tag);
        end = start + recompute + backwardS[k]!;
        emit(d, BACKWARD, start + recompute, end, tag);
        inFlight[d] = inFlight[d]! - 1;
        if (k > 0) {
          emit(d, SEND, end, end + linkS, tag);
          if (linkS > 0) bSent[at - m] = end;
          bArrive[at - m] = end + linkS;
          end += linkS;
          wake((k - 1) % p);
        }
      }
      free[d] = end;
      next[d] = next[d]! + 1;
    }
  }
  for (let d = 0; d < p; d++)
    if (next[d] !== orders[d]!.length)
      throw new Error(`pipeline schedule ${schedule} deadlocked on device ${d}`);

  const stepS = free.reduce((a, b) => Math.max(a, b), 0);
  for (let d = 0; d < p; d++) emit(d, IDLE, free[d]!, stepS, -1);
  const totalIdle = idleS.reduce((a, b) => a + b, 0);
  const cache: (TimelineEvent[] | undefined)[] = new Array(p);
  const recordOf = (d: number): EventRecord => {
    const record = records[d];
    if (record === undefined) throw new RangeError(`device ${d} is not in a pipeline of ${p} devices`);
    return record;
  };
  const deviceEvents = (d: number): TimelineEvent[] => (cache[d] ??= materialise(d, recordOf(d), v));
  return ok({
    get events() {
      return Array.from({ length: p }, (_, d) => deviceEvents(d));
    },
    deviceEvents,
    forEachEvent: (d: number, visit: EventVisitor) => visitRecord(recordOf(d), v, visit),
    stepS,
    bubbleFraction: stepS > 0 ? totalIdle / (p * stepS) : 0,
    idleS: Array.from(idleS),
    endS: Array.from(free),
    peakInFlight: Array.from(peakInFlight),
    finalBackwardS: Array.from(finalBackward),
  });
}
