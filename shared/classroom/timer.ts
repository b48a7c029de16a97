// The phase clock of a session (planning countdown, service animation): pure arithmetic on the snapshot's
// timer and the `nowMs` the server passes in. Remaining = remainingMs − (nowMs − runningSinceMs), ≥ 0.
import type { SessionSnapshot, SessionTimer } from './session.ts';

/** A stopped timer with nothing left. */
export const STOPPED: SessionTimer = { remainingMs: 0, runningSinceMs: null };

/** Milliseconds left on `timer` at `nowMs` (never negative). */
export function remainingOf(timer: SessionTimer, nowMs: number): number {
  if (timer.runningSinceMs === null) return Math.max(0, timer.remainingMs);
  return Math.max(0, timer.remainingMs - Math.max(0, nowMs - timer.runningSinceMs));
}

/**
 * Milliseconds left in the current phase at `nowMs` (0 when no timer runs out in this phase).
 * @example timerRemainingMs({ …, timer: { remainingMs: 60_000, runningSinceMs: 1000 } }, 11_000) // 50_000
 */
export const timerRemainingMs = (s: SessionSnapshot, nowMs: number): number => remainingOf(s.timer, nowMs);

/** A timer started at `nowMs` with `ms` to go. */
export const runningTimer = (ms: number, nowMs: number): SessionTimer => ({
  remainingMs: ms,
  runningSinceMs: nowMs,
});

/** `timer` frozen at `nowMs`. */
export const pausedTimer = (timer: SessionTimer, nowMs: number): SessionTimer => ({
  remainingMs: remainingOf(timer, nowMs),
  runningSinceMs: null,
});

/** Whether a running timer has run out at `nowMs`. */
export const expired = (timer: SessionTimer, nowMs: number): boolean =>
  timer.runningSinceMs !== null && remainingOf(timer, nowMs) === 0;
