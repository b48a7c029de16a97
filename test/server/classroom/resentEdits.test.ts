// An edit sent again after a drop (TeamPlanSession.resendPending keeps its seq and page id) is applied once:
// the room confirms one it had already applied instead of applying it twice, which showed twice in the
// activity line and could undo a teammate's change made in between (server/rooms/AppliedEdits.ts). A real
// server; the resend is sent as a page sends it, over the reconnected socket.
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamPlanMessage } from '../../../shared/index.ts';
import {
  barrier,
  dropConnection,
  hostedSession,
  join,
  peer,
  received,
  startPlanning,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from './harness.ts';

let srv: TestServer;
let code: string;
let host: Peer, ann: Peer, bo: Peer;
const PAGE = 'annsPage0001';
const w1ByCols = { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] };
const w1ByRows = { type: 'setSpec', tensor: 'w1', spec: ['model', null] };

beforeAll(async () => {
  srv = await startTestServer();
  ({ code, host } = await hostedSession(srv.url, { rounds: ['fridge-too-small'] }));
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann', team: 't1' });
  bo = await join(srv.url, code, { role: 'player', nickname: 'Bo', team: 't1' });
  await startPlanning(host, ann);
});
afterAll(async () => {
  await srv.close();
});

const plans = (p: Peer) => p.of<TeamPlanMessage>('teamPlan');
const version = () => host.state().teams.t1!.planVersion;

describe('an edit sent again after a drop', () => {
  it('is confirmed, not applied again, when the room had applied it before the drop', async () => {
    ann.room.send('edit', { seq: 1, edit: w1ByCols, page: PAGE });
    await until(() => version() === 1);
    // The socket dies before Ann's page reads the confirmation; colyseus.js reconnects the same session.
    dropConnection(code, ann);
    await until(() => host.state().players.p1?.connected === false);
    ann = peer(await new Client(srv.url).reconnect(ann.room.reconnectionToken));
    await received(ann, 'teamPlan');
    const before = plans(ann).length;
    ann.room.send('edit', { seq: 1, edit: w1ByCols, page: PAGE });
    await received(ann, 'teamPlan', before + 1);
    const confirmation = plans(ann).at(-1)!;
    expect(confirmation).toMatchObject({ team: 't1', version: 1, by: 'p1', seq: 1 });
    expect(confirmation.activity).toHaveLength(1);
    await barrier(ann);
    expect(version()).toBe(1);
  });

  it("does not undo a teammate's change made in between", async () => {
    bo.room.send('edit', { seq: 1, edit: w1ByRows, page: 'bosPage00001' });
    await until(() => version() === 2);
    const before = plans(ann).length;
    ann.room.send('edit', { seq: 1, edit: w1ByCols, page: PAGE });
    await received(ann, 'teamPlan', before + 1);
    expect(plans(ann).at(-1)).toMatchObject({ version: 2, seq: 1 });
    expect(plans(ann).at(-1)!.plan.specs.w1).toEqual(['model', null]);
    await barrier(ann);
    expect(version()).toBe(2);
  });

  it('applies the next seq of the page, and seq 1 of another page (a reload starts over)', async () => {
    ann.room.send('edit', { seq: 2, edit: w1ByCols, page: PAGE });
    await until(() => version() === 3);
    ann.room.send('edit', { seq: 1, edit: w1ByRows, page: 'annsPage0002' });
    await until(() => version() === 4);
    // Without a page id (an older page) every edit is applied, as before.
    ann.room.send('edit', { seq: 1, edit: w1ByCols });
    await until(() => version() === 5);
  });

  it('refuses a page id that is not 8–32 URL-safe characters, with the seq, and applies nothing', async () => {
    const refusals = ann.of('editRefused').length;
    ann.room.send('edit', { seq: 9, edit: w1ByRows, page: 'no spaces allowed' });
    await received(ann, 'editRefused', refusals + 1);
    expect(ann.of<{ seq: number }>('editRefused').at(-1)!.seq).toBe(9);
    await barrier(ann);
    expect(version()).toBe(5);
  });
});
