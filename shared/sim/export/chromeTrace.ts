// A pipeline timeline as Chrome trace-event JSON (the "Trace Event Format" of chrome://tracing, which
// Perfetto's UI opens too): one complete event (`"ph": "X"`, start `ts` and duration `dur` in
// microseconds) per forward, backward, recompute, send and receive; one thread (`tid`) per pipeline stage,
// named by a metadata event (`"ph": "M"`, `thread_name`) with the mesh ids of the devices the stage holds
// (devicesLabel, as the levels' timeline trace names its lanes). Idle time is the gaps. Collective events
// run on the link and may overlap compute, so they go on a thread of their own per stage (`tid` = d + 1000,
// "stage d links (…)"), and complete events never overlap within one thread. What a stage runs after its
// pipeline work (the exposed gradient reduction, the optimizer step, …) follows on its thread, so the trace
// ends where the step does.
import type { PipelineTimeline, TimelineEventKind } from '../cost/pipelineSimulation.ts';
import { devicesLabel } from '../deviceIdsText.ts';

/** One trace event (Trace Event Format: 'X' complete, 'M' metadata). */
export interface TraceEvent {
  readonly name: string;
  readonly cat?: string;
  readonly ph: 'X' | 'M';
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: Readonly<Record<string, string | number>>;
}

/** A trace file's JSON object. */
export interface ChromeTrace {
  readonly traceEvents: readonly TraceEvent[];
  readonly displayTimeUnit: 'ms';
}

const LABEL: Record<TimelineEventKind, string> = {
  forward: 'forward',
  backward: 'backward',
  recompute: 'recompute',
  send: 'send',
  recv: 'recv',
  collective: 'collective',
  idle: 'idle',
};

/** The thread of device d's collective events. */
export const LINK_TID_OFFSET = 1000;

/** A part of a stage's step after its pipeline work: the gradient reduction, the optimizer step, … */
export interface AfterPart {
  readonly name: string;
  readonly cat: 'collective' | 'update';
  readonly durationS: number;
  /** Where the trace draws it: the stage's thread, its links' thread, or nowhere (already drawn there). */
  readonly thread: 'device' | 'link' | 'none';
}

/** Microseconds, rounded to the nanosecond so that the JSON stays short. */
const us = (s: number): number => Math.round(s * 1e9) / 1e3;

/**
 * The timeline as a trace. `stageDevices[d]` lists the mesh ids of every device stage d holds (its data-
 * and tensor-parallel peers run the same timeline); default: stage d is device d alone.
 * @example toChromeTrace(timeline).traceEvents[0].args // { name: 'stage 0 (device 0)' }
 */
export function toChromeTrace(
  timeline: PipelineTimeline,
  {
    stageDevices,
    pid = 0,
    after,
  }: {
    readonly stageDevices?: readonly (readonly number[])[];
    readonly pid?: number;
    /** Per stage, what runs after its pipeline work, in order from its end (`sim train`: stepTail.ts). */
    readonly after?: readonly (readonly AfterPart[])[];
  } = {},
): ChromeTrace {
  const events: TraceEvent[] = [];
  const devices = timeline.idleS.length;
  for (let d = 0; d < devices; d++) {
    const track = `stage ${d} (${devicesLabel(stageDevices?.[d] ?? [d])})`;
    events.push({
      name: 'thread_name',
      ph: 'M',
      ts: 0,
      pid,
      tid: d,
      args: { name: track },
    });
    const collectives = timeline.deviceEvents(d).filter((e) => e.kind === 'collective');
    const linkAfter = (after?.[d] ?? []).some((part) => part.thread === 'link' && part.durationS > 0);
    if (collectives.length > 0 || linkAfter)
      events.push({
        name: 'thread_name',
        ph: 'M',
        ts: 0,
        pid,
        tid: d + LINK_TID_OFFSET,
        args: { name: `${track}: links` },
      });
    for (const e of collectives)
      events.push({
        name: LABEL[e.kind],
        cat: e.kind,
        ph: 'X',
        ts: us(e.startS),
        dur: us(e.endS - e.startS),
        pid,
        tid: d + LINK_TID_OFFSET,
      });
    for (const e of timeline.deviceEvents(d)) {
      if (e.kind === 'idle' || e.kind === 'collective') continue;
      const chunk = e.chunk ?? 0;
      events.push({
        name: `${LABEL[e.kind]} mb ${e.microbatch ?? 0}${chunk > 0 ? ` chunk ${chunk}` : ''}`,
        cat: e.kind,
        ph: 'X',
        ts: us(e.startS),
        dur: us(e.endS - e.startS),
        pid,
        tid: d,
        args: { microbatch: e.microbatch ?? 0, chunk },
      });
    }
    let clock = timeline.endS[d]!;
    for (const part of after?.[d] ?? []) {
      if (part.durationS <= 0) continue;
      if (part.thread !== 'none')
        events.push({
          name: part.name,
          cat: part.cat,
          ph: 'X',
          ts: us(clock),
          dur: us(part.durationS),
          pid,
          tid: part.thread === 'link' ? d + LINK_TID_OFFSET : d,
        });
      clock += part.durationS;
    }
  }
  return { traceEvents: events, displayTimeUnit: 'ms' };
}
