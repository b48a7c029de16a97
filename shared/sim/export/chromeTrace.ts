// A pipeline timeline as Chrome trace-event JSON (the "Trace Event Format" of chrome://tracing, which
// Perfetto's UI opens too): one complete event (`"ph": "X"`, start `ts` and duration `dur` in
// microseconds) per forward, backward, recompute, send and receive; one thread (`tid`) per pipeline device,
// named by a metadata event (`"ph": "M"`, `thread_name`). Idle time is the gaps.
import type { PipelineTimeline, TimelineEventKind } from '../cost/pipelineSimulation.ts';

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
  idle: 'idle',
};

/** Microseconds, rounded to the nanosecond so that the JSON stays short. */
const us = (s: number): number => Math.round(s * 1e9) / 1e3;

/**
 * The timeline as a trace. `deviceIds[d]` names pipeline device d by its mesh id in the thread name
 * (default: d itself).
 * @example toChromeTrace(timeline).traceEvents[1] // { name: 'forward mb 0', ph: 'X', ts: 0, dur: 30000, pid: 0, tid: 0, … }
 */
export function toChromeTrace(
  timeline: PipelineTimeline,
  { deviceIds, pid = 0 }: { readonly deviceIds?: readonly number[]; readonly pid?: number } = {},
): ChromeTrace {
  const events: TraceEvent[] = [];
  const devices = timeline.idleS.length;
  for (let d = 0; d < devices; d++) {
    events.push({
      name: 'thread_name',
      ph: 'M',
      ts: 0,
      pid,
      tid: d,
      args: { name: `stage ${d} (device ${deviceIds?.[d] ?? d})` },
    });
    for (const e of timeline.deviceEvents(d)) {
      if (e.kind === 'idle') continue;
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
  }
  return { traceEvents: events, displayTimeUnit: 'ms' };
}
