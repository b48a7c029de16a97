// The dynamic view's playback clock: simulated time t in [0, stepS) seconds of the step, advanced by real
// milliseconds × speed so that one step plays in STEP_PLAY_S seconds at 1× whatever its length (a 0.1 s
// step and a 600 s banquet step both take 8 s); wraps at the end while playing. Pure.

export const SPEEDS = [0.25, 0.5, 1, 2, 4] as const;
/** Real seconds one step takes at 1×. */
export const STEP_PLAY_S = 8;
/** Positions of the scrub slider over one step. */
export const SLIDER_STEPS = 1000;

export interface Playback {
  readonly stepS: number;
  /** Simulated seconds from the start of the step. */
  readonly t: number;
  readonly playing: boolean;
  readonly speed: number;
}

export function playback(stepS: number, previous?: Playback): Playback {
  if (!(stepS > 0) || !Number.isFinite(stepS))
    throw new Error(`playback: step time must be > 0 s, got ${stepS}`);
  if (!previous) return { stepS, t: 0, playing: false, speed: 1 };
  // A new plan keeps the cursor's place as a fraction of the step.
  return { ...previous, stepS, t: (previous.t / previous.stepS) * stepS };
}

/** t after `dtMs` real milliseconds: t + stepS · (dtMs / 1000) · speed / STEP_PLAY_S, modulo stepS. */
export function advance(p: Playback, dtMs: number): Playback {
  if (!p.playing || dtMs <= 0) return p;
  const t = (p.t + (p.stepS * (dtMs / 1000) * p.speed) / STEP_PLAY_S) % p.stepS;
  return { ...p, t };
}

/** Moves the cursor to a fraction of the step (clamped to [0, 1)). */
export function scrubTo(p: Playback, fraction: number): Playback {
  if (!Number.isFinite(fraction)) return p;
  const f = Math.min(Math.max(fraction, 0), 1);
  return { ...p, t: Math.min(f * p.stepS, p.stepS * (1 - 1e-9)) };
}

export function setSpeed(p: Playback, speed: number): Playback {
  if (!(SPEEDS as readonly number[]).includes(speed))
    throw new Error(`setSpeed: speed must be one of ${SPEEDS.join(', ')}, got ${speed}`);
  return { ...p, speed };
}

export const setPlaying = (p: Playback, playing: boolean): Playback => ({ ...p, playing });

/** The slider position of the cursor, 0..SLIDER_STEPS. */
export const sliderValue = (p: Playback): number => Math.round((p.t / p.stepS) * SLIDER_STEPS);
