// Ghost seats (issue 10, item 6), in the core: what "played" means (an accepted edit or lock, or being seated
// in a team when a round is scored; a team choice alone is not), that only never-played seats are dropped (a
// kicked one is kept: it refuses a return), that seat ids are never reused after a drop, and the seat cap.
import { describe, expect, it } from 'vitest';
import {
  MAX_SEATS,
  chooseTeam,
  dropGhostSeats,
  hostCommand,
  joinPlayer,
  playerEdit,
  setLock,
  type SessionSnapshot,
} from '../../shared/classroom/index.ts';
import { lobby, ok, refused } from './helpers.ts';

const played = (s: SessionSnapshot) => s.players.filter((p) => p.played !== false).map((p) => p.id);
const host = (s: SessionSnapshot, command: 'start' | 'advance', now = 3000) =>
  ok(hostCommand(s, { command }, now)).session;

describe('played', () => {
  it('a new seat has not played; an edit or a lock makes it played', () => {
    let s = lobby([['Ann'], ['Bo'], ['Cy'], ['Dee']]);
    expect(played(s)).toEqual([]);
    s = host(host(s, 'start'), 'advance');
    s = ok(playerEdit(s, 'p2', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 4000)).session;
    expect(played(s)).toEqual(['p2']);
    const captain = s.teams.find((t) => t.id === 't1')!.captain!;
    expect(played(ok(setLock(s, captain, true, 5000)).session)).toContain(captain);
  });

  it('a team choice alone is not playing, in the lobby or a briefing (a ghost pinned its seat with one)', () => {
    let s = lobby([['Ann'], ['Bo']]);
    s = ok(chooseTeam(s, 'p1', 't2')).session;
    expect(s.players.find((p) => p.id === 'p1')!.team).toBe('t2');
    s = ok(chooseTeam(host(s, 'start'), 'p2', 't2')).session;
    expect(played(s)).toEqual([]);
    expect(dropGhostSeats(s, new Set(['p1', 'p2'])).players).toEqual([]);
  });

  it('scoring a round marks every seated member who plays it, not a late joiner', () => {
    let s = host(host(lobby([['Ann'], ['Bo']]), 'start'), 'advance');
    s = ok(joinPlayer(s, { nickname: 'Late' }, 3500)).session;
    s = ok(hostCommand(s, { command: 'endPlanning' }, 4000)).session;
    expect(s.phase).toBe('service');
    expect(played(s)).toEqual(['p1', 'p2']);
  });
});

describe('dropping', () => {
  it('drops only never-played, unkicked seats; ids are never reused', () => {
    let s = host(host(lobby([['Ann'], ['Bo'], ['Cy']]), 'start'), 'advance');
    s = ok(playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, 4000)).session;
    s = ok(hostCommand(s, { command: 'kick', player: 'p3' }, 4500)).session;
    const dropped = dropGhostSeats(s, new Set(['p1', 'p2', 'p3', 'p9']));
    expect(dropped.players.map((p) => p.id)).toEqual(['p1', 'p3']);
    expect(dropGhostSeats(dropped, new Set(['p1', 'p3']))).toBe(dropped);
    const next = ok(joinPlayer(dropped, { nickname: 'Bo' }, 3000));
    expect(next.playerId).toBe('p4');
    expect(ok(joinPlayer(next.session, { nickname: 'Eve' }, 3000)).playerId).toBe('p5');
  });

  it('re-checks captains: a dropped captain is replaced by the next member', () => {
    const s = lobby([
      ['Ann', 't1'],
      ['Bo', 't1'],
    ]);
    expect(s.teams[0]!.captain).toBe('p1');
    expect(dropGhostSeats(s, new Set(['p1'])).teams[0]!.captain).toBe('p2');
  });

  it('a captain who chose a team and left is dropped, and the team it moved to gets a captain who can lock', () => {
    let s = lobby([
      ['Gh', 't1'],
      ['Ann', 't2'],
      ['Bo', 't2'],
    ]);
    s = ok(chooseTeam(s, 'p1', 't2')).session;
    expect(s.teams.find((t) => t.id === 't2')!.captain).toBe('p2');
    s = ok(chooseTeam(s, 'p2', 't1')).session; // Gh is now t2's first member: its captain
    expect(s.teams.find((t) => t.id === 't2')!.captain).toBe('p1');
    s = dropGhostSeats(s, new Set(['p1']));
    expect(s.teams.find((t) => t.id === 't2')!.captain).toBe('p3');
    s = host(host(s, 'start'), 'advance');
    expect(ok(setLock(s, 'p3', true, 5000)).session.plans['t2']!.locked).toBe(true);
  });

  it('a session seats at most MAX_SEATS players', () => {
    let s = lobby([], { teams: 12 });
    for (let i = 0; i < MAX_SEATS; i++) s = ok(joinPlayer(s, { nickname: `P${i}` }, 2000)).session;
    refused(joinPlayer(s, { nickname: 'One more' }, 2000), 'session-full');
    s = dropGhostSeats(s, new Set(['p1']));
    expect(ok(joinPlayer(s, { nickname: 'One more' }, 2000)).playerId).toBe(`p${MAX_SEATS + 1}`);
  });
});
