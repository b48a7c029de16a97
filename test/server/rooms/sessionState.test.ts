// mirrorSession: the core's snapshot copied into the Colyseus schema state; the teams' edit counts are left
// as they were when the room says they are not due (editCountsDue); mirrorsAlike tells
// the room that a step (an accepted edit) would mirror as the one before it.
import { describe, expect, it } from 'vitest';
import {
  hostCommand,
  kitchensOf,
  playerEdit,
  setLock,
  type SessionSnapshot,
} from '../../../shared/classroom/index.ts';
import {
  EDIT_COUNT_MIRROR_MS,
  SessionState,
  editCountsDue,
  mirrorSession,
  mirrorsAlike,
} from '../../../server/rooms/sessionState.ts';
import { lobby, ok } from '../../classroom/helpers.ts';

const planningOf = (s: SessionSnapshot) =>
  ok(hostCommand(ok(hostCommand(s, { command: 'start' }, 0)).session, { command: 'advance' }, 1000)).session;

describe('mirrorSession', () => {
  const planning = planningOf(lobby([['A'], ['B']]));
  const edited = ok(
    playerEdit(planning, 'p1', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 2000),
  );

  it('copies phase, teams, players and edit counts', () => {
    const state = new SessionState();
    mirrorSession(state, edited.session, 2000, new Set(['p1']));
    expect(state.phase).toBe('planning');
    expect(state.teams.get('t1')!.planVersion).toBe(1);
    expect(state.teams.get('t2')!.planVersion).toBe(0);
    expect(state.players.get('p1')!.connected).toBe(true);
    expect(state.players.get('p2')!.connected).toBe(false);
  });

  it('re-deals the kitchens and members when the roster changes, and only then writes the arrays', () => {
    const state = new SessionState();
    const two = planningOf(
      lobby([
        ['A', 't1'],
        ['B', 't2'],
        ['C', 't1'],
      ]),
    );
    const arrays = (s: SessionSnapshot) =>
      s.players.map((p) => [p.id, [...state.players.get(p.id)!.kitchens], kitchensOf(s, p.id)]);
    mirrorSession(state, planning, 1000, new Set());
    for (const [, shown, dealt] of arrays(planning)) expect(shown).toEqual(dealt);
    mirrorSession(state, two, 2000, new Set());
    for (const [, shown, dealt] of arrays(two)) expect(shown).toEqual(dealt);
    const t1 = two.players.filter((p) => p.team === 't1').map((p) => p.id);
    expect([...state.teams.get('t1')!.members]).toEqual(t1);
    // the team's first chef now has every other kitchen of the grid
    expect(kitchensOf(two, t1[0]!).length).toBeLessThan(kitchensOf(planning, t1[0]!).length);
    // back to one chef each: the arrays are written again
    mirrorSession(state, planning, 3000, new Set());
    for (const [, shown, dealt] of arrays(planning)) expect(shown).toEqual(dealt);
  });

  it('leaves the edit counts as they were when they are not due, and catches up when they are', () => {
    const state = new SessionState();
    mirrorSession(state, planning, 1000, new Set());
    mirrorSession(state, edited.session, 2000, new Set(), false);
    expect(state.teams.get('t1')!.planVersion).toBe(0);
    mirrorSession(state, edited.session, 3000, new Set(), true);
    expect(state.teams.get('t1')!.planVersion).toBe(1);
  });
});

describe('mirrorsAlike', () => {
  const planning = planningOf(lobby([['A'], ['B']]));
  const first = ok(
    playerEdit(planning, 'p1', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 2000),
  );
  const second = ok(
    playerEdit(first.session, 'p1', { type: 'setSpec', tensor: 'w1', spec: ['model', null] }, 2500),
  );

  it('holds for an edit that changes only a plan, and the state mirrored is the same', () => {
    expect(mirrorsAlike(first.session, second.session)).toBe(true);
    const [a, b] = [new SessionState(), new SessionState()];
    mirrorSession(a, first.session, 3000, new Set(['p1']), false);
    mirrorSession(b, second.session, 3000, new Set(['p1']), false);
    expect(b.toJSON()).toEqual(a.toJSON());
  });

  it("fails for a player's first edit (the seat is marked as played), a lock and a phase change", () => {
    expect(mirrorsAlike(planning, first.session)).toBe(false);
    const locked = ok(setLock(second.session, 'p1', true, 3000)).session;
    expect(mirrorsAlike(second.session, locked)).toBe(false);
    const paused = ok(hostCommand(second.session, { command: 'pause' }, 3000)).session;
    expect(mirrorsAlike(second.session, paused)).toBe(false);
  });
});

describe('editCountsDue', () => {
  const planning = planningOf(lobby([['A'], ['B']]));
  // the planning clock started at 1000 ms; mirrored at 1200 ms, the timer shows a whole second
  const mirroredAt = (ms: number) => {
    const state = new SessionState();
    mirrorSession(state, planning, ms, new Set());
    return state;
  };

  it("go out with the running timer's next second, so one patch carries both", () => {
    const state = mirroredAt(1200);
    // the same shown second: not yet, however long since (below 1.5 s)
    expect(editCountsDue(state, planning, 1900, 1400)).toBe(false);
    // the second turns at 2000 ms: due once half the pace has passed
    expect(editCountsDue(state, planning, 2100, 600)).toBe(true);
    expect(editCountsDue(state, planning, 2100, 300)).toBe(false);
  });

  it('go out after 1.5 s when the timer does not move (paused, or a clock held still), and at a new phase', () => {
    const state = mirroredAt(1200);
    expect(editCountsDue(state, planning, 1200, EDIT_COUNT_MIRROR_MS * 1.5)).toBe(true);
    expect(editCountsDue(state, planning, 1200, EDIT_COUNT_MIRROR_MS)).toBe(false);
    const next = ok(hostCommand(planning, { command: 'endPlanning' }, 1300)).session;
    expect(editCountsDue(state, next, 1300, 0)).toBe(true);
  });
});
