// The planning clock as pages show it: the server's remaining time extrapolated with the local clock
// between state patches (so clock skew between machines does not matter), as m:ss, with an urgency level.

/** What the last state patch said, and when (local ms) it arrived. */
export interface TimerSample {
  readonly remainingMs: number;
  readonly running: boolean;
  readonly sampledAtMs: number;
}

/** Remaining ms at local time `nowMs`: counts down only while running, never below 0. */
export function remainingAt(sample: TimerSample, nowMs: number): number {
  const left = sample.running
    ? sample.remainingMs - Math.max(0, nowMs - sample.sampledAtMs)
    : sample.remainingMs;
  return Math.max(0, left);
}

/**
 * Whole seconds rounded up (a clock showing 0:00 means time is over), as m:ss.
 * @example formatClock(61_001) // '1:02'
 */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** 'calm' above 30 s, 'soon' from 30 s down, 'over' at 0. */
export function urgency(ms: number): 'calm' | 'soon' | 'over' {
  if (ms <= 0) return 'over';
  return ms <= 30_000 ? 'soon' : 'calm';
}

/** The clock stopped where it stands at `nowMs` (the connection dropped: no patch says it still runs). */
export function frozenAt(sample: TimerSample, nowMs: number): TimerSample {
  return { remainingMs: remainingAt(sample, nowMs), running: false, sampledAtMs: nowMs };
}
