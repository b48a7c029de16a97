// D4 of the hardening audit: an edit refused by the rate limit, a failed check of its payload or the sender's
// role was answered with a seq-less MSG_ERROR, so the page (the real TeamPlanSession here) kept showing edits
// the server never applied — 60 quick edits left 13 "unconfirmed" until planning ended, and one never scored.
// Every refusal of an edit whose seq can be read is now MSG_EDIT_REFUSED with that seq and a text in both
// languages: the page drops exactly that edit and ends showing the server's plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  levelById,
  type EditRefusedMessage,
  type PlanEdit,
  type TeamPlanMessage,
  type WelcomeMessage,
} from '../../../shared/index.ts';
import { TeamPlanSession } from '../../../client/classroom/TeamPlanSession.ts';
import {
  hostedSession,
  join,
  startPlanning,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from '../classroom/harness.ts';

let srv: TestServer;
let host: Peer, ann: Peer, projector: Peer;
let code: string;
beforeAll(async () => {
  srv = await startTestServer();
  ({ code, host } = await hostedSession(srv.url));
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann', team: 't1' });
  projector = await join(srv.url, code, { role: 'projector' });
  await startPlanning(host, ann);
});
afterAll(async () => {
  await srv.close();
});

const specs: PlanEdit[] = [
  { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] },
  { type: 'setSpec', tensor: 'w1', spec: ['model', null] },
];

describe('an edit the room refuses', () => {
  it('is rolled back on the page when the rate limit refuses it: the page ends showing the server’s plan', async () => {
    const me = ann.of<WelcomeMessage>('welcome')[0]!.playerId!;
    const s = new TeamPlanSession(levelById('fridge-too-small')!, me, (m) => ann.room.send('edit', m));
    const plans = (): TeamPlanMessage[] => ann.of<TeamPlanMessage>('teamPlan').filter((m) => m.team === 't1');
    const refusals = (): EditRefusedMessage[] => ann.of<EditRefusedMessage>('editRefused');
    const seenPlans = plans().length;
    // the page's handlers, fed in arrival order from what the peer recorded (a room has one handler a type)
    let fed = 0;
    const feed = (): void => {
      for (const { type, message } of ann.messages.slice(fed)) {
        if (type === 'teamPlan' && (message as TeamPlanMessage).team === 't1')
          s.applyTeamPlan(message as TeamPlanMessage);
        if (type === 'editRefused') s.applyRefusal(message as EditRefusedMessage);
      }
      fed = ann.messages.length;
    };
    feed();
    for (let i = 0; i < 60; i++) s.edit(specs[i % 2]!);
    s.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', null] });
    const answered = () =>
      refusals().length +
      plans()
        .slice(seenPlans)
        .filter((m) => m.by === me && m.seq !== undefined).length;
    await until(() => answered() === 61, 8000, 'an answer to each of the 61 edits');
    feed();
    const limited = refusals().filter((r) => r.code === 'rate-limited');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((r) => r.seq > 0 && r.explanation['zh-CN'].length > 0)).toBe(true);
    expect(ann.of<{ code: string }>('error').filter((e) => e.code === 'rate-limited')).toEqual([]);
    expect(s.unconfirmed).toBe(0);
    expect(s.view.plan).toEqual(plans().at(-1)!.plan);
    expect(s.view.error?.code).toBe('rate-limited');
  });

  it('answers a payload it cannot read, with a readable seq, with editRefused and that seq', async () => {
    // a player of its own: Ann's message budget is spent by the test before (a refill takes real time)
    const cy = await join(srv.url, code, { role: 'player', nickname: 'Cy', team: 't1' });
    const n = cy.of('editRefused').length;
    cy.room.send('edit', { seq: 77, edit: { type: 'teleport' } });
    await until(() => cy.of('editRefused').length > n);
    expect(cy.of<EditRefusedMessage>('editRefused')[n]).toMatchObject({
      seq: 77,
      code: 'bad-message',
      explanation: { 'zh-CN': expect.stringMatching(/没有保存/), en: expect.stringMatching(/not saved/) },
    });
    // no seq to name: a plain error, as before
    const errors = cy.of('error').length;
    cy.room.send('edit', { seq: 'x', edit: specs[0] });
    await until(() => cy.of('error').length > errors);
    expect(cy.of<{ code: string }>('error')[errors]!.code).toBe('bad-message');
  });

  it('answers an edit from a non-player with editRefused and its seq', async () => {
    projector.room.send('edit', { seq: 5, edit: specs[0] });
    await until(() => projector.of('editRefused').length > 0);
    expect(projector.of<EditRefusedMessage>('editRefused')[0]).toMatchObject({ seq: 5, code: 'read-only' });
  });
});
