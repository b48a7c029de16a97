// The classroom's store (docs/design.md §5.5 "persistence"): sessions with their latest snapshot, seats,
// rounds, every team's latest plan (the locked one = the submitted plan), scores, host/seat key hashes and
// the room lease (which process runs a session's room). Two implementations: SQLite (embedded default,
// SqliteSessionStore) and PostgreSQL (DATABASE_URL, PgSessionStore). Every accepted change is one
// transaction whose promise resolves only once it is written: the room acknowledges nothing before that.

export interface StoredSession {
  readonly code: string;
  readonly title: string;
  readonly hostKeyHash: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** The core's SessionSnapshot as JSON text (new snapshot fields need no migration). */
  readonly snapshotJson: string;
}
export interface PlayerRow {
  readonly id: string;
  readonly nickname: string;
  readonly team: string;
  readonly seatKeyHash: string;
}
export interface PlanRow {
  readonly round: number;
  readonly team: string;
  readonly version: number;
  readonly planJson: string;
  readonly locked: boolean;
  /** The team's activity line (TeamPlan.activity) as JSON, null when it has none. */
  readonly activityJson: string | null;
  readonly savedAt: number;
}
export interface ScoreRow {
  readonly round: number;
  readonly team: string;
  readonly resultJson: string;
  readonly points: number;
  readonly rank: number;
}
export interface RoundRow {
  readonly idx: number;
  readonly levelId: string;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

/**
 * One accepted change of a session: the new snapshot plus the rows it implies (all written atomically). A
 * change of plans alone carries no snapshot: its plan rows are the change (latestPlans.ts reads them back), and
 * the session's updated_at is left to the heartbeat (touch).
 */
export interface SessionChange {
  readonly snapshotJson?: string;
  readonly nowMs: number;
  readonly players?: readonly PlayerRow[];
  /** Seats dropped (never played: shared/classroom/ghostSeats.ts), by player id: their rows are deleted. */
  readonly playersDropped?: readonly string[];
  readonly plans?: readonly Omit<PlanRow, 'savedAt'>[];
  /** Rounds that started (`startedAt`) or ended (`endedAt`) with this change. */
  readonly roundsStarted?: readonly { readonly idx: number; readonly levelId: string }[];
  readonly roundsEnded?: readonly number[];
  readonly scores?: readonly ScoreRow[];
  /** Rounds whose scoring was withdrawn (skipped during service): their scores are deleted. */
  readonly scoresWithdrawn?: readonly number[];
}

/** Who runs a session's room: the Colyseus process id and a token drawn afresh by every claim. */
export interface RoomLease {
  readonly processId: string;
  readonly token: string;
  readonly claimedAt: number;
}

export interface NewSession {
  readonly code: string;
  readonly title: string;
  readonly hostKeyHash: string;
  readonly snapshotJson: string;
  readonly nowMs: number;
}

export interface SessionStore {
  /** 'sqlite' or 'postgres' (logged at start). */
  readonly kind: string;
  hasSession(code: string): Promise<boolean>;
  /** Stores a new session; rejects if the code is already stored (codes are unique). */
  createSession(s: NewSession): Promise<void>;
  /** Forgets a session that never opened (its room could not be created); nothing else refers to it yet. */
  deleteNewSession(code: string): Promise<void>;
  /** The session, its snapshot with the current round's latest plans (latestPlans.ts). */
  getSession(code: string): Promise<StoredSession | undefined>;
  /** Writes one accepted change in a single transaction; rejects (writing nothing) if it cannot. */
  applyChange(code: string, change: SessionChange): Promise<void>;
  /** Records that the session was live at `nowMs` (a heartbeat: a resumed timer counts time up to here). */
  touch(code: string, nowMs: number): Promise<void>;
  players(code: string): Promise<PlayerRow[]>;
  rounds(code: string): Promise<RoundRow[]>;
  plans(code: string): Promise<PlanRow[]>;
  scores(code: string): Promise<ScoreRow[]>;
  roomLease(code: string): Promise<RoomLease | undefined>;
  /**
   * Compare-and-set of the lease of `code`: becomes `lease` only if the stored lease's token is
   * `expectedToken` (null: no lease stored). Atomic in the database, so of two processes claiming the same
   * lease at once exactly one gets true.
   */
  claimRoomLease(code: string, lease: RoomLease, expectedToken: string | null): Promise<boolean>;
  /** Drops the lease of `code` if it is still the one with `token`. */
  releaseRoomLease(code: string, token: string): Promise<void>;
  close(): Promise<void>;
}
