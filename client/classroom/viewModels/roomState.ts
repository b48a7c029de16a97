// The session room's synchronised state as plain typed data (the server's @colyseus/schema view, read
// through `state.toJSON()`): phase, round, timer, teams and players. Unknown or missing fields fall back to
// neutral values so a page never crashes on a partial patch.
import { SESSION_PHASES, type Locale, type SessionPhase } from '../../../shared/index.ts';
import type { TimerSample } from './timer.ts';

export interface TeamView {
  readonly id: string;
  readonly name: string;
  readonly nameZh: string;
  /** Okabe–Ito colour index 0–7 (client/views/palette.ts). */
  readonly colour: number;
  /** Player id of the captain, '' when none. */
  readonly captain: string;
  /** Player ids, join order. */
  readonly members: readonly string[];
  readonly locked: boolean;
  /** Points over the scored rounds. */
  readonly points: number;
  /** Score of the last scored round. */
  readonly lastScore: number;
  /** Rank after the last scored round, 0 before any. */
  readonly rank: number;
  /** Accepted edits this round: MSG_EDIT_COUNTS (facilitator and projector only; 0 elsewhere). */
  readonly planVersion: number;
}

export interface PlayerView {
  readonly id: string;
  readonly nickname: string;
  readonly team: string;
  readonly connected: boolean;
  /** Device ids of the team's mesh this player chefs. */
  readonly kitchens: readonly number[];
  /** First round (0-based) the player plays; later than `round` for a late joiner (read-only meanwhile). */
  readonly joinedRound: number;
}

export interface RoomState {
  readonly code: string;
  readonly title: string;
  readonly phase: SessionPhase;
  /** 0-based round index; −1 in the lobby. */
  readonly round: number;
  readonly roundCount: number;
  readonly levelId: string;
  /** The timer as last written by the server, and when this screen read it (its own clock, ms). */
  readonly timer: TimerSample;
  readonly lastHint: string;
  /** The facilitator locked the session against new players. */
  readonly joinsLocked: boolean;
  /** The session hides stars and score during planning (revealed at service). */
  readonly hideScores: boolean;
  /** By team id order (t1, t2, …). */
  readonly teams: readonly TeamView[];
  readonly players: readonly PlayerView[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;
const bool = (v: unknown): boolean => v === true;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** MapSchema.toJSON() gives an object by key; tolerate arrays too. */
const entries = (v: unknown): unknown[] => (Array.isArray(v) ? v : Object.values(obj(v)));
const byId = (a: { id: string }, b: { id: string }): number =>
  a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Reads the room state's JSON (server/rooms/sessionState.ts: `timerRemainingMs`, `timerRunning`). */
export function parseRoomState(json: unknown): RoomState {
  const s = obj(json);
  const phase = str(s.phase);
  return {
    code: str(s.code),
    title: str(s.title),
    phase: (SESSION_PHASES as readonly string[]).includes(phase) ? (phase as SessionPhase) : 'lobby',
    round: num(s.round, -1),
    roundCount: num(s.roundCount),
    levelId: str(s.levelId),
    timer: {
      remainingMs: Math.max(0, num(s.timerRemainingMs)),
      running: bool(s.timerRunning),
      sampledAtMs: 0,
    },
    lastHint: str(s.lastHint),
    joinsLocked: bool(s.joinsLocked),
    hideScores: bool(s.hideScores),
    teams: entries(s.teams)
      .map((t): TeamView => {
        const o = obj(t);
        return {
          id: str(o.id),
          name: str(o.name),
          nameZh: str(o.nameZh),
          colour: num(o.colour),
          captain: str(o.captain),
          members: list(o.members).map(str),
          locked: bool(o.locked),
          points: num(o.points),
          lastScore: num(o.lastScore),
          rank: num(o.rank),
          planVersion: 0,
        };
      })
      .sort(byId),
    players: entries(s.players)
      .map((p): PlayerView => {
        const o = obj(p);
        return {
          id: str(o.id),
          nickname: str(o.nickname),
          team: str(o.team),
          connected: bool(o.connected),
          kitchens: list(o.kitchens).filter((k): k is number => typeof k === 'number'),
          joinedRound: num(o.joinedRound),
        };
      })
      .sort(byId),
  };
}

/** A team's name in the page's language (the English name when the Chinese one is missing). */
export const teamName = (team: Pick<TeamView, 'name' | 'nameZh'>, locale: Locale): string =>
  locale === 'zh-CN' && team.nameZh ? team.nameZh : team.name;

/** The members of `team` as players, in the team's member order. */
export function membersOf(state: RoomState, teamId: string): PlayerView[] {
  const team = state.teams.find((t) => t.id === teamId);
  const players = new Map(state.players.map((p) => [p.id, p]));
  const ordered = (team?.members ?? []).flatMap((id) => players.get(id) ?? []);
  const extra = state.players.filter((p) => p.team === teamId && !ordered.includes(p));
  return [...ordered, ...extra];
}

/**
 * `next` (just parsed) as the screens read it at `nowMs`: each team's planVersion from the last MSG_EDIT_COUNTS,
 * and the timer read at `nowMs` only when the server wrote it again — a patch of other fields, or new counts,
 * is not a new reading, and re-reading the same figure would set the countdown back.
 */
export function settleRoomState(
  next: RoomState,
  prev: RoomState | null,
  counts: Readonly<Record<string, number>> | undefined,
  nowMs: number,
): RoomState {
  const same =
    prev !== null &&
    prev.timer.remainingMs === next.timer.remainingMs &&
    prev.timer.running === next.timer.running;
  return {
    ...next,
    timer: { ...next.timer, sampledAtMs: same ? prev.timer.sampledAtMs : nowMs },
    teams:
      counts === undefined ? next.teams : next.teams.map((t) => ({ ...t, planVersion: counts[t.id] ?? 0 })),
  };
}
