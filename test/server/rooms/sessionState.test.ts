// mirrorSession: the core's snapshot copied into the Colyseus schema state; a running timer is written only
// with another change or when a resync is due (TIMER_RESYNC_MS); mirrorsAlike tells the room that a step (an
// accepted edit) would mirror as the one before it. The edit counts: editCounts.test.ts.
import { describe, expect, it } from 'vitest';
import {
  hostCommand,
  kitchensOf,
  playerEdit,
  setLock,
  type SessionSnapshot,
} from '../../../shared/classroom/index.ts';
import {
  SessionState,
  TIMER_RESYNC_MS,
  mirrorSession,
  mirrorsAlike,
} from '../../../server/rooms/sessionState.ts';
import { StateMirror } from '../../../server/rooms/StateMirror.ts';
import { lobby, ok } from '../../classroom/helpers.ts';

const planningOf = (s: SessionSnapshot) =>
  ok(hostCommand(ok(hostCommand(s, { command: 'start' }, 0)).session, { command: 'advance' }, 1000)).session;

describe('mirrorSession', () => {
  const planning = planningOf(lobby([['A'], ['B']]));
  const edited = ok(
    playerEdit(planning, 'p1', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 2000),
  );

  it('copies phase, teams and players, and leaves the edit counts out', () => {
    const state = new SessionState();
    mirrorSession(state, edited.session, 2000, new Set(['p1']));
    expect(state.phase).toBe('planning');
    expect(state.teams.get('t1')!.toJSON()).not.toHaveProperty('planVersion');
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

  it('writes a running timer only with another change, a start or stop, or a resync', () => {
    const state = new SessionState();
    // planning started at 1000 ms with the level's planning time; mirrored at 1200 ms: exact, not rounded
    expect(mirrorSession(state, planning, 1200, new Set(), false)).toBe(true);
    const first = state.timerRemainingMs;
    expect(first % 1000).toBe(800);
    // 5 s later, nothing else changed and no resync: the field stays (no patch); screens count down themselves
    expect(mirrorSession(state, planning, 6200, new Set(), false)).toBe(false);
    expect(state.timerRemainingMs).toBe(first);
    // a player connects: the same patch carries the timer as it is now
    expect(mirrorSession(state, planning, 6300, new Set(['p1']), false)).toBe(true);
    expect(state.timerRemainingMs).toBe(first - 5100);
    // a resync writes it though nothing else changed
    expect(mirrorSession(state, planning, 9300, new Set(['p1']), true)).toBe(true);
    expect(state.timerRemainingMs).toBe(first - 8100);
    // paused: the exact remaining time, written at once
    const paused = ok(hostCommand(planning, { command: 'pause' }, 9500)).session;
    mirrorSession(state, paused, 9600, new Set(['p1']), false);
    expect(state.timerRunning).toBe(false);
    expect(state.timerRemainingMs).toBe(first - 8300);
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

describe('StateMirror.resync', () => {
  const planning = planningOf(lobby([['A'], ['B']]));

  it('writes a running timer once TIMER_RESYNC_MS of wall clock has passed, and nothing else', () => {
    let wall = 0;
    const mirror = new StateMirror(() => wall);
    mirror.mirror(planning, 1200, new Set());
    const first = mirror.state.timerRemainingMs;
    wall = TIMER_RESYNC_MS - 1;
    mirror.resync(planning, 11_000);
    expect(mirror.state.timerRemainingMs).toBe(first);
    wall = TIMER_RESYNC_MS;
    mirror.resync(planning, 11_200);
    expect(mirror.state.timerRemainingMs).toBe(first - 10_000);
  });
});
