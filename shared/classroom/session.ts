// The live classroom session as plain data (docs/design.md §5.1, §5.2, §5.5): the snapshot the server stores in
// SQLite and resumes from, the effects a transition asks the room to send, and the errors a refused call
// returns. JSON-ready and deep-equal comparable: no class instances, no Maps, no undefined-valued keys.
import type { GameError } from '../game/errors.ts';
import type { Text } from '../game/i18n.ts';
import type { PlanState } from '../game/planState.ts';
import type {
  ResultsMessage,
  RevealMessage,
  ServiceMessage,
  SessionPhase,
  TeamActivity,
  TeamPlanMessage,
} from '../protocol/classroom.ts';

/** How long the service animation lasts before results, milliseconds. */
export const SERVICE_MS = 8000;
/** Rounds per session. */
export const MIN_ROUNDS = 1;
export const MAX_ROUNDS = 12;
/** Planning time per round, seconds. */
export const MIN_PLANNING_SECONDS = 30;
export const MAX_PLANNING_SECONDS = 1800;
/** Teams per session. */
export const MIN_TEAMS = 2;
export const MAX_TEAMS = 12;
/** Characters (code points) of a session title, a hint. */
export const MAX_TITLE_CHARS = 60;
export const MAX_HINT_CHARS = 280;
/** `extend` adds this many seconds at least / at most. */
export const MIN_EXTEND_SECONDS = 10;
export const MAX_EXTEND_SECONDS = 600;
/** Accepted edits of a team's plan kept for its activity line, newest first. */
export const TEAM_ACTIVITY_KEPT = 3;
/** Colour indices of teams (client/views/palette.ts has 8 Okabe–Ito colours with patterns). */
export const TEAM_COLOURS = 8;

/** One round: the level played and its planning time. */
export interface SessionRound {
  readonly levelId: string;
  readonly planningSeconds: number;
}

/**
 * The phase clock. Remaining at time t = `remainingMs − (t − runningSinceMs)` while running (clamped at 0),
 * `remainingMs` while paused or stopped (`runningSinceMs` null).
 */
export interface SessionTimer {
  readonly remainingMs: number;
  readonly runningSinceMs: number | null;
}

/** A team: a regional kitchen with a colour, a captain (who locks the plan) and its accumulated points. */
export interface SessionTeam {
  /** 't1', 't2', … */
  readonly id: string;
  readonly name: Text;
  /** 0–7, an index into the client's palette. */
  readonly colour: number;
  /** A non-kicked member, or null when the team has none. */
  readonly captain: string | null;
  /** Sum of the round points of the rounds whose results were shown. */
  readonly points: number;
}

/** A player's seat. Kicked players stay listed (ids are never reused) but are no member of any team. */
export interface SessionPlayer {
  /** 'p1', 'p2', … in join order. */
  readonly id: string;
  readonly nickname: string;
  readonly team: string;
  /**
   * The first round (0-based) this player plays: 0 when joined in the lobby, the current round when joined
   * during its briefing, the next round when joined later (late join).
   */
  readonly joinedRound: number;
  readonly joinedAtMs: number;
  readonly kicked: boolean;
  /** Whether the seat has played (shared/classroom/ghostSeats.ts); absent in sessions stored before: true. */
  readonly played?: boolean;
}

/** A team's plan in the current round. */
export interface TeamPlan {
  readonly plan: PlanState;
  /** Accepted edits in this round (0 at the briefing). */
  readonly version: number;
  readonly locked: boolean;
  /** Who changed what, newest first (≤ TEAM_ACTIVITY_KEPT; absent before the first edit of the round). */
  readonly activity?: readonly TeamActivity[];
}

/** The whole session: what the server persists after every accepted call and resumes from. */
export interface SessionSnapshot {
  readonly code: string;
  readonly title: string;
  readonly createdAtMs: number;
  readonly rounds: readonly SessionRound[];
  /** Index into `rounds`; −1 in the lobby; `rounds.length − 1` stays on the podium. */
  readonly round: number;
  readonly phase: SessionPhase;
  readonly timer: SessionTimer;
  readonly teams: readonly SessionTeam[];
  readonly players: readonly SessionPlayer[];
  /** The current round's plan of every team by team id ({} in the lobby). */
  readonly plans: Readonly<Record<string, TeamPlan>>;
  /**
   * Scored rounds in order. A round is scored when service starts (plans locked); its points are added to
   * the teams when results are shown (so the leaderboard does not change during the service animation).
   */
  readonly results: readonly ResultsMessage[];
  /** Parallel to `results`: the nicknames of each team's players in that round, by team id. */
  readonly rosters: readonly Readonly<Record<string, readonly string[]>>[];
  /** The facilitator's latest hint ('' when none). */
  readonly lastHint: string;
  /** After endSession: no more joins or commands. */
  readonly closed: boolean;
  /** The facilitator locked the session against new players (absent in sessions stored before: false). */
  readonly joinsLocked?: boolean;
  /** Seat ids handed out so far, once a never-played seat was dropped (absent: `players.length`). */
  readonly seatsIssued?: number;
  /**
   * Stars and score hidden while planning, revealed at service (contract CreateSessionRequest.hideScores;
   * absent in sessions stored before: false, they were shown).
   */
  readonly hideScores?: boolean;
}

/** Why a call was refused; the session is unchanged. */
export type ClassroomErrorCode =
  | 'wrong-phase'
  | 'not-captain'
  | 'not-your-team'
  | 'unknown-player'
  | 'unknown-team'
  | 'kicked'
  | 'bad-nickname'
  | 'locked'
  | 'paused'
  | 'late-joiner'
  | 'bad-argument'
  | 'closed'
  | 'rounds-over'
  | 'joins-locked'
  | 'session-full'
  | 'edit-refused';

/** A refusal in both languages. `game` carries the core's error when applyEdit refused an edit. */
export interface ClassroomError {
  readonly code: ClassroomErrorCode;
  readonly text: Text;
  readonly game?: GameError;
}

/** Outcome of a call that may be refused. */
export type ClassroomResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ClassroomError };

/** What the room must send after a transition (the snapshot itself is mirrored to the schema state). */
export type SessionEffect =
  /** Phase, round or timer changed: re-broadcast the state. */
  | { readonly kind: 'phase'; readonly phase: SessionPhase; readonly round: number }
  /** To the team's members and the facilitator. */
  | { readonly kind: 'teamPlan'; readonly message: TeamPlanMessage }
  /** To everyone. */
  | { readonly kind: 'results'; readonly message: ResultsMessage }
  | { readonly kind: 'reveal'; readonly message: RevealMessage }
  /** To the projector (public: no plan in it). */
  | { readonly kind: 'service'; readonly message: ServiceMessage }
  | { readonly kind: 'hint'; readonly text: string }
  /** To the kicked player, then close their connection. */
  | { readonly kind: 'kicked'; readonly player: string };

/** An accepted transition: the next snapshot and what to send. */
export interface SessionStep {
  readonly session: SessionSnapshot;
  readonly effects: readonly SessionEffect[];
}
