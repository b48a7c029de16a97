// The dynamic view's reading of a step timeline (evaluation.timeline): per lane the sequential events and
// the overlapped ones (a gradient reduction behind the backward pass), the event at time t found by binary
// search, and which mesh axes a pass uses (its label "… over model+data"; sends and receives go along the
// pipeline's `stage` axis). Pure.
import type { StepEvent, StepEventKind, StepTimeline } from '../../shared/index.ts';

export interface LaneTrack {
  readonly devices: readonly number[];
  /** Non-overlapped events sorted by start; they tile [0, stepS]. */
  readonly main: readonly StepEvent[];
  /** Overlapped events sorted by start. */
  readonly over: readonly StepEvent[];
}

export const PASS_KINDS: readonly StepEventKind[] = ['collective', 'send', 'recv'];
export const isPass = (kind: StepEventKind): boolean => PASS_KINDS.includes(kind);

export function laneTracks(timeline: StepTimeline): LaneTrack[] {
  const byStart = (a: StepEvent, b: StepEvent) => a.startS - b.startS;
  return timeline.lanes.map((lane) => ({
    devices: lane.devices,
    main: lane.events.filter((e) => !e.overlapped).sort(byStart),
    over: lane.events.filter((e) => e.overlapped).sort(byStart),
  }));
}

/** Index of the event covering t (startS ≤ t < endS), or -1; `events` sorted by start. O(log n). */
export function eventIndexAt(events: readonly StepEvent[], t: number): number {
  let lo = 0;
  let hi = events.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid]!.startS <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  // The last event starting at or before t; an earlier, longer one may still cover t (overlapped lists).
  for (let i = found; i >= 0 && i >= found - 4; i--) if (t < events[i]!.endS) return i;
  return -1;
}

/** What one lane does at t: its stove's event (idle when none) and the pass under way, if any. */
export interface LaneState {
  readonly stove: StepEventKind;
  readonly pass: StepEvent | undefined;
  /** Progress of the pass in [0, 1). */
  readonly passProgress: number;
}

export function laneStateAt(track: LaneTrack, t: number): LaneState {
  const i = eventIndexAt(track.main, t);
  const main = i >= 0 ? track.main[i]! : undefined;
  const j = eventIndexAt(track.over, t);
  const pass = main && isPass(main.kind) ? main : j >= 0 ? track.over[j] : undefined;
  const passProgress = pass ? (t - pass.startS) / Math.max(1e-12, pass.endS - pass.startS) : 0;
  return { stove: main?.kind ?? 'idle', pass, passProgress };
}

/** The mesh axes a pass runs over: the collective's own (StepEvent.pass), `stage` for sends and receives, else all axes. */
export function passAxes(event: StepEvent, meshAxes: readonly string[]): readonly string[] {
  if (event.kind === 'send' || event.kind === 'recv')
    return meshAxes.includes('stage') ? ['stage'] : meshAxes;
  const axes = (event.pass?.axes ?? []).filter((a) => meshAxes.includes(a));
  return axes.length > 0 ? axes : meshAxes;
}
