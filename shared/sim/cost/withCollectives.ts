// A pipeline timeline with the data-parallel and ZeRO collectives merged into each device's events
// (simulateTrain.ts): they run on the link, beside the compute, so they change no step or bubble figure.
import type { PipelineTimeline, TimelineEvent, EventVisitor } from './pipelineSimulation.ts';

/**
 * `timeline` with `collectives(d)` (kind 'collective', on the link, possibly overlapping compute; asked for
 * on a device's first read) merged into device d's events in start order. The step, idle and bubble figures are `timeline`'s: collective
 * time is neither idle nor work.
 */
export function withCollectives(
  timeline: PipelineTimeline,
  collectives: (device: number) => readonly TimelineEvent[],
): PipelineTimeline {
  const p = timeline.endS.length;
  const cache: (TimelineEvent[] | undefined)[] = new Array(p);
  const deviceEvents = (d: number): TimelineEvent[] => {
    const own = timeline.deviceEvents(d);
    const extra = collectives(d);
    return (cache[d] ??= [...own, ...extra].sort((a, b) => a.startS - b.startS));
  };
  return {
    get events() {
      return Array.from({ length: p }, (_, d) => deviceEvents(d));
    },
    deviceEvents,
    forEachEvent: (d: number, visit: EventVisitor) => {
      for (const e of deviceEvents(d)) visit(e.kind, e.startS, e.endS, e.microbatch ?? -1, e.chunk ?? -1);
    },
    stepS: timeline.stepS,
    bubbleFraction: timeline.bubbleFraction,
    idleS: timeline.idleS,
    endS: timeline.endS,
    peakInFlight: timeline.peakInFlight,
    finalBackwardS: timeline.finalBackwardS,
  };
}
