// A session room's clocks (SessionRoom.ts): its tick, the heartbeat a resume reads, when an empty room leaves
// memory, and how often its schema state's changes go out.

/** The clock: ticks of the core and timer mirroring, ms; the heartbeat written for a resume, ms. */
export const TICK_MS = 250;
export const HEARTBEAT_MS = 5000;
/**
 * An open session's room that nobody has been connected to (no connection, no seat held for a reconnection or
 * a join) for this long leaves memory, ms: ~97 KB and a 250 ms tick each, and one address may create 10 a
 * minute. The session stays in the store; its facilitator's dashboard reopens it (POST …/resume), and a join
 * meanwhile is told so (no-session). Long enough for a session prepared in the morning and played after lunch.
 */
export const IDLE_DISPOSE_MS = 3 * 60 * 60 * 1000;

/**
 * How often the schema state's changes go out, ms (Colyseus's default is 50). Each edit bumps its team's
 * planVersion, so at 50 ms a class of 30 editing every ~2 s sent a patch to every screen ~15 times a second:
 * two thirds of the server's socket writes (bench/classroomRamp.ts, profiled). What the state carries — phase,
 * a timer shown in whole seconds, points, who is connected, edit counts — reads the same at 5 Hz; plans travel
 * as messages, not state.
 */
export const PATCH_INTERVAL_MS = 200;
