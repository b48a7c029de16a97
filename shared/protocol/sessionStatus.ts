// GET /api/sessions/:code/status: what a page retrying after a dropped connection asks, to tell "the server
// is back but the session waits for its facilitator" from "the session ended" (unknown code: 404).

export interface SessionStatusResponse {
  readonly code: string;
  /** Its room is open in a process (a join can succeed now). */
  readonly running: boolean;
  /** The session ended (podium after End session): nothing will reopen it. */
  readonly closed: boolean;
}
