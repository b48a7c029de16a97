// Seating players: auto-balance, team choice, captains, late joins and the lobby/briefing-only team change.
import { describe, expect, it } from 'vitest';
import { chooseTeam, hostCommand, joinPlayer, playerEdit } from '../../shared/classroom/index.ts';
import { lobby, ok, refused } from './helpers.ts';

describe('joinPlayer', () => {
  it('auto-balances into the smallest team, lowest id on ties; the first member is captain', () => {
    const s = lobby([['A'], ['B'], ['C'], ['D', 't1'], ['E']], { teams: 3 });
    // A→t1, B→t2, C→t3, D chose t1, E: t2 and t3 have 1 each → t2
    expect(s.players.map((p) => [p.id, p.nickname, p.team, p.joinedRound])).toEqual([
      ['p1', 'A', 't1', 0],
      ['p2', 'B', 't2', 0],
      ['p3', 'C', 't3', 0],
      ['p4', 'D', 't1', 0],
      ['p5', 'E', 't2', 0],
    ]);
    expect(s.teams.map((t) => t.captain)).toEqual(['p1', 'p2', 'p3']);
  });

  it('returns the nickname it got, suffixed for a duplicate', () => {
    const s = lobby([['Mei']]);
    const j = ok(joinPlayer(s, { nickname: ' mei ' }, 3000));
    expect([j.playerId, j.nickname]).toEqual(['p2', 'mei 2']);
    expect(j.session.players[1]).toEqual({
      id: 'p2',
      nickname: 'mei 2',
      team: 't2',
      joinedRound: 0,
      joinedAtMs: 3000,
      kicked: false,
      played: false,
    });
  });

  it('refuses an unknown team and a bad nickname, leaving the session as it was', () => {
    const s = lobby([['A']]);
    refused(joinPlayer(s, { nickname: 'B', team: 't9' }, 0), 'unknown-team');
    refused(joinPlayer(s, { nickname: 'sh1t' }, 0), 'bad-nickname');
    expect(s.players).toHaveLength(1);
  });

  it('seats a briefing joiner for this round and a later joiner for the next', () => {
    let s = lobby([['A'], ['B']]);
    s = ok(hostCommand(s, { command: 'start' }, 0)).session;
    const inBriefing = ok(joinPlayer(s, { nickname: 'C' }, 0));
    expect(inBriefing.session.players[2]!.joinedRound).toBe(0);
    s = ok(hostCommand(inBriefing.session, { command: 'advance' }, 0)).session;
    const late = ok(joinPlayer(s, { nickname: 'D', team: 't1' }, 0));
    expect(late.session.players[3]!.joinedRound).toBe(1);
    const edit = { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } as const;
    ok(playerEdit(late.session, 'p3', edit, 0));
    refused(playerEdit(late.session, 'p4', edit, 0), 'late-joiner');
  });

  it('refuses joins once the session is closed', () => {
    const s = ok(hostCommand(lobby([['A']]), { command: 'endSession' }, 0)).session;
    refused(joinPlayer(s, { nickname: 'B' }, 0), 'closed');
  });

  it('refuses new players at the podium after the last round, which the facilitator can still end', () => {
    let s = lobby([['A']], { rounds: ['fridge-too-small'] });
    for (const command of ['start', 'advance', 'endPlanning', 'advance', 'advance'] as const)
      s = ok(hostCommand(s, { command }, 0)).session;
    expect(s.phase).toBe('podium');
    expect(s.closed).toBe(false);
    const error = refused(joinPlayer(s, { nickname: 'Latecomer' }, 0), 'rounds-over');
    expect(error.text.en).toBe('Every round of this session has been played: no one can join now.');
    expect(ok(hostCommand(s, { command: 'endSession' }, 0)).session.closed).toBe(true);
  });
});

describe('chooseTeam', () => {
  it('moves a player in the lobby and hands the captaincy on', () => {
    const s = lobby([['A'], ['B'], ['C']]); // t1: A, C; t2: B
    const { session, effects } = ok(chooseTeam(s, 'p1', 't2'));
    expect(session.players[0]!.team).toBe('t2');
    expect(session.teams.map((t) => t.captain)).toEqual(['p3', 'p2']);
    expect(effects).toEqual([]); // no plans in the lobby
  });

  it('sends the new team plan in a briefing', () => {
    const s = ok(hostCommand(lobby([['A'], ['B']]), { command: 'start' }, 0)).session;
    const { session, effects } = ok(chooseTeam(s, 'p1', 't2'));
    expect(effects).toEqual([
      { kind: 'teamPlan', message: { team: 't2', plan: session.plans.t2!.plan, version: 0, locked: false } },
    ]);
    expect(session.teams.map((t) => t.captain)).toEqual([null, 'p2']);
  });

  it('keeps the same team as a no-op and refuses unknown ids and later phases', () => {
    const s = lobby([['A'], ['B']]);
    expect(ok(chooseTeam(s, 'p1', 't1'))).toEqual({ session: s, effects: [] });
    refused(chooseTeam(s, 'p9', 't1'), 'unknown-player');
    refused(chooseTeam(s, 'p1', 't7'), 'unknown-team');
    let p = ok(hostCommand(s, { command: 'start' }, 0)).session;
    p = ok(hostCommand(p, { command: 'advance' }, 0)).session;
    refused(chooseTeam(p, 'p1', 't2'), 'wrong-phase');
    const kicked = ok(hostCommand(s, { command: 'kick', player: 'p1' }, 0)).session;
    refused(chooseTeam(kicked, 'p1', 't2'), 'kicked');
  });
});
