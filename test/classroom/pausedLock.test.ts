// A captain's lock while the clock is paused (the facilitator's pause, or the one after a restart) once ended
// planning during the pause; it is refused 'paused' as edits are, and so is an unlock (it would reopen edits
// the pause freezes). A second lock of a locked plan was answered with nothing; it answers the plan as it
// stands, so the captain's page catches up.
import { describe, expect, it } from 'vitest';
import { hostCommand, setLock, type SessionSnapshot } from '../../shared/classroom/index.ts';
import { resumedSnapshot } from '../../server/persistence/resumedSnapshot.ts';
import { lobby, ok, refused } from './helpers.ts';

const planningOf = (s: SessionSnapshot) =>
  ok(hostCommand(ok(hostCommand(s, { command: 'start' }, 0)).session, { command: 'advance' }, 1000)).session;
const four = () => planningOf(lobby([['A'], ['B'], ['C'], ['D']])); // captains: p1 of t1, p2 of t2
const pause = (s: SessionSnapshot, at: number) => ok(hostCommand(s, { command: 'pause' }, at)).session;

describe('setLock while the clock is paused', () => {
  it('refuses the last captain’s lock: planning does not end during the pause', () => {
    const oneLocked = ok(setLock(four(), 'p1', true, 2000)).session;
    const paused = pause(oneLocked, 3000);
    const before = structuredClone(paused);
    refused(setLock(paused, 'p2', true, 4000), 'paused');
    expect(paused).toEqual(before);
    expect(paused.phase).toBe('planning');
    const resumed = ok(hostCommand(paused, { command: 'resume' }, 5000)).session;
    expect(ok(setLock(resumed, 'p2', true, 6000)).session.phase).toBe('service');
  });

  it('refuses an unlock too, as it refuses edits', () => {
    const paused = pause(ok(setLock(four(), 'p1', true, 2000)).session, 3000);
    refused(setLock(paused, 'p1', false, 4000), 'paused');
  });

  it('refuses a lock after a restart, whose reopened session waits paused', () => {
    const oneLocked = ok(setLock(four(), 'p1', true, 2000)).session;
    const reopened = resumedSnapshot(oneLocked, 50_000, 60_000);
    expect(reopened.timer.runningSinceMs).toBeNull();
    refused(setLock(reopened, 'p2', true, 61_000), 'paused');
  });
});

describe('setLock of the value the plan already has', () => {
  it('changes nothing and answers the team’s plan as it stands', () => {
    const locked = ok(setLock(four(), 'p1', true, 2000));
    const again = ok(setLock(locked.session, 'p1', true, 2500));
    expect(again.session).toBe(locked.session);
    expect(again.effects).toEqual([
      { kind: 'teamPlan', message: expect.objectContaining({ team: 't1', locked: true, version: 0 }) },
    ]);
    const unlockedTwice = ok(setLock(four(), 'p1', false, 2000));
    expect(unlockedTwice.effects).toEqual([
      { kind: 'teamPlan', message: expect.objectContaining({ team: 't1', locked: false }) },
    ]);
  });
});
