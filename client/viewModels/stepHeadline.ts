// The one line above a played step (the dynamic view's caption, the projector's service panels): the
// critical kitchens' shares of the step, or — for a step whose memory does not fit — what overflows. Pure.
import { criticalDevices, criticalShares, type MemoryReport, type StepTimeline } from '../../shared/index.ts';
import type { Translate } from '../ui/translate.ts';
import { oomText } from './oomText.ts';
import { deviceList } from './preview.ts';
import { sharesText } from './sharesText.ts';

export interface HeadlineStep {
  readonly timeline: StepTimeline;
  readonly memory?: MemoryReport;
}

/** Whether the step cannot run: its fullest kitchen's memory is over the fridge. */
export const overflows = (step: HeadlineStep | null): boolean =>
  step?.memory !== undefined && !step.memory.fits;

export function stepHeadline(step: HeadlineStep, t: Translate): string {
  const m = step.memory;
  if (m && !m.fits)
    return oomText({ needBytes: m.worst.total, capacityBytes: m.capacityBytes, fits: false }, t);
  return criticalShareText(step.timeline, sharesText(criticalShares(step.timeline), t), t);
}

/**
 * The critical kitchens of `timeline` with their `shares`. Where every kitchen runs the same step (one lane,
 * SPMD) they are every kitchen: "Every kitchen (0–3): …". Where lanes differ (pipeline stages) they are the
 * lane that finishes last, whose step is the step time: "Last to finish, kitchens 0–3: …", not "slowest",
 * since under 1F1B the first stage finishes last while a heavier last stage is the one the others wait for.
 */
export function criticalShareText(timeline: StepTimeline, shares: string, t: Translate): string {
  const devices = criticalDevices(timeline);
  const one = devices.length === 1;
  const key =
    timeline.lanes.length <= 1
      ? one
        ? 'views.sameStepShareOne'
        : 'views.sameStepShare'
      : one
        ? 'views.criticalShareOne'
        : 'views.criticalShare';
  return t(key, { kitchens: deviceList(devices), shares });
}
