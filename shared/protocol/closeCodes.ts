// WebSocket close codes a session room ends a connection with, so a page can tell a restart from the end of
// the class (RFC 6455 §7.4.2: 4000–4999 are for applications). 4000 is Colyseus's consented leave.

/** The room closed for good (the session ended): the page says so and stops. */
export const CLOSE_ENDED = 4000;
/** The facilitator removed this player (after MSG_KICKED). */
export const CLOSE_KICKED = 4003;
/**
 * The server is shutting down to restart (SIGTERM/SIGINT): the session is in the database and comes back
 * paused when the facilitator's dashboard reopens it; pages retry and rejoin their seats by themselves.
 */
export const CLOSE_RESTARTING = 4012;
