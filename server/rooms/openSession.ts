// What a session room opens from (SessionRoom.onCreate): the stored session, checked against the host key,
// its lease claimed for this process (roomLease.ts), its seats' key hashes and its snapshot resumed as of now
// (resumedSnapshot.ts: a timer that ran while the server was down comes back paused), that resumption written.
// A failure after the lease was claimed gives the lease back.
import { ServerError } from 'colyseus';
import type { SessionSnapshot } from '../../shared/index.ts';
import type { RoomLease, SessionStore } from '../persistence/SessionStore.ts';
import { defaultDbPath } from '../persistence/SqliteSessionStore.ts';
import { openSessionStore } from '../persistence/openSessionStore.ts';
import { resumedSnapshot } from '../persistence/resumedSnapshot.ts';
import { verifySecret } from '../persistence/secrets.ts';
import { sessionChange } from '../persistence/sessionChange.ts';
import { ROOM_LEASED, claimRoomLease, releaseRoomLease } from './roomLease.ts';

/** What every session room of a process shares (passed as the room's define() options). */
export interface SessionRoomDeps {
  readonly store: SessionStore;
  /** The server clock, ms since the epoch. */
  readonly now: () => number;
  /** How long a dropped seat waits for its client, seconds (≥ 120: docs/design.md §5.5). */
  readonly reconnectSeconds: number;
}

let fallbackDeps: Promise<SessionRoomDeps> | undefined;
/** The process's store from the environment (DATABASE_URL or MESH_KITCHEN_DB), opened once. */
export const defaultDeps = (): Promise<SessionRoomDeps> =>
  (fallbackDeps ??= openSessionStore({ databaseUrl: process.env.DATABASE_URL, dbPath: defaultDbPath() }).then(
    (store) => ({ store, now: Date.now, reconnectSeconds: 120 }),
  ));

/** A session made ready for its room. */
export interface OpenedSession {
  readonly code: string;
  readonly hostKeyHash: string;
  readonly lease: RoomLease;
  /** Seat key hash by player id. */
  readonly seatKeys: ReadonlyMap<string, string>;
  /** The snapshot resumed at `nowMs`. */
  readonly session: SessionSnapshot;
  readonly nowMs: number;
}

/** Opens session `code` with `hostKey`: 404 unknown, 403 wrong key, 409 open in another process. */
export async function openSession(
  deps: SessionRoomDeps,
  code: string,
  hostKey: unknown,
): Promise<OpenedSession> {
  const stored = await deps.store.getSession(code);
  if (!stored) throw new ServerError(404, `No session ${code}.`);
  if (typeof hostKey !== 'string' || !verifySecret(hostKey, stored.hostKeyHash))
    throw new ServerError(403, 'Wrong host key.');
  const lease = await claimRoomLease(deps.store, code, deps.now());
  if (!lease) throw new ServerError(409, `${ROOM_LEASED} Session ${code} is open in another process.`);
  try {
    const seatKeys = new Map((await deps.store.players(code)).map((p) => [p.id, p.seatKeyHash]));
    const nowMs = deps.now();
    const storedSnapshot = JSON.parse(stored.snapshotJson) as SessionSnapshot;
    const session = resumedSnapshot(storedSnapshot, stored.updatedAt, nowMs);
    if (session !== storedSnapshot)
      await deps.store.applyChange(code, sessionChange(storedSnapshot, session, nowMs, seatKeys));
    return { code, hostKeyHash: stored.hostKeyHash, lease, seatKeys, session, nowMs };
  } catch (e) {
    await releaseRoomLease(deps.store, code, lease).catch(() => undefined);
    throw e;
  }
}
