// The facilitator's roster and message commands: movePlayer, setCaptain, kick (captaincy handed on, the
// kicked player locked out), hint (trimmed, 1–280 characters), and their refusals.
import { describe, expect, it } from 'vitest';
import { hostCommand, joinPlayer, kitchensOf, playerEdit } from '../../shared/classroom/index.ts';
import type { SessionSnapshot } from '../../shared/classroom/index.ts';
import type { HostCommand } from '../../shared/protocol/classroom.ts';
import { lobby, ok, refused } from './helpers.ts';

const host = (s: SessionSnapshot, command: HostCommand, nowMs = 0) => ok(hostCommand(s, command, nowMs));
const four = () => lobby([['A'], ['B'], ['C'], ['D']]); // t1: p1 A, p3 C; t2: p2 B, p4 D

describe('movePlayer', () => {
  it('moves a captain: the old team gets its next member, the new team keeps its captain', () => {
    const s = host(four(), { command: 'movePlayer', player: 'p1', team: 't2' }).session;
    expect(s.players[0]!.team).toBe('t2');
    expect(s.teams.map((t) => t.captain)).toEqual(['p3', 'p2']);
  });

  it('works in any phase and sends the moved player the new team plan', () => {
    let s = host(host(four(), { command: 'start' }).session, { command: 'advance' }).session;
    const r = host(s, { command: 'movePlayer', player: 'p3', team: 't2' });
    s = r.session;
    expect(r.effects).toEqual([
      { kind: 'teamPlan', message: { team: 't2', plan: s.plans.t2!.plan, version: 0, locked: false } },
    ]);
    expect(
      ok(playerEdit(s, 'p3', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 0)).session.plans.t2!
        .version,
    ).toBe(1);
  });

  it('refuses an unknown player or team and the same team', () => {
    const s = four();
    refused(hostCommand(s, { command: 'movePlayer', player: 'p9', team: 't2' }, 0), 'unknown-player');
    refused(hostCommand(s, { command: 'movePlayer', player: 'p1', team: 't3' }, 0), 'unknown-team');
    refused(hostCommand(s, { command: 'movePlayer', player: 'p1', team: 't1' }, 0), 'bad-argument');
  });
});

describe('setCaptain', () => {
  it('makes a member captain of their own team, and it sticks while they stay', () => {
    let s = host(four(), { command: 'setCaptain', player: 'p3' }).session;
    expect(s.teams.map((t) => t.captain)).toEqual(['p3', 'p2']);
    s = ok(joinPlayer(s, { nickname: 'E', team: 't1' }, 0)).session;
    expect(s.teams[0]!.captain).toBe('p3');
    refused(hostCommand(s, { command: 'setCaptain', player: 'p42' }, 0), 'unknown-player');
  });
});

describe('kick', () => {
  it('marks the player kicked, hands on the captaincy and tells the room to disconnect them', () => {
    const r = host(four(), { command: 'kick', player: 'p2' });
    expect(r.effects).toEqual([{ kind: 'kicked', player: 'p2' }]);
    expect(r.session.players[1]!.kicked).toBe(true);
    expect(r.session.teams.map((t) => t.captain)).toEqual(['p1', 'p4']);
    refused(hostCommand(r.session, { command: 'kick', player: 'p2' }, 0), 'kicked');
    expect(kitchensOf(r.session, 'p2')).toEqual([]);
  });

  it('an emptied team has no captain; a kicked nickname stays out (issue 10); ids are not reused', () => {
    let s = lobby([['A'], ['B']]);
    s = host(s, { command: 'kick', player: 'p2' }).session;
    expect(s.teams[1]!.captain).toBeNull();
    refused(joinPlayer(s, { nickname: ' b ' }, 0), 'kicked');
    const j = ok(joinPlayer(s, { nickname: 'C' }, 0));
    expect([j.playerId, j.nickname, j.session.players[2]!.team]).toEqual(['p3', 'C', 't2']);
    expect(j.session.teams[1]!.captain).toBe('p3');
  });

  it('locks a kicked player out of editing', () => {
    let s = host(host(four(), { command: 'start' }).session, { command: 'advance' }).session;
    s = host(s, { command: 'kick', player: 'p1' }).session;
    refused(playerEdit(s, 'p1', { type: 'clearSpec', tensor: 'w1' }, 0), 'kicked');
  });
});

describe('hint', () => {
  it('trims and stores the hint and broadcasts it, in any open phase', () => {
    const r = host(four(), { command: 'hint', text: '  先切列，再切行  ' });
    expect(r.session.lastHint).toBe('先切列，再切行');
    expect(r.effects).toEqual([{ kind: 'hint', text: '先切列，再切行' }]);
    expect(host(four(), { command: 'hint', text: '厨'.repeat(280) }).session.lastHint).toHaveLength(280);
  });

  it.each(['', '   ', '厨'.repeat(281)])('refuses %j', (text) => {
    refused(hostCommand(four(), { command: 'hint', text }, 0), 'bad-argument');
  });

  it('a new hint replaces the current one; clearHint takes it off (twice is harmless)', () => {
    let s = host(four(), { command: 'hint', text: 'one' }).session;
    s = host(s, { command: 'hint', text: 'two' }).session;
    expect(s.lastHint).toBe('two');
    const cleared = host(s, { command: 'clearHint' });
    expect(cleared).toEqual({ session: { ...s, lastHint: '' }, effects: [] });
    const again = host(cleared.session, { command: 'clearHint' });
    expect(again.session).toBe(cleared.session);
  });

  it('belongs to its round: gone at the end of planning, at the next briefing and on the podium', () => {
    const hinted = (s: SessionSnapshot) => host(s, { command: 'hint', text: 'split w1' }).session;
    let s = hinted(host(four(), { command: 'start' }).session); // briefing of round 1
    s = host(s, { command: 'advance' }, 1000).session; // planning: a briefing hint still stands
    expect(s.lastHint).toBe('split w1');
    s = host(hinted(s), { command: 'endPlanning' }, 2000).session;
    expect([s.phase, s.lastHint]).toEqual(['service', '']);
    s = hinted(host(s, { command: 'advance' }).session); // results: a hint on the debrief
    expect(s.lastHint).toBe('split w1');
    const next = host(s, { command: 'advance' }).session;
    expect([next.phase, next.round, next.lastHint]).toEqual(['briefing', 1, '']);
    const ended = host(hinted(s), { command: 'endSession' }).session;
    expect([ended.phase, ended.lastHint]).toEqual(['podium', '']);
  });
});

it('refuses an unknown command', () => {
  refused(hostCommand(four(), { command: 'explode' } as unknown as HostCommand, 0), 'bad-argument');
});
