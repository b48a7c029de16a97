// A captain gone past the reconnection window hands the team to its first connected member (captainHandover.ts):
// the team can lock again without the facilitator. Nobody connected: the captain stays; a connected captain or a
// captain of another team is never moved.
import { describe, expect, it } from 'vitest';
import { handOverCaptaincy, hostCommand, setLock } from '../../shared/classroom/index.ts';
import { lobby, ok, refused } from './helpers.ts';

// t1: Ann (p1, captain), Bo (p3), Dee (p5); t2: Cy (p2, captain), Eve (p4).
const seated = () =>
  lobby([
    ['Ann', 't1'],
    ['Cy', 't2'],
    ['Bo', 't1'],
    ['Eve', 't2'],
    ['Dee', 't1'],
  ]);
const captains = (s: ReturnType<typeof seated>) => s.teams.map((t) => t.captain);

describe('handOverCaptaincy', () => {
  it("gives a gone captain's team to its first connected member, in join order", () => {
    const s = seated();
    expect(captains(s)).toEqual(['p1', 'p2']);
    expect(captains(handOverCaptaincy(s, new Set(['p1']), new Set(['p2', 'p3', 'p5'])))).toEqual([
      'p3',
      'p2',
    ]);
    // Bo is gone too: Dee, the next one connected.
    expect(captains(handOverCaptaincy(s, new Set(['p1', 'p3']), new Set(['p5'])))).toEqual(['p5', 'p2']);
  });

  it('keeps the captain when nobody of the team is connected, or when the captain is', () => {
    const s = seated();
    expect(handOverCaptaincy(s, new Set(['p1']), new Set(['p2', 'p4']))).toBe(s);
    expect(handOverCaptaincy(s, new Set(['p1']), new Set(['p1', 'p3']))).toBe(s);
    expect(handOverCaptaincy(s, new Set(['p3']), new Set(['p5']))).toBe(s); // Bo is not captain
  });

  it('lets the new captain lock the plan, and the old one, back, is a member', () => {
    let s = ok(
      hostCommand(
        ok(hostCommand(seated(), { command: 'start' }, 3000)).session,
        { command: 'advance' },
        3000,
      ),
    ).session;
    s = handOverCaptaincy(s, new Set(['p1']), new Set(['p3']));
    expect(ok(setLock(s, 'p3', true, 4000)).session.plans.t1!.locked).toBe(true);
    refused(setLock(s, 'p1', true, 4000), 'not-captain');
  });
});
