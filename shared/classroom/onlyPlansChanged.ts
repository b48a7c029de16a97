// Whether a step changed a session's plans and nothing else: the snapshot's other fields are the very objects
// they were (the core replaces what it changes, never mutates it). An accepted edit is such a step; the server
// then writes the plan rows alone (server/persistence/sessionChange.ts) and mirrors nothing
// (server/rooms/sessionState.ts mirrorsAlike).
import type { SessionSnapshot } from './session.ts';

/** Whether `next` differs from `prev` in its plans alone (false for a new session, `prev` null). */
export function onlyPlansChanged(prev: SessionSnapshot | null, next: SessionSnapshot): boolean {
  if (prev === null || Object.keys(prev).length !== Object.keys(next).length) return false;
  for (const key of Object.keys(next) as (keyof SessionSnapshot)[])
    if (key !== 'plans' && prev[key] !== next[key]) return false;
  return true;
}
