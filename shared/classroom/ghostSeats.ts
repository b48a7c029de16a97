// Ghost seats (issue 10, item 6): a seat that never played is dropped once its player is gone, and a session
// seats at most MAX_SEATS players, so join/leave cycles cannot grow the session (and the state every new
// screen receives) without bound. A seat has *played* once its player made an accepted edit or lock, or was
// seated in a team (not a late joiner) when a round was scored; a played seat is kept for the session
// (points, rosters, the results CSV). A team choice alone is not playing: join → choose a team → leave, 200
// times, once left 200 seats nobody held and a ghost captain no team could lock past. A dropped seat's team
// gets its next member as captain (withCaptains). Seats stored before this rule (no `played` field) count as
// played: they are never dropped.
import { refuse } from './errors.ts';
import { withCaptains } from './roster.ts';
import type { ClassroomResult, SessionPlayer, SessionSnapshot } from './session.ts';

/** Seated (not kicked) players per session: a class of 30 in 12 teams of 16 fits; 250 clients per room. */
export const MAX_SEATS = 200;

/** Whether this seat may be dropped: it never played and was not kicked (a kick is kept: it refuses a return). */
export const neverPlayed = (p: SessionPlayer): boolean => p.played === false && !p.kicked;

/** `s` with the seat `playerId` marked as played (the same `s` when it already was). */
export function markPlayed(s: SessionSnapshot, playerId: string): SessionSnapshot {
  const i = s.players.findIndex((p) => p.id === playerId);
  const p = s.players[i];
  if (p === undefined || p.played !== false) return s;
  const players = s.players.slice();
  players[i] = { ...p, played: true };
  return { ...s, players };
}

/** `s` with every seated member of a team who plays this round marked as played (a round is being scored). */
export function markRoundPlayed(s: SessionSnapshot): SessionSnapshot {
  const plays = (p: SessionPlayer) =>
    p.played === false && !p.kicked && p.joinedRound <= s.round && s.plans[p.team] !== undefined;
  if (!s.players.some(plays)) return s;
  return { ...s, players: s.players.map((p) => (plays(p) ? { ...p, played: true } : p)) };
}

/** `s` without the never-played seats among `ids` (captains re-checked); the same `s` when none is dropped. */
export function dropGhostSeats(s: SessionSnapshot, ids: ReadonlySet<string>): SessionSnapshot {
  const players = s.players.filter((p) => !(ids.has(p.id) && neverPlayed(p)));
  if (players.length === s.players.length) return s;
  return withCaptains({ ...s, seatsIssued: seatsIssued(s), players });
}

/** Seat ids handed out so far: the next seat is `p${seatsIssued + 1}` (ids are never reused). */
export const seatsIssued = (s: SessionSnapshot): number => s.seatsIssued ?? s.players.length;

/** Refuses a new seat when the session is full. */
export function seatCapRefusal(s: SessionSnapshot): ClassroomResult<never> | undefined {
  if (s.players.filter((p) => !p.kicked).length < MAX_SEATS) return undefined;
  return refuse(
    'session-full',
    `这场课已满（最多 ${MAX_SEATS} 名玩家）。`,
    `This session is full (at most ${MAX_SEATS} players).`,
  );
}
