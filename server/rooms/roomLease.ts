// One session, one room, in one process at a time: the store holds each running session's room lease (the
// Colyseus process id and a token), claimed by compare-and-set when the room is created. A lease whose
// process is gone is free at once: a live process keeps a Redis subscription on its channel `p:<processId>`
// (Colyseus IPC), and when a process dies — kill -9 included — the kernel closes its socket and Redis drops
// the subscription, so PUBSUB CHANNELS no longer lists it. A process still subscribed but not answering
// (hung, host unreachable) is pinged with Colyseus's health check (COLYSEUS_PRESENCE_SHORT_TIMEOUT, 2 s).
// Without Redis (one process) every other process id is a previous run of the server: gone.
import { randomUUID } from 'node:crypto';
import { matchMaker } from 'colyseus';
import type { RoomLease, SessionStore } from '../persistence/SessionStore.ts';

/** The marker of a refused claim in the error a remote onCreate sends back through Colyseus IPC. */
export const ROOM_LEASED = '[room-leased]';

/** A lease older than this whose room is listed nowhere is left over from a room that closed, ms. */
const ORPHAN_LEASE_MS = 30_000;

/** The lease token of every session this process holds (its room is open or opening here). */
const held = new Map<string, string>();

/** Whether the Colyseus process `processId` is running. */
export async function isProcessAlive(processId: string): Promise<boolean> {
  if (processId === matchMaker.processId) return true;
  const channels = await matchMaker.presence.channels(`p:${processId}`);
  if (channels.length === 0) {
    // gone: stop placing new rooms on it (its stale listings are overwritten as its sessions resume)
    await matchMaker.stats.excludeProcess(processId);
    return false;
  }
  return matchMaker.healthCheckProcessId(processId);
}

/** Whether the room of `code` is listed in the matchmaker (any process). */
export async function isRoomListed(code: string): Promise<boolean> {
  return (await matchMaker.query({ roomId: code })).length > 0;
}

/** The lease of `code` if a live process runs (or is opening) its room; undefined when it is free. */
export async function liveLease(
  store: SessionStore,
  code: string,
  nowMs: number,
): Promise<RoomLease | undefined> {
  const lease = await store.roomLease(code);
  return lease !== undefined && (await isLive(lease, code, nowMs)) ? lease : undefined;
}

async function isLive(lease: RoomLease, code: string, nowMs: number): Promise<boolean> {
  if (lease.processId === matchMaker.processId) return held.get(code) === lease.token;
  if (!(await isProcessAlive(lease.processId))) return false;
  return nowMs - lease.claimedAt < ORPHAN_LEASE_MS || (await isRoomListed(code));
}

/**
 * Claims the lease of `code` for this process; undefined if a live process holds it or another claim won
 * the compare-and-set first.
 */
export async function claimRoomLease(
  store: SessionStore,
  code: string,
  nowMs: number,
): Promise<RoomLease | undefined> {
  const current = await store.roomLease(code);
  if (current !== undefined && (await isLive(current, code, nowMs))) return undefined;
  const lease: RoomLease = { processId: matchMaker.processId, token: randomUUID(), claimedAt: nowMs };
  if (!(await store.claimRoomLease(code, lease, current?.token ?? null))) return undefined;
  held.set(code, lease.token);
  return lease;
}

/** Gives the lease of `code` up (its room closed or failed to open). */
export async function releaseRoomLease(store: SessionStore, code: string, lease: RoomLease): Promise<void> {
  if (held.get(code) === lease.token) held.delete(code);
  await store.releaseRoomLease(code, lease.token);
}

/** Waits (polling every 50 ms, up to `ms`) until the room of `code` is listed; whether it is. */
export async function untilListed(code: string, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await isRoomListed(code)) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
