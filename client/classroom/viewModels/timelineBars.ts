// The service animation's picture of one step (docs/design.md §5.2 service, §5.3 dynamic view) as bars: every
// lane's events placed in percent of the step, the overlapped ones (gradient reductions behind the backward
// pass) on their own thin track. Plain data; the DOM strip draws it and moves a cursor across.
import {
  passName,
  type Locale,
  type StepEvent,
  type StepEventKind,
  type StepTimeline,
} from '../../../shared/index.ts';
import type { Translate } from '../../ui/translate.ts';

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

/**
 * What a bar is, in the page's language: a pass by its kind's name and axes ('AllReduce 汇总分发 · model'), a
 * pass of mixed kinds (sequence parallelism, experts, DeepSpeed's hooks) as a pass over its axes, anything else
 * by the views' name of its kind ('前向'). The trace's English label is for trace files, not for people.
 */
export function barLabel(e: StepEvent, t: Translate, locale: Locale): string {
  const kind = e.pass?.kind ? passName(e.pass.kind, locale) : t(`views.ev.${e.kind}`);
  return e.pass && e.pass.axes.length > 0 ? `${kind} · ${e.pass.axes.join('+')}` : kind;
}

export function timelineBars(timeline: StepTimeline, t: Translate, locale: Locale): LaneBars[] {
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
        label: barLabel(e, t, locale),
      };
    });
    return { label: lane.label[locale], devices: lane.devices, bars, idle: Math.min(1, idleS / span) };
  });
}
