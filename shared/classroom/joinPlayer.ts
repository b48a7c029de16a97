// Seating players (docs/design.md §5.5): join with a checked nickname into the chosen team or the smallest one
// (lowest id on ties); a join after the lobby plays from the next round (joined in a briefing: this round).
// Players may change team themselves in the lobby and briefings only.
import { accept, refuse } from './errors.ts';
import {
  activePlayer,
  membersOf,
  takenNicknames,
  teamById,
  teamPlanEffects,
  withCaptains,
  withPlayer,
} from './roster.ts';
import type { ClassroomResult, SessionSnapshot, SessionStep } from './session.ts';
import { newSeatRefusal } from './seatPolicy.ts';
import { seatCapRefusal, seatsIssued } from './ghostSeats.ts';
import { validateNickname } from './validateNickname.ts';

/** A join request (the contract's player join options, minus what the room handles). */
export interface JoinRequest {
  readonly nickname: string;
  /** Preferred team id; omitted → auto-balance. */
  readonly team?: string;
}

/** An accepted join: the session, the new seat's id and the nickname it got (maybe with a suffix). */
export interface Joined {
  readonly session: SessionSnapshot;
  readonly playerId: string;
  readonly nickname: string;
}

/** The team with the fewest seated players, the lowest id (first in the list) on ties. */
export function smallestTeam(s: SessionSnapshot): string {
  let best = s.teams[0]!.id;
  let bestSize = Infinity;
  for (const t of s.teams) {
    const n = membersOf(s, t.id).length;
    if (n < bestSize) [best, bestSize] = [t.id, n];
  }
  return best;
}

/** First round a player joining now plays: this round until its planning starts, else the next. */
export function firstPlayableRound(s: SessionSnapshot): number {
  if (s.phase === 'lobby') return 0;
  if (s.phase === 'briefing') return s.round;
  return s.round + 1;
}

/**
 * Seats a player.
 * @example joinPlayer(lobby, { nickname: 'Mei' }, 1000) // { ok: true, value: { playerId: 'p1', nickname: 'Mei', … } }
 */
export function joinPlayer(s: SessionSnapshot, req: JoinRequest, nowMs: number): ClassroomResult<Joined> {
  if (s.closed) return refuse('closed', '这场课已结束。', 'This session has ended.');
  // After the last round there is nothing left to play: a new seat would only stand on the podium.
  if (s.phase === 'podium')
    return refuse(
      'rounds-over',
      '这场课的每一轮都已结束，不能再加入了。',
      'Every round of this session has been played: no one can join now.',
    );
  let team: string;
  if (req.team === undefined) team = smallestTeam(s);
  else {
    const t = teamById(s, req.team);
    if (!t.ok) return t;
    team = t.value.id;
  }
  const nick = validateNickname(req.nickname, takenNicknames(s));
  if (!nick.ok) return nick;
  const refused = newSeatRefusal(s, nick.value) ?? seatCapRefusal(s);
  if (refused) return refused;
  const playerId = `p${seatsIssued(s) + 1}`;
  const player = {
    id: playerId,
    nickname: nick.value,
    team,
    joinedRound: firstPlayableRound(s),
    joinedAtMs: nowMs,
    kicked: false,
    played: false,
  };
  const session = withCaptains({
    ...s,
    players: [...s.players, player],
    ...(s.seatsIssued !== undefined ? { seatsIssued: s.seatsIssued + 1 } : {}),
  });
  return accept({ session, playerId, nickname: nick.value });
}

/**
 * A player moves to another team (lobby and briefing only). Moving to one's own team changes nothing. A team
 * choice alone is not playing: the seat can still be dropped as a ghost (ghostSeats.ts).
 * @example chooseTeam(lobby, 'p1', 't2') // { ok: true, value: { session: …p1 in t2…, effects: [] } }
 */
export function chooseTeam(s: SessionSnapshot, playerId: string, team: string): ClassroomResult<SessionStep> {
  if (s.closed) return refuse('closed', '这场课已结束。', 'This session has ended.');
  const p = activePlayer(s, playerId);
  if (!p.ok) return p;
  const t = teamById(s, team);
  if (!t.ok) return t;
  if (s.phase !== 'lobby' && s.phase !== 'briefing')
    return refuse(
      'wrong-phase',
      '只能在开始前或讲解时换队，请找老师调整。',
      'You can change team only before the game or during a briefing; ask the facilitator.',
    );
  if (p.value.team === team) return accept({ session: s, effects: [] });
  const session = withPlayer(s, { ...p.value, team });
  return accept({ session, effects: teamPlanEffects(session, [team]) });
}
