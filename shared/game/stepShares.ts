// One breakdown of a kitchen's step (issue 13: every view agrees), read from the evaluation's timeline lane
// of that kitchen — the serve report, the local view, the dynamic view, the static view's totals and
// `sim level` all call these functions, so they cannot disagree:
//   compute       = forward + backward + recompute on the stove
//   communication = passes the stove waits for (collectives, pipeline sends and receives; overlapped ones excluded)
//   bubble        = the stove idle (pipeline bubble, waiting for the last stage)
//   other         = the optimizer step
// Each is seconds over the step, so the four sum to 1 (the non-overlapped events tile [0, stepS]).
import type { Evaluation, StepEventKind, StepTimeline, TimelineLane } from './evaluation.ts';

/** Fractions of one step; they sum to 1 (all 0 for an empty step). */
export interface StepShares {
  readonly compute: number;
  readonly communication: number;
  readonly bubble: number;
  readonly other: number;
}

const PART: Readonly<Record<StepEventKind, keyof StepShares>> = {
  forward: 'compute',
  backward: 'compute',
  recompute: 'compute',
  update: 'other',
  collective: 'communication',
  send: 'communication',
  recv: 'communication',
  idle: 'bubble',
};

/** The shares of one lane of a step `stepS` seconds long. */
export function laneShares(lane: TimelineLane, stepS: number): StepShares {
  const s = { compute: 0, communication: 0, bubble: 0, other: 0 };
  if (!(stepS > 0)) return s;
  for (const e of lane.events) if (!e.overlapped) s[PART[e.kind]] += (e.endS - e.startS) / stepS;
  return s;
}

/** The lane that kitchen `deviceId` runs, or undefined when no lane holds it. */
export const laneOf = (timeline: StepTimeline, deviceId: number): TimelineLane | undefined =>
  timeline.lanes.find((l) => l.devices.includes(deviceId));

/** The shares of kitchen `deviceId`'s step (all 0 when no lane holds it). */
export function kitchenShares(evaluation: Evaluation, deviceId: number): StepShares {
  const lane = laneOf(evaluation.timeline, deviceId);
  return lane
    ? laneShares(lane, evaluation.timeline.stepS)
    : { compute: 0, communication: 0, bubble: 0, other: 0 };
}

/**
 * The critical kitchens' shares (the lane that finishes last, whose step is the step time): the figures the
 * score screen and `sim level` report.
 */
export const stepShares = (evaluation: Evaluation): StepShares => criticalShares(evaluation.timeline);

/** The shares of `timeline`'s critical lane. */
export function criticalShares(timeline: StepTimeline): StepShares {
  const lane = timeline.lanes[timeline.criticalLane];
  return lane ? laneShares(lane, timeline.stepS) : { compute: 0, communication: 0, bubble: 0, other: 0 };
}

/** A kitchen of the critical lane (its first device), the one the local view opens on. */
export const criticalKitchen = (timeline: StepTimeline): number =>
  timeline.lanes[timeline.criticalLane]?.devices[0] ?? 0;

/** Every kitchen of the critical lane. */
export const criticalDevices = (timeline: StepTimeline): readonly number[] =>
  timeline.lanes[timeline.criticalLane]?.devices ?? [];
