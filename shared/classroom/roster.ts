// Who is where in a session: looking up players and teams, a team's members in join order, the captain rule
// (the facilitator's choice while that player stays a member, else the team's first member) and the
// TeamPlanMessage of a team's current plan. Used by every transition; no phase rules here.
import type { TeamPlanMessage } from '../protocol/classroom.ts';
import { accept, refuse } from './errors.ts';
import type {
  ClassroomResult,
  SessionEffect,
  SessionPlayer,
  SessionSnapshot,
  SessionTeam,
} from './session.ts';

/** activePlayer, during planning only; `zh` / `en` say what cannot be done outside it. */
export function planningPlayer(
  s: SessionSnapshot,
  id: unknown,
  zh: string,
  en: string,
): ClassroomResult<SessionPlayer> {
  const p = activePlayer(s, id);
  return !p.ok || s.phase === 'planning' ? p : refuse('wrong-phase', zh, en);
}

/** A player who is still seated (not kicked). */
export function activePlayer(s: SessionSnapshot, id: unknown): ClassroomResult<SessionPlayer> {
  const p = s.players.find((x) => x.id === id);
  if (p === undefined)
    return refuse(
      'unknown-player',
      '这场课没有这位玩家。',
      `There is no player ${String(id)} in this session.`,
    );
  if (p.kicked)
    return refuse('kicked', '这位玩家已被移出。', `Player ${p.nickname} was removed from the session.`);
  return accept(p);
}

/** The team with this id. */
export function teamById(s: SessionSnapshot, id: unknown): ClassroomResult<SessionTeam> {
  const t = s.teams.find((x) => x.id === id);
  if (t === undefined) return refuse('unknown-team', '没有这个队伍。', `There is no team ${String(id)}.`);
  return accept(t);
}

/** The team's seated players, in join order. */
export const membersOf = (s: SessionSnapshot, team: string): SessionPlayer[] =>
  s.players.filter((p) => p.team === team && !p.kicked);

/** Nicknames held by seated players. */
export const takenNicknames = (s: SessionSnapshot): string[] =>
  s.players.filter((p) => !p.kicked).map((p) => p.nickname);

/**
 * `s` with every captain valid: a captain who left the team (kicked, moved) is replaced by the team's first
 * member in join order; an empty team has none.
 */
export function withCaptains(s: SessionSnapshot): SessionSnapshot {
  const teams = s.teams.map((t) => {
    const members = membersOf(s, t.id);
    if (t.captain !== null && members.some((m) => m.id === t.captain)) return t;
    const captain = members[0]?.id ?? null;
    return captain === t.captain ? t : { ...t, captain };
  });
  return teams.every((t, i) => t === s.teams[i]) ? s : { ...s, teams };
}

/** `s` with one player replaced (by id), captains re-checked. */
export function withPlayer(s: SessionSnapshot, player: SessionPlayer): SessionSnapshot {
  return withCaptains({ ...s, players: s.players.map((p) => (p.id === player.id ? player : p)) });
}

/** The team's current plan as the contract's message, or undefined in the lobby. */
export function teamPlanMessage(s: SessionSnapshot, team: string, by?: string): TeamPlanMessage | undefined {
  const tp = s.plans[team];
  if (tp === undefined) return undefined;
  return {
    team,
    plan: tp.plan,
    version: tp.version,
    locked: tp.locked,
    ...(by === undefined ? {} : { by }),
    ...(tp.activity === undefined ? {} : { activity: tp.activity }),
  };
}

/** The teamPlan effects of these teams (none in the lobby). */
export const teamPlanEffects = (s: SessionSnapshot, teams: readonly string[], by?: string): SessionEffect[] =>
  teams.flatMap((team) => {
    const message = teamPlanMessage(s, team, by);
    return message === undefined ? [] : [{ kind: 'teamPlan' as const, message }];
  });
