// What every SessionStore must do, run against SQLite (persistence.test.ts) and PostgreSQL (pgStore.test.ts):
// the rows an accepted change writes (sessionChange over the core's snapshots), refusals, and the room lease's
// compare-and-set (of two claims expecting the same token, exactly one wins).
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSession,
  dropGhostSeats,
  hostCommand,
  joinPlayer,
  playerEdit,
  setLock,
  type SessionSnapshot,
  type SessionStep,
} from '../../../shared/index.ts';
import type { SessionStore } from '../../../server/persistence/SessionStore.ts';
import { hashSecret } from '../../../server/persistence/secrets.ts';
import { sessionChange } from '../../../server/persistence/sessionChange.ts';

export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { text: { en: string } } }): T {
  if (!r.ok) throw new Error(r.error.text.en);
  return r.value;
}
export const host = (
  s: SessionSnapshot,
  command: Parameters<typeof hostCommand>[1],
  now: number,
): SessionStep => unwrap(hostCommand(s, command, now));

/** A lobby `code` with p1 in t1 and p2 in t2 and its seat hashes, stored in `store`. */
export async function storedLobby(store: SessionStore, code = 'ABC234') {
  let s = unwrap(
    createSession({ code, rounds: ['fridge-too-small'], planningSeconds: 60, teams: 2, nowMs: 0 }),
  );
  await store.createSession({
    code,
    title: '',
    hostKeyHash: hashSecret('k'),
    snapshotJson: JSON.stringify(s),
    nowMs: 0,
  });
  const seats = new Map<string, string>();
  for (const nickname of ['Ann', 'Cy']) {
    const j = unwrap(joinPlayer(s, { nickname }, 1));
    seats.set(j.playerId, `hash-${j.playerId}`);
    await store.applyChange(code, sessionChange(s, j.session, 1, seats));
    s = j.session;
  }
  return { s, seats };
}

/** The contract; `open` gives a fresh, empty store (closed after each test). */
export function storeContract(name: string, open: () => Promise<SessionStore>): void {
  const stores: SessionStore[] = [];
  const fresh = async () => {
    const store = await open();
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
  });

  describe(`sessionChange + ${name} store`, () => {
    it('writes seats, round start/end, every plan version and lock, and scores', async () => {
      const store = await fresh();
      const lobby = await storedLobby(store);
      const { seats } = lobby;
      let s = lobby.s;
      expect(await store.players('ABC234')).toEqual([
        { id: 'p1', nickname: 'Ann', team: 't1', seatKeyHash: 'hash-p1' },
        { id: 'p2', nickname: 'Cy', team: 't2', seatKeyHash: 'hash-p2' },
      ]);
      const step = async (next: SessionStep, now: number) => {
        await store.applyChange('ABC234', sessionChange(s, next.session, now, seats));
        s = next.session;
      };
      await step(host(s, { command: 'start' }, 10), 10);
      expect(await store.rounds('ABC234')).toEqual([
        { idx: 0, levelId: 'fridge-too-small', startedAt: 10, endedAt: null },
      ]);
      expect((await store.plans('ABC234')).map((p) => [p.team, p.version, p.locked])).toEqual([
        ['t1', 0, false],
        ['t2', 0, false],
      ]);
      await step(host(s, { command: 'advance' }, 20), 20);
      await step(
        unwrap(playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 30)),
        30,
      );
      const plans = await store.plans('ABC234');
      expect(plans[0]).toMatchObject({ team: 't1', version: 1, locked: false, savedAt: 30 });
      expect(plans[1]).toMatchObject({ team: 't2', version: 0, savedAt: 10 });
      await step(
        unwrap(playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w2', spec: ['model', null] }, 35)),
        35,
      );
      expect((await store.plans('ABC234'))[0]).toMatchObject({ version: 2, savedAt: 35 });
      await step(host(s, { command: 'endPlanning' }, 40), 40);
      expect((await store.plans('ABC234')).map((p) => p.locked)).toEqual([true, true]);
      const scores = await store.scores('ABC234');
      expect(scores.map((r) => [r.team, r.rank, r.points])).toEqual([
        ['t1', 1, 1000],
        ['t2', 2, 0],
      ]);
      expect(JSON.parse(scores[0]!.resultJson)).toEqual(s.results[0]!.teams[0]);
      // skipping the round in service withdraws its score; the round ends at the podium
      await step(host(s, { command: 'skipRound' }, 50), 50);
      expect(await store.scores('ABC234')).toEqual([]);
      expect((await store.rounds('ABC234'))[0]).toMatchObject({ startedAt: 10, endedAt: 50 });
      const stored = (await store.getSession('ABC234'))!;
      expect(JSON.parse(stored.snapshotJson)).toEqual(s);
      expect(stored.updatedAt).toBe(50);
      await store.touch('ABC234', 60);
      expect((await store.getSession('ABC234'))!.updatedAt).toBe(60);
    });

    it('writes a change of plans alone as its rows, and reads the session back with its newest plans', async () => {
      const store = await fresh();
      const lobby = await storedLobby(store);
      let s = lobby.s;
      const step = async (next: SessionStep, now: number) => {
        const change = sessionChange(s, next.session, now, lobby.seats);
        await store.applyChange('ABC234', change);
        s = next.session;
        return change;
      };
      await step(host(s, { command: 'start' }, 10), 10);
      await step(host(s, { command: 'advance' }, 20), 20);
      const edit = (spec: (string | null)[], now: number) =>
        unwrap(playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w1', spec }, now));
      // the first edit marks the seat as played: the snapshot is written
      expect((await step(edit([null, 'model'], 30), 30)).snapshotJson).toBeDefined();
      const second = await step(edit(['model', null], 35), 35);
      expect(second.snapshotJson).toBeUndefined();
      expect(second.plans).toHaveLength(1);
      const read = async () =>
        JSON.parse((await store.getSession('ABC234'))!.snapshotJson) as SessionSnapshot;
      expect(await read()).toEqual(s);
      expect((await read()).plans.t1!.activity).toHaveLength(2);
      // the session's row is left as it was (the room's heartbeat, touch, keeps updated_at)
      expect((await store.getSession('ABC234'))!.updatedAt).toBe(30);
      const locked = await step(unwrap(setLock(s, 'p1', true, 40)), 40);
      expect(locked.snapshotJson).toBeUndefined();
      expect(await read()).toEqual(s);
      // a change of more than plans writes the snapshot, which then holds the same plans as the rows
      expect((await step(host(s, { command: 'endPlanning' }, 50), 50)).snapshotJson).toBeDefined();
      expect(await read()).toEqual(s);
    });

    it('deletes the rows of dropped seats (never played: ghostSeats.ts), and only those', async () => {
      const store = await fresh();
      const { s, seats } = await storedLobby(store);
      await store.applyChange('ABC234', sessionChange(s, dropGhostSeats(s, new Set(['p1'])), 5, seats));
      expect(await store.players('ABC234')).toEqual([
        { id: 'p2', nickname: 'Cy', team: 't2', seatKeyHash: 'hash-p2' },
      ]);
    });

    it('refuses to change a session that is not stored, and a second session with the same code', async () => {
      const store = await fresh();
      const { s } = await storedLobby(store);
      await expect(store.applyChange('ZZZ999', sessionChange(null, s, 1, new Map()))).rejects.toThrow(
        /not stored/,
      );
      await expect(
        store.createSession({ code: 'ABC234', title: '', hostKeyHash: '', snapshotJson: '{}', nowMs: 0 }),
      ).rejects.toThrow(/UNIQUE|duplicate key/);
      expect(await store.hasSession('ABC234')).toBe(true);
      expect(await store.hasSession('ZZZ999')).toBe(false);
      await store.deleteNewSession('ABC234');
      expect(await store.getSession('ABC234')).toBeUndefined();
    });

    it('a failed change writes none of its rows', async () => {
      const store = await fresh();
      const { s, seats } = await storedLobby(store);
      const started = host(s, { command: 'start' }, 10).session;
      const change = sessionChange(s, started, 10, seats);
      // the same round twice in one change is fine; a plan row without a team (NOT NULL) fails mid-way
      const broken = {
        ...change,
        plans: [...(change.plans ?? []), { ...change.plans![0]!, team: null as never }],
      };
      await expect(store.applyChange('ABC234', broken)).rejects.toThrow();
      expect(await store.rounds('ABC234')).toEqual([]);
      expect(await store.plans('ABC234')).toEqual([]);
      expect(JSON.parse((await store.getSession('ABC234'))!.snapshotJson)).toEqual(s);
    });
  });

  describe(`${name} room lease`, () => {
    it('is claimed by compare-and-set: of two claims expecting the same token one wins', async () => {
      const store = await fresh();
      await storedLobby(store);
      expect(await store.roomLease('ABC234')).toBeUndefined();
      const a = { processId: 'A', token: 'ta', claimedAt: 1 };
      const b = { processId: 'B', token: 'tb', claimedAt: 2 };
      const claims = await Promise.all([
        store.claimRoomLease('ABC234', a, null),
        store.claimRoomLease('ABC234', b, null),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = claims[0] ? a : b;
      expect(await store.roomLease('ABC234')).toEqual(winner);
      // taking over a (dead) holder's lease expects its token; a stale expectation loses
      const c = { processId: 'C', token: 'tc', claimedAt: 3 };
      expect(await store.claimRoomLease('ABC234', c, 'not-the-token')).toBe(false);
      expect(await store.claimRoomLease('ABC234', c, winner.token)).toBe(true);
      await store.releaseRoomLease('ABC234', winner.token); // not the holder any more: nothing happens
      expect(await store.roomLease('ABC234')).toEqual(c);
      await store.releaseRoomLease('ABC234', 'tc');
      expect(await store.roomLease('ABC234')).toBeUndefined();
    });
  });
}
