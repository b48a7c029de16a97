// The teams' edit counts go to the facilitator and projectors only (MSG_EDIT_COUNTS), at once on a new phase or
// round and otherwise at most once per EDIT_COUNT_MIRROR_MS while they change.
import { describe, expect, it } from 'vitest';
import { hostCommand, playerEdit, type SessionSnapshot } from '../../../shared/classroom/index.ts';
import { MSG_EDIT_COUNTS } from '../../../shared/index.ts';
import { EDIT_COUNT_MIRROR_MS, EditCountsCourier, editCountsOf } from '../../../server/rooms/editCounts.ts';
import type { SeatedClient } from '../../../server/rooms/seat.ts';
import { lobby, ok } from '../../classroom/helpers.ts';

const planningOf = (s: SessionSnapshot) =>
  ok(hostCommand(ok(hostCommand(s, { command: 'start' }, 0)).session, { command: 'advance' }, 1000)).session;

/** A connection of `role` that records the frames queued to it. */
function screen(role: 'facilitator' | 'projector' | 'player'): SeatedClient & { frames: Buffer[] } {
  const frames: Buffer[] = [];
  return { userData: { role, playerId: 'p1' }, frames, enqueueRaw: (b: Buffer) => frames.push(b) } as never;
}

describe('EditCountsCourier', () => {
  const planning = planningOf(lobby([['A'], ['B']]));
  const edit = (s: SessionSnapshot, spec: [string | null, string | null], at: number) =>
    ok(playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w1', spec }, at)).session;

  it("counts each team's accepted edits of the round", () => {
    const once = edit(planning, [null, 'model'], 2000);
    expect(editCountsOf(once).counts).toEqual({ t1: 1, t2: 0 });
  });

  it('sends to the facilitator and projectors only, when the counts change, at most once per pace', () => {
    let wall = 0;
    const courier = new EditCountsCourier(() => wall);
    const [host, projector, player] = [screen('facilitator'), screen('projector'), screen('player')];
    const clients = [host, projector, player];
    courier.deliver(clients, planning);
    expect([host.frames.length, projector.frames.length, player.frames.length]).toEqual([1, 1, 0]);
    expect(host.frames[0]!.includes(Buffer.from(MSG_EDIT_COUNTS))).toBe(true);
    courier.deliver(clients, planning); // unchanged: nothing
    const once = edit(planning, [null, 'model'], 2000);
    wall = EDIT_COUNT_MIRROR_MS / 2;
    courier.deliver(clients, once); // changed but not due
    expect(host.frames.length).toBe(1);
    wall = EDIT_COUNT_MIRROR_MS;
    courier.deliver(clients, once);
    expect(host.frames.length).toBe(2);
  });

  it('sends at once when the phase changes', () => {
    let wall = 0;
    const courier = new EditCountsCourier(() => wall);
    const host = screen('facilitator');
    const once = edit(planning, [null, 'model'], 2000);
    courier.deliver([host], once);
    const twice = edit(once, ['model', null], 2100);
    const ended = ok(hostCommand(twice, { command: 'endPlanning' }, 2200)).session;
    wall = 1;
    courier.deliver([host], ended);
    expect(host.frames.length).toBe(2);
  });
});
