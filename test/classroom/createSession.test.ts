// createSession: the lobby it makes, worked out by hand, and every refused setting.
import { describe, expect, it } from 'vitest';
import { createSession, type CreateSessionInput } from '../../shared/classroom/index.ts';
import { ok, refused, roundTrip } from './helpers.ts';

const base: CreateSessionInput = {
  code: 'ABC234',
  title: '  Class 3  ',
  rounds: ['fridge-too-small', 'courses'],
  planningSeconds: 300,
  teams: 3,
  nowMs: 5000,
};

describe('createSession', () => {
  it('opens a lobby with kitchen-named teams and no players', () => {
    const s = ok(createSession(base));
    expect(s).toEqual({
      code: 'ABC234',
      title: 'Class 3',
      createdAtMs: 5000,
      rounds: [
        { levelId: 'fridge-too-small', planningSeconds: 300 },
        { levelId: 'courses', planningSeconds: 300 },
      ],
      round: -1,
      phase: 'lobby',
      timer: { remainingMs: 0, runningSinceMs: null },
      teams: [
        { id: 't1', name: { 'zh-CN': '川菜', en: 'Sichuan' }, colour: 0, captain: null, points: 0 },
        { id: 't2', name: { 'zh-CN': '粤菜', en: 'Cantonese' }, colour: 1, captain: null, points: 0 },
        { id: 't3', name: { 'zh-CN': '鲁菜', en: 'Shandong' }, colour: 2, captain: null, points: 0 },
      ],
      players: [],
      plans: {},
      results: [],
      rosters: [],
      lastHint: '',
      closed: false,
      hideScores: true, // on by default for classes
    });
    expect(roundTrip(s)).toEqual(s);
    expect(ok(createSession({ ...base, hideScores: false })).hideScores).toBe(false);
    refused(createSession({ ...base, hideScores: 'yes' as unknown as boolean }), 'bad-argument');
  });

  it('gives twelve teams twelve names and colours 0–7 then 0–3 again', () => {
    const s = ok(createSession({ ...base, teams: 12 }));
    expect(new Set(s.teams.map((t) => t.name.en)).size).toBe(12);
    expect(s.teams.map((t) => t.colour)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3]);
    expect(s.teams[11]!.id).toBe('t12');
  });

  it('accepts the limits: 1 and 12 rounds, 30 and 1800 s, a 60-character CJK title', () => {
    ok(createSession({ ...base, rounds: ['courses'], planningSeconds: 30, teams: 2 }));
    ok(createSession({ ...base, rounds: Array(12).fill('courses'), planningSeconds: 1800, teams: 12 }));
    ok(createSession({ ...base, title: '厨'.repeat(60) }));
    expect(ok(createSession({ ...base, title: undefined })).title).toBe('');
  });

  it.each<[string, Partial<CreateSessionInput>]>([
    ['no rounds', { rounds: [] }],
    ['13 rounds', { rounds: Array(13).fill('courses') }],
    ['an unknown level', { rounds: ['courses', 'no-such-level'] }],
    ['29 s', { planningSeconds: 29 }],
    ['1801 s', { planningSeconds: 1801 }],
    ['a fractional time', { planningSeconds: 60.5 }],
    ['1 team', { teams: 1 }],
    ['13 teams', { teams: 13 }],
    ['a 61-character title', { title: 'x'.repeat(61) }],
    ['a code with an O', { code: 'ABCO23' }],
    ['a short code', { code: 'ABC23' }],
  ])('refuses %s', (_, change) => {
    refused(createSession({ ...base, ...change }), 'bad-argument');
  });
});
