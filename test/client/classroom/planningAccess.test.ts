// Who may edit the team plan during planning: a late joiner (joinedRound after the current round) only
// watches, as does everyone in a locked team; outside planning nobody edits.
import { describe, expect, it } from 'vitest';
import { planningAccess } from '../../../client/classroom/viewModels/planningAccess.ts';
import { parseRoomState, type RoomState } from '../../../client/classroom/viewModels/roomState.ts';

/** Round index 1 (the second round) in planning; Ann joined in the lobby, Late during this planning. */
const state = (over: object = {}, locked = false): RoomState =>
  parseRoomState({
    phase: 'planning',
    round: 1,
    timerRunning: true,
    teams: { t1: { id: 't1', members: ['p1', 'p2', 'p3'], locked } },
    players: {
      p1: { id: 'p1', nickname: 'Ann', team: 't1', joinedRound: 0 },
      p2: { id: 'p2', nickname: 'Bo', team: 't1', joinedRound: 1 }, // joined in round 2's briefing
      p3: { id: 'p3', nickname: 'Late', team: 't1', joinedRound: 2 },
    },
    ...over,
  });

describe('planningAccess', () => {
  it('reads joinedRound from the room state (0 when missing)', () => {
    expect(state().players.map((p) => p.joinedRound)).toEqual([0, 1, 2]);
    expect(parseRoomState({ players: { p1: { id: 'p1' } } }).players[0]!.joinedRound).toBe(0);
  });

  it('lets players of this round edit and makes the late joiner watch', () => {
    expect(planningAccess(state(), 'p1')).toBe('edit');
    expect(planningAccess(state(), 'p2')).toBe('edit');
    expect(planningAccess(state(), 'p3')).toBe('late');
  });

  it('a locked plan is read-only for its team; late stays late', () => {
    expect(planningAccess(state({}, true), 'p1')).toBe('locked');
    expect(planningAccess(state({}, true), 'p3')).toBe('late');
  });

  it('a paused clock makes the plan read-only for everyone; locked and late stay what they are', () => {
    expect(planningAccess(state({ timerRunning: false }), 'p1')).toBe('paused');
    expect(planningAccess(state({ timerRunning: false }), 'p2')).toBe('paused');
    expect(planningAccess(state({ timerRunning: false }, true), 'p1')).toBe('locked');
    expect(planningAccess(state({ timerRunning: false }), 'p3')).toBe('late');
  });

  it('the late joiner edits from the next round on', () => {
    expect(planningAccess(state({ round: 2 }), 'p3')).toBe('edit');
  });

  it('outside planning, or for an unknown player, there is nothing to edit', () => {
    expect(planningAccess(state({ phase: 'briefing' }), 'p3')).toBe('none');
    expect(planningAccess(state({ phase: 'service' }), 'p1')).toBe('none');
    expect(planningAccess(state(), 'p9')).toBe('none');
  });
});
