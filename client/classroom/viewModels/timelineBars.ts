// The service animation's picture of one step (docs/design.md §5.2 service, §5.3 dynamic view) as bars: every
// lane's events placed in percent of the step, the overlapped ones (gradient reductions behind the backward
// pass) on their own thin track. Plain data; the DOM strip draws it and moves a cursor across.
import { passName, type Locale, type StepEventKind, type StepTimeline } from '../../../shared/index.ts';

export interface Bar {
  readonly kind: StepEventKind;
  /** Percent of the step, 0–100. */
  readonly left: number;
  readonly width: number;
  readonly overlapped: boolean;
  readonly label: string;
}

export interface LaneBars {
  readonly label: string;
  readonly devices: readonly number[];
  readonly bars: readonly Bar[];
  /** Share of the step the lane's stove is idle (non-overlapped idle events), 0–1. */
  readonly idle: number;
}

export function timelineBars(timeline: StepTimeline, locale: Locale): LaneBars[] {
  const span = timeline.stepS > 0 ? timeline.stepS : 1;
  const pct = (s: number) => Math.min(100, Math.max(0, (s / span) * 100));
  return timeline.lanes.map((lane) => {
    let idleS = 0;
    const bars = lane.events.map((e): Bar => {
      if (e.kind === 'idle' && !e.overlapped) idleS += e.endS - e.startS;
      const left = pct(e.startS);
      return {
        kind: e.kind,
        left,
        width: Math.max(0, pct(e.endS) - left),
        overlapped: e.overlapped === true,
        // a pass of one kind by its name in the page's language ('AllReduce 汇总分发 · model'), else as traced
        label: e.pass?.kind
          ? `${passName(e.pass.kind, locale)} · ${e.pass.axes.join('+')}`
          : (e.label ?? e.kind),
      };
    });
    return { label: lane.label[locale], devices: lane.devices, bars, idle: Math.min(1, idleS / span) };
  });
}
