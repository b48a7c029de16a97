// Wire protocol of a live classroom session (docs/design.md §5.1, §5.2, §5.5): how pages create, join and drive a
// session room, and what the server sends back. The room's synchronised state (phase, timer, teams, players,
// leaderboard) is a @colyseus/schema view built by the server; everything private — a team's plan before the
// reveal, a seat key, the host key — travels as a message to the clients allowed to see it.
import type { PlanEdit } from '../game/actions.ts';
import type { LimitedBy, MemoryReport, StepTimeline, Topology } from '../game/evaluation.ts';
import type { Text } from '../game/i18n.ts';
import type { PlanState } from '../game/planState.ts';

/** Colyseus room name of a live session; its roomId is the join code. */
export const ROOM_SESSION = 'session';

/** Join codes: 6 characters read aloud without confusion (no 0/O, 1/I/L). */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const JOIN_CODE_LENGTH = 6;

/** HTTP: POST /api/sessions creates a session (facilitator) and returns its code and host key. */
export interface CreateSessionRequest {
  /** Level ids played as rounds, in order (1–12). */
  readonly rounds: readonly string[];
  /** Planning time per round, seconds (30–1800). */
  readonly planningSeconds: number;
  /** Teams to open (2–12). */
  readonly teams: number;
  /** Session title shown on the projector (≤ 60 characters). */
  readonly title?: string;
  /**
   * Hide the stars and the score during planning (the preview keeps memory fit and step time); they are
   * revealed at service. Omitted → true: a class plays for the answer, not against the score.
   */
  readonly hideScores?: boolean;
}
export interface CreateSessionResponse {
  readonly code: string;
  readonly hostKey: string;
}
/** HTTP: POST /api/sessions/:code/resume with `{ hostKey }` re-opens a session from the database after a restart. */
export interface ResumeSessionRequest {
  readonly hostKey: string;
}
/** HTTP: GET /api/sessions/:code/results.csv with header `x-host-key` (or `?hostKey=`) downloads the results. */
export const RESULTS_CSV_COLUMNS = [
  'session',
  'round',
  'level',
  'row',
  'team',
  'player',
  'players',
  'plan',
  'served_as',
  'served_per_s',
  'rate_unit',
  'step_s',
  'worst_memory_gb',
  'fits',
  'tasting',
  'limited_by',
  'stars',
  'score',
  'points',
  'rank',
] as const;

/** Join options (client.joinById(code, options)); the room refuses anything else at onAuth. */
export type SessionJoinOptions =
  | { readonly protocolVersion: number; readonly role: 'facilitator'; readonly hostKey: string }
  | {
      readonly protocolVersion: number;
      readonly role: 'player';
      readonly nickname: string;
      /** Preferred team id; omitted → auto-balance. */
      readonly team?: string;
      /** The seat key of an earlier join (localStorage): the same seat, team and points come back. */
      readonly seatKey?: string;
    }
  | { readonly protocolVersion: number; readonly role: 'projector' };

export type SessionRole = SessionJoinOptions['role'];

/** The longest hint a facilitator may send, characters (the dashboard's box and the server's schema). */
export const HINT_MAX_CHARS = 280;
/** lobby → briefing → planning → service → results → (briefing of the next round …) → podium. */
export const SESSION_PHASES = ['lobby', 'briefing', 'planning', 'service', 'results', 'podium'] as const;
export type SessionPhase = (typeof SESSION_PHASES)[number];

// ---- client → server messages (each validated by the server before it reaches the core) ----

/** Player: one edit of the team's plan. `seq` is the sender's counter, echoed in the reply. */
export const MSG_EDIT = 'edit';
export interface EditMessage {
  /** The page's own count of its edits (1, 2, …); an edit sent again after a drop keeps its seq. */
  readonly seq: number;
  readonly edit: PlanEdit;
  /** A random id of the page that sent it (a reload is a new page): with `seq`, names the edit once. */
  readonly page?: string;
}
/** Player (lobby only): move to a team. */
export const MSG_CHOOSE_TEAM = 'chooseTeam';
export interface ChooseTeamMessage {
  readonly team: string;
}
/** Captain: lock (or unlock) the team's plan for service. */
export const MSG_LOCK = 'lock';
export interface LockMessage {
  readonly locked: boolean;
}
/** Facilitator commands. */
export const MSG_HOST = 'host';
export type HostCommand =
  | { readonly command: 'start' } // lobby → briefing of round 1
  | { readonly command: 'advance' } // briefing → planning, results → next briefing or podium
  | { readonly command: 'pause' }
  | { readonly command: 'resume' }
  | { readonly command: 'extend'; readonly seconds: number } // 10–600
  | { readonly command: 'endPlanning' } // planning → service now (locks every plan)
  | { readonly command: 'skipRound' } // any round phase → next briefing (the round is not scored)
  | { readonly command: 'movePlayer'; readonly player: string; readonly team: string }
  | { readonly command: 'setCaptain'; readonly player: string }
  | { readonly command: 'kick'; readonly player: string } // out for the session, nickname and seat key too
  | { readonly command: 'readmit'; readonly player: string } // a kicked player may come back
  | { readonly command: 'lockJoins'; readonly locked: boolean } // no new players while locked
  | { readonly command: 'hint'; readonly text: string } // ≤ HINT_MAX_CHARS; replaces the current hint
  | { readonly command: 'clearHint' } // takes the hint off every screen
  | { readonly command: 'reveal'; readonly team: string } // results phase: show a team's plan to all
  | { readonly command: 'endSession' }; // → podium, session closed to joins

// ---- server → client messages ----

/** Sent once after a join: who you are here. Players keep `seatKey` to come back after a reload. */
export const MSG_WELCOME = 'welcome';
export interface WelcomeMessage {
  readonly role: SessionRole;
  readonly playerId?: string;
  readonly seatKey?: string;
  readonly nickname?: string;
}
/** To a team's members (and the facilitator): the team's plan after each accepted edit or lock. */
export const MSG_TEAM_PLAN = 'teamPlan';
export interface TeamPlanMessage {
  readonly team: string;
  readonly plan: PlanState;
  /** Accepted edits so far in this round (1, 2, …). */
  readonly version: number;
  readonly locked: boolean;
  /** The edit's author and their seq, when an edit caused it. */
  readonly by?: string;
  readonly seq?: number;
  /** The team's latest accepted edits this round, newest first (at most TEAM_ACTIVITY_KEPT). */
  readonly activity?: readonly TeamActivity[];
  /** The server's clock when it sent this message (ms since epoch): the page reads "12 s ago" from it. */
  readonly serverNowMs?: number;
}
/**
 * To facilitators and projectors (the dashboard's and projector's "n edits"): every team's accepted edits of
 * the current round, on joining, at once when the phase or round changes, and otherwise at most once per
 * second while they change. Not in the synchronised state, where each change was a patch to every screen.
 */
export const MSG_EDIT_COUNTS = 'editCounts';
export interface EditCountsMessage {
  /** Team id → accepted edits this round (the team plan's version). */
  readonly counts: Readonly<Record<string, number>>;
}
/** One accepted edit of a team's plan: who, what (in the kitchen's words), when (server clock, ms). */
export interface TeamActivity {
  readonly player: string;
  readonly nickname: string;
  readonly what: Text;
  readonly atMs: number;
}
/** To the sender only: the edit was refused; the plan is unchanged. */
export const MSG_EDIT_REFUSED = 'editRefused';
export interface EditRefusedMessage {
  readonly seq: number;
  readonly type: string;
  /** The core's or the game's code (GameErrorCode) when the core refused the edit, else the classroom's. */
  readonly code: string;
  readonly message: string;
  readonly explanation: Text;
}
/** To everyone: the facilitator's hint. */
export const MSG_HINT = 'hint';
export interface HintMessage {
  readonly text: string;
}
/** One team's result in a round (also in the results CSV). */
export interface TeamRoundResult {
  readonly team: string;
  readonly score: number;
  readonly stars: 0 | 1 | 2 | 3;
  /** Why the score is zero (out of memory, tasting failed), else absent. */
  readonly reason?: string;
  readonly limitedBy: LimitedBy;
  readonly explanation: Text;
  readonly tokensPerS: number;
  readonly stepS: number;
  readonly worstMemoryBytes: number;
  readonly capacityBytes: number;
  readonly fits: boolean;
  readonly tastingOk: boolean | null;
  /** Round points: 1000 × score / best score of the round (0 when the best is 0). */
  readonly points: number;
  readonly rank: number;
  /** One line: mesh, mode and labels, e.g. "data×2 model×2 auto w1=[None,'model']". */
  readonly planSummary: string;
  /**
   * true: the captain locked the plan; false: served as it stood when planning ended (time up or End
   * planning). Absent in rounds scored before this was recorded.
   */
  readonly locked?: boolean;
}
/** To everyone, entering results: the round's ranking and the class histograms. */
export const MSG_RESULTS = 'results';
export interface ResultsMessage {
  readonly round: number;
  readonly level: string;
  readonly teams: readonly TeamRoundResult[];
  /** What `tokensPerS` and `score` count for this level: sequence positions, or whole examples (an MLP's rows). */
  readonly throughputUnit: 'tokens' | 'examples';
  /**
   * Per metric, the values of the teams that have the figure (the projector draws the class histograms;
   * shared/classroom/histogramValues.ts): `tokensPerS` the served throughput of every team (0 for a plan
   * that overflows or tastes wrong), `worstMemoryGb` every evaluated plan's, `stepS` served plans' only.
   */
  readonly histograms: Readonly<Record<'tokensPerS' | 'worstMemoryGb' | 'stepS', readonly number[]>>;
}
/**
 * One team's service as the projector plays it (entering service, and to a projector that opens during
 * service): what the dynamic view draws — the kitchen grid, the step's timeline, the fridges — and never the
 * plan itself, which stays the team's until the facilitator reveals it.
 */
export interface ServiceTeam {
  readonly team: string;
  /** The kitchen grid as `[axis, size]` pairs. */
  readonly mesh: readonly (readonly [string, number])[];
  /** The core's evaluation of the locked plan; null when the core refused it (`refusal` says why). */
  readonly step: ServedStep | null;
  readonly refusal?: Text;
}
/** The parts of an evaluation the dynamic view plays: the step, the kitchens' links, every fridge. */
export interface ServedStep {
  readonly timeline: StepTimeline;
  readonly topology: Topology;
  readonly memory: MemoryReport;
  /** null for the priced-only levels. */
  readonly tastingOk: boolean | null;
  /** A mixture of experts' share of routed tokens seated (under MIN_SERVED_SHARE: not served); null otherwise. */
  readonly servedShare: number | null;
}
/** To the projector: every playing team's service of the round (the projector is public: no plan in it). */
export const MSG_SERVICE = 'service';
export interface ServiceMessage {
  readonly round: number;
  readonly teams: readonly ServiceTeam[];
}
/** To everyone: the revealed plan of a team with its service timeline and the round's debrief. */
export const MSG_REVEAL = 'reveal';
export interface RevealMessage {
  readonly round: number;
  readonly team: string;
  readonly plan: PlanState;
  readonly result: TeamRoundResult;
  readonly throughputUnit: 'tokens' | 'examples';
  readonly timeline: StepTimeline;
  /** The revealed plan in the kitchen's words (planInWords), one clause per fact. */
  readonly words: readonly Text[];
  /** The round's best plan (rank 1, score above 0) when another team's is revealed. */
  readonly best?: { readonly result: TeamRoundResult; readonly words: readonly Text[] };
  /** The level's par (shared/game/par): the best plan the par search found, scored as the teams' were. */
  readonly par?: {
    readonly result: Omit<TeamRoundResult, 'points' | 'rank' | 'team'>;
    readonly words: readonly Text[];
  };
  /** The debrief of the revealed plan: its own figures, and every other plan it cites named. */
  readonly debrief: Text;
  /** The level's lesson, introduced as told with the figures of the plans it names, not the revealed plan's. */
  readonly lesson: Text;
}
/** To a kicked player just before the server closes the connection. */
export const MSG_KICKED = 'kicked';
/** To facilitators, on joining and whenever it changes: the players removed (kicked), whom `readmit` lets back. */
export const MSG_REMOVED = 'removed';
export interface RemovedPlayersMessage {
  readonly players: readonly { readonly id: string; readonly nickname: string }[];
}

/**
 * MSG_ERROR in a session room: a refused message (nothing changed). `code` is 'bad-message',
 * 'not-facilitator', 'not-player', 'read-only' (projector) or the core's ClassroomErrorCode; `text` in both
 * languages when the core refused it.
 */
export interface SessionErrorMessage {
  readonly code: string;
  readonly message: string;
  readonly text?: Text;
}
/** A refused join rejects joinById with a ServerError whose message is this object as JSON. */
export interface JoinRefusal {
  readonly code: string;
  readonly message: string;
  readonly text?: Text;
}
