// A stored snapshot made live again after a restart: the time the server was down does not count. A
// running planning timer comes back paused at what was left at the last heartbeat (the facilitator resumes
// it); the service animation continues from where it was.
import { timerRemainingMs, type SessionSnapshot } from '../../shared/index.ts';

/** `s` as stored with its last write or heartbeat at `lastSeenMs`, resumed at `nowMs` (same object if no timer ran). */
export function resumedSnapshot(s: SessionSnapshot, lastSeenMs: number, nowMs: number): SessionSnapshot {
  if (s.timer.runningSinceMs === null) return s;
  const remainingMs = timerRemainingMs(s, lastSeenMs);
  const runningSinceMs = s.phase === 'planning' ? null : nowMs;
  return { ...s, timer: { remainingMs, runningSinceMs } };
}
