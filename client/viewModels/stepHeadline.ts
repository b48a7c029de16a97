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

/** "Slowest kitchens (0–3): …" / "Slowest kitchen (0): …": the critical kitchens of `timeline` and `shares`. */
export function criticalShareText(timeline: StepTimeline, shares: string, t: Translate): string {
  const devices = criticalDevices(timeline);
  return t(devices.length === 1 ? 'views.criticalShareOne' : 'views.criticalShare', {
    kitchens: deviceList(devices),
    shares,
  });
}
