// A player's edits and the captain's lock: accepted edits bump the version and name their author; every
// refusal (phase, late join, lock, the core's JAX error, not captain) leaves the session unchanged; the last
// team to lock ends planning early.
import { describe, expect, it } from 'vitest';
import {
  TEAM_ACTIVITY_KEPT,
  editRefusedMessage,
  hostCommand,
  joinPlayer,
  playerEdit,
  setLock,
  type SessionSnapshot,
} from '../../shared/classroom/index.ts';
import type { PlanEdit } from '../../shared/game/actions.ts';
import { lobby, ok, refused } from './helpers.ts';

const planningOf = (s: SessionSnapshot) =>
  ok(hostCommand(ok(hostCommand(s, { command: 'start' }, 0)).session, { command: 'advance' }, 1000)).session;
const four = () => planningOf(lobby([['A'], ['B'], ['C'], ['D']])); // t1: p1 A, p3 C; t2: p2 B, p4 D
const colW1: PlanEdit = { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] };

describe('playerEdit', () => {
  it('applies an edit to the author’s team plan only and bumps its version', () => {
    const s = four();
    const r = ok(playerEdit(s, 'p3', colW1, 2000));
    expect(r.session.plans.t1!.plan.specs.w1).toEqual([null, 'model']);
    expect(r.session.plans.t1!.version).toBe(1);
    expect(r.session.plans.t2).toBe(s.plans.t2);
    expect(r.effects).toEqual([
      {
        kind: 'teamPlan',
        message: {
          team: 't1',
          plan: r.session.plans.t1!.plan,
          version: 1,
          locked: false,
          by: 'p3',
          activity: [
            {
              player: 'p3',
              nickname: 'C',
              what: { 'zh-CN': '把 W1 按列切开（model）', en: 'cut W1 by columns (model)' },
              atMs: 2000,
            },
          ],
        },
      },
    ]);
    const again = ok(playerEdit(r.session, 'p1', { type: 'clearSpec', tensor: 'w2' }, 2500));
    expect(again.session.plans.t1!.version).toBe(2);
    // Who changed what, newest first, at most TEAM_ACTIVITY_KEPT; a new round's briefing forgets it.
    expect(again.session.plans.t1!.activity!.map((a) => [a.nickname, a.what.en, a.atMs])).toEqual([
      ['A', 'took the label off W2', 2500],
      ['C', 'cut W1 by columns (model)', 2000],
    ]);
    let many = again.session;
    for (const [i, spec] of [
      ['model', null],
      [null, null],
      [null, 'model'],
    ].entries())
      many = ok(playerEdit(many, 'p3', { type: 'setSpec', tensor: 'w2', spec }, 3000 + i)).session;
    expect(many.plans.t1!.activity!.map((a) => a.what.en)).toEqual([
      'cut W2 by columns (model)',
      'kept W2 whole',
      'cut W2 by rows (model)',
    ]);
    expect(many.plans.t1!.activity).toHaveLength(TEAM_ACTIVITY_KEPT);
    expect(many.plans.t2!.activity).toBeUndefined();
    const ended = ok(hostCommand(many, { command: 'skipRound' }, 4000)).session;
    expect(ended.plans.t1!.activity).toBeUndefined();
  });

  it('refuses edits while the facilitator has paused the clock, and takes them again after resume', () => {
    const paused = ok(hostCommand(four(), { command: 'pause' }, 5000)).session;
    const before = structuredClone(paused);
    refused(playerEdit(paused, 'p1', colW1, 6000), 'paused');
    expect(paused).toEqual(before);
    const resumed = ok(hostCommand(paused, { command: 'resume' }, 7000)).session;
    expect(ok(playerEdit(resumed, 'p1', colW1, 7500)).session.plans.t1!.version).toBe(1);
  });

  it('returns the core’s JAX error for an invalid edit and changes nothing', () => {
    const s = four();
    const before = structuredClone(s);
    const e = refused(
      playerEdit(s, 'p1', { type: 'setSpec', tensor: 'w1', spec: ['model', 'model'] }, 0),
      'edit-refused',
    );
    expect(e.game?.type).toBe('DuplicateSpecError');
    expect(e.game?.message).toContain('model');
    expect(e.text).toEqual(e.game?.explanation);
    expect(s).toEqual(before);
    const msg = editRefusedMessage(7, e);
    expect(msg).toEqual({
      seq: 7,
      type: e.game!.type,
      code: 'spec/duplicate-axis',
      message: e.game!.message,
      explanation: e.game!.explanation,
    });
  });

  it('refuses an edit the level does not offer (LevelRule)', () => {
    const e = refused(playerEdit(four(), 'p1', { type: 'setZero', stage: 1 }, 0), 'edit-refused');
    expect(e.game?.type).toBe('LevelRule');
    expect(e.game?.code).toBe('level/edit-not-offered');
  });

  it('refuses outside planning, for unknown players and for late joiners', () => {
    const l = lobby([['A'], ['B']]);
    refused(playerEdit(l, 'p1', colW1, 0), 'wrong-phase');
    const briefing = ok(hostCommand(l, { command: 'start' }, 0)).session;
    refused(playerEdit(briefing, 'p1', colW1, 0), 'wrong-phase');
    const s = planningOf(l);
    refused(playerEdit(s, 'p9', colW1, 0), 'unknown-player');
    const late = ok(joinPlayer(s, { nickname: 'Late' }, 0)).session;
    const e = refused(playerEdit(late, 'p3', colW1, 0), 'late-joiner');
    expect(editRefusedMessage(1, e)).toEqual({
      seq: 1,
      type: 'late-joiner',
      code: 'late-joiner',
      message: e.text.en,
      explanation: e.text,
    });
  });
});

describe('setLock', () => {
  it('lets only the captain lock, during planning; a locked plan refuses edits until unlocked', () => {
    const s = four();
    refused(setLock(s, 'p3', true, 0), 'not-captain');
    refused(setLock(lobby([['A']]), 'p1', true, 0), 'wrong-phase');
    const locked = ok(setLock(s, 'p1', true, 5000));
    expect(locked.session.phase).toBe('planning');
    expect(locked.effects).toEqual([
      { kind: 'teamPlan', message: { team: 't1', plan: s.plans.t1!.plan, version: 0, locked: true } },
    ]);
    refused(playerEdit(locked.session, 'p3', colW1, 0), 'locked');
    // the same value again changes nothing and answers the plan as it stands (pausedLock.test.ts)
    expect(ok(setLock(locked.session, 'p1', true, 0))).toEqual({
      session: locked.session,
      effects: locked.effects,
    });
    const unlocked = ok(setLock(locked.session, 'p1', false, 0)).session;
    ok(playerEdit(unlocked, 'p3', colW1, 0));
  });

  it('ends planning when the last playing team locks', () => {
    const s = ok(setLock(four(), 'p1', true, 5000)).session;
    const r = ok(setLock(s, 'p2', true, 6000));
    expect(r.session.phase).toBe('service');
    expect(r.session.timer).toEqual({ remainingMs: 8000, runningSinceMs: 6000 });
    expect(r.session.results).toHaveLength(1);
    expect(r.effects.map((e) => e.kind)).toEqual(['teamPlan', 'phase', 'service']);
  });

  it('ignores empty teams and teams of late joiners when deciding that every team locked', () => {
    let s = planningOf(lobby([['A'], ['B']], { teams: 3 })); // t3 is empty
    s = ok(joinPlayer(s, { nickname: 'Late', team: 't3' }, 0)).session; // plays from round 1
    s = ok(setLock(s, 'p1', true, 0)).session;
    expect(ok(setLock(s, 'p2', true, 0)).session.phase).toBe('service');
  });
});
