// settleRoomState: the teams' edit counts come from MSG_EDIT_COUNTS, and the timer is read anew only when the
// server wrote it again (a patch of other fields would otherwise set the countdown back).
import { describe, expect, it } from 'vitest';
import { parseRoomState, settleRoomState } from '../../../client/classroom/viewModels/roomState.ts';
import { remainingAt } from '../../../client/classroom/viewModels/timer.ts';

const json = (remainingMs: number, connected: boolean) => ({
  phase: 'planning',
  timerRemainingMs: remainingMs,
  timerRunning: true,
  teams: { t1: { id: 't1', members: ['p1'] }, t2: { id: 't2', members: [] } },
  players: { p1: { id: 'p1', team: 't1', connected } },
});

describe('settleRoomState', () => {
  it('keeps the timer reading of a patch that did not write the timer', () => {
    const first = settleRoomState(parseRoomState(json(60_000, false)), null, undefined, 1_000);
    expect(first.timer.sampledAtMs).toBe(1_000);
    // 5 s later a player connects; the server did not write the timer: the countdown goes on from 1 s
    const second = settleRoomState(parseRoomState(json(60_000, true)), first, undefined, 6_000);
    expect(second.timer.sampledAtMs).toBe(1_000);
    expect(remainingAt(second.timer, 6_000)).toBe(55_000);
    // the server writes it again: read now
    const third = settleRoomState(parseRoomState(json(54_000, true)), second, undefined, 7_000);
    expect(third.timer.sampledAtMs).toBe(7_000);
    expect(remainingAt(third.timer, 7_000)).toBe(54_000);
  });

  it('gives each team the last edit counts, 0 for a team they do not name', () => {
    const s = settleRoomState(parseRoomState(json(60_000, true)), null, { t1: 7 }, 0);
    expect(s.teams.map((t) => [t.id, t.planVersion])).toEqual([
      ['t1', 7],
      ['t2', 0],
    ]);
    expect(settleRoomState(s, s, { t1: 8, t2: 1 }, 5).teams.map((t) => t.planVersion)).toEqual([8, 1]);
  });
});
