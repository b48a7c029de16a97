// Shared by the classroom tests: unwrapping results that must be accepted or refused, and a session with
// players seated, built through the public API only.
import { expect } from 'vitest';
import { createSession, joinPlayer } from '../../shared/classroom/index.ts';
import type { ClassroomErrorCode, ClassroomResult, SessionSnapshot } from '../../shared/classroom/index.ts';

/** The value of a result that must be accepted. */
export function ok<T>(r: ClassroomResult<T>): T {
  if (!r.ok) throw new Error(`refused: ${r.error.code}: ${r.error.text.en}`);
  return r.value;
}

/** Asserts the result is refused with `code`; returns the error. */
export function refused<T>(r: ClassroomResult<T>, code: ClassroomErrorCode) {
  expect(r.ok, r.ok ? 'accepted' : r.error.text.en).toBe(false);
  if (r.ok) throw new Error('accepted');
  expect(r.error.code).toBe(code);
  expect(r.error.text['zh-CN'].length).toBeGreaterThan(0);
  expect(r.error.text.en.length).toBeGreaterThan(0);
  return r.error;
}

/** A lobby with `teams` teams and the given players, seated in order into the given teams. */
export function lobby(
  players: readonly (readonly [nickname: string, team?: string])[] = [],
  opts: { rounds?: string[]; teams?: number; planningSeconds?: number } = {},
): SessionSnapshot {
  let s = ok(
    createSession({
      code: 'ABC234',
      title: 'Class 3',
      rounds: opts.rounds ?? ['column-then-row', 'fridge-too-small'],
      planningSeconds: opts.planningSeconds ?? 300,
      teams: opts.teams ?? 2,
      nowMs: 1000,
    }),
  );
  for (const [nickname, team] of players)
    s = ok(joinPlayer(s, team === undefined ? { nickname } : { nickname, team }, 2000)).session;
  return s;
}

/** JSON round trip (what SQLite storage does). */
export const roundTrip = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
