// A captain gone for good hands the team over (docs/design.md §5.2): only the captain locks the team's plan, so a
// captain whose page closed after playing (a played seat is kept for its points: ghostSeats.ts) left a team that
// could never lock again until the facilitator picked someone. Once the captain has been gone past the
// reconnection window, the first member still connected, in join order, becomes captain; a team with nobody
// connected keeps its captain. The one who comes back later is a member like the others (the facilitator can
// make them captain again).
import { membersOf } from './roster.ts';
import type { SessionSnapshot } from './session.ts';

/**
 * `s` with a new captain for every team whose captain is in `gone`, taken from its members in `connected`; the
 * same `s` when no team changes.
 * @example handOverCaptaincy(s, new Set(['p1']), new Set(['p2', 'p3'])) // t1: captain p1 → p2
 */
export function handOverCaptaincy(
  s: SessionSnapshot,
  gone: ReadonlySet<string>,
  connected: ReadonlySet<string>,
): SessionSnapshot {
  const teams = s.teams.map((t) => {
    if (t.captain === null || !gone.has(t.captain) || connected.has(t.captain)) return t;
    const next = membersOf(s, t.id).find((m) => connected.has(m.id));
    return next === undefined ? t : { ...t, captain: next.id };
  });
  return teams.every((t, i) => t === s.teams[i]) ? s : { ...s, teams };
}
