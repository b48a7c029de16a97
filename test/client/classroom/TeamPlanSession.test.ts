// The team's shared plan on a player's screen: local refusals, seq numbers, the server's confirmations,
// teammates' edits and refusals, replayed over the fridge-too-small level with the real core.
import { describe, expect, it } from 'vitest';
import {
  evaluatePlan,
  levelById,
  planState,
  type EditMessage,
  type PlanState,
} from '../../../shared/index.ts';
import { TeamPlanSession } from '../../../client/classroom/TeamPlanSession.ts';

const level = levelById('fridge-too-small')!;
const grid = level.start.mesh;
const withSpecs = (specs: PlanState['specs']) => planState({ mesh: grid, specs });

function session(canEdit = () => true) {
  const sent: EditMessage[] = [];
  const s = new TeamPlanSession(level, 'p1', (m) => sent.push(m), canEdit);
  return { s, sent };
}

describe('TeamPlanSession', () => {
  it('shows an accepted edit at once, sends it with seq 1, and keeps it when the server confirms', () => {
    const { s, sent } = session();
    expect(s.edit({ type: 'setSpec', tensor: 'w1', spec: [null, 'model'] })).toBe(true);
    expect(sent).toEqual([
      { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, page: expect.any(String) },
    ]);
    expect(s.view.plan.specs).toEqual({ w1: [null, 'model'] });
    expect(s.unconfirmed).toBe(1);
    s.applyTeamPlan({
      team: 't1',
      plan: withSpecs({ w1: [null, 'model'] }),
      version: 1,
      locked: false,
      by: 'p1',
      seq: 1,
    });
    expect(s.unconfirmed).toBe(0);
    expect(s.planVersion).toBe(1);
    expect(s.view.plan.specs).toEqual({ w1: [null, 'model'] });
  });

  it('previews the same numbers the server scores (evaluatePlan of the shown plan)', () => {
    const { s } = session();
    s.edit({ type: 'setSpec', tensor: 'w1', spec: [null, 'model'] });
    s.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', null] });
    const want = evaluatePlan(level, level.reference);
    expect(want.ok).toBe(true);
    if (want.ok) expect(s.view.evaluation).toEqual(want.evaluation);
  });

  it('refuses a label the core refuses without sending anything; the plan is unchanged', () => {
    const { s, sent } = session();
    expect(s.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', 'model'] })).toBe(false);
    expect(sent).toEqual([]);
    expect(s.view.error?.type).toBe('DuplicateSpecError');
    expect(s.view.plan).toBe(level.start);
    expect(s.view.canUndo).toBe(false);
  });

  it('replays unconfirmed edits over a teammate’s edit, and drops one the server refuses', () => {
    const { s } = session();
    s.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', null] });
    // A teammate's edit lands first on the server.
    s.applyTeamPlan({
      team: 't1',
      plan: withSpecs({ w1: [null, 'model'] }),
      version: 1,
      locked: false,
      by: 'p2',
      seq: 4,
    });
    expect(s.view.plan.specs).toEqual({ w1: [null, 'model'], w2: ['model', null] });
    s.applyRefusal({
      seq: 1,
      type: 'locked',
      code: 'locked',
      message: 'The plan is locked.',
      explanation: { 'zh-CN': '方案已锁定。', en: 'The plan is locked.' },
    });
    expect(s.unconfirmed).toBe(0);
    expect(s.view.plan.specs).toEqual({ w1: [null, 'model'] });
    expect(s.view.error?.message).toBe('The plan is locked.');
    expect(s.view.error?.code).toBe('locked');
  });

  it('ignores an older plan, follows a lock, and sends nothing while editing is closed', () => {
    let open = true;
    const { s, sent } = session(() => open);
    s.applyTeamPlan({ team: 't1', plan: withSpecs({ w1: [null, 'model'] }), version: 3, locked: false });
    s.applyTeamPlan({ team: 't1', plan: withSpecs({}), version: 2, locked: false });
    expect(s.view.plan.specs).toEqual({ w1: [null, 'model'] });
    s.applyTeamPlan({ team: 't1', plan: withSpecs({ w1: [null, 'model'] }), version: 3, locked: true });
    expect(s.locked).toBe(true);
    open = false;
    expect(s.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', null] })).toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends the unconfirmed edits again under their own seqs when the connection comes back, and a confirmation clears them', () => {
    // An edit sent into a socket that died (or queued while it was down) never reached the server; the page
    // kept showing it. Back online, the page sends each again, in order, with the seq and page id it had, so
    // the server can tell one it had already applied (server/rooms/AppliedEdits.ts).
    const { s, sent } = session();
    s.edit({ type: 'setSpec', tensor: 'w1', spec: [null, 'model'] });
    s.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', null] });
    const page = sent[0]!.page;
    expect(page).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(sent[1]!.page).toBe(page);
    s.applyTeamPlan({
      team: 't1',
      plan: withSpecs({ w1: [null, 'model'] }),
      version: 1,
      locked: false,
      by: 'p1',
      seq: 1,
    });
    expect(s.unconfirmed).toBe(1);
    s.resendPending();
    expect(sent.slice(2)).toEqual([
      { seq: 2, edit: { type: 'setSpec', tensor: 'w2', spec: ['model', null] }, page },
    ]);
    expect(s.view.plan.specs).toEqual({ w1: [null, 'model'], w2: ['model', null] });
    s.applyTeamPlan({ team: 't1', plan: level.reference, version: 2, locked: false, by: 'p1', seq: 2 });
    expect(s.unconfirmed).toBe(0);
    expect(s.view.plan).toEqual(level.reference);
    s.resendPending();
    expect(sent).toHaveLength(3);
    // Another page (a reload) has another id.
    const other = session();
    other.s.edit({ type: 'setSpec', tensor: 'w1', spec: [null, 'model'] });
    expect(other.sent[0]!.page).not.toBe(page);
  });
});
