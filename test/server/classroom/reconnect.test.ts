// Seats survive: a dropped connection (not consented) comes back with colyseus.js reconnection, a reloaded
// page comes back with its seat key, the facilitator with the host key — same player id, team and points,
// and the team's plan again. A kicked player is told, disconnected and cannot come back; a late joiner is
// seated but cannot edit the current round.
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamPlanMessage, WelcomeMessage } from '../../../shared/index.ts';
import {
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
import { quietRefusal } from '../support/quietRefusal.ts';

let srv: TestServer;
let code: string;
let hostKey: string;
let host: Peer, ann: Peer, bo: Peer, cy: Peer;
let boSeatKey: string;

beforeAll(async () => {
  srv = await startTestServer();
  ({ code, hostKey, host } = await hostedSession(srv.url, {
    rounds: ['fridge-too-small', 'fridge-too-small'],
  }));
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann', team: 't1' });
  bo = await join(srv.url, code, { role: 'player', nickname: 'Bo', team: 't1' });
  cy = await join(srv.url, code, { role: 'player', nickname: 'Cy', team: 't2' });
  boSeatKey = bo.of<WelcomeMessage>('welcome')[0]!.seatKey!;
  // round 1: t1 serves the reference plan (1000 points), t2 the start plan (does not fit: 0)
  await startPlanning(host, ann);
  ann.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
  ann.room.send('edit', { seq: 2, edit: { type: 'setSpec', tensor: 'w2', spec: ['model', null] } });
  await until(() => host.state().teams.t1!.planVersion === 2);
  host.room.send('host', { command: 'endPlanning' });
  await until(() => host.state().phase === 'service');
  host.room.send('host', { command: 'advance' });
  await until(() => ann.state().teams.t1!.points === 1000);
  host.room.send('host', { command: 'advance' }); // briefing of round 2
  await until(() => ann.state().phase === 'briefing' && ann.state().round === 1);
});
afterAll(async () => {
  await srv.close();
});

describe('reconnection', () => {
  it('a dropped player keeps the seat and reconnects with the same session, team and points', async () => {
    dropConnection(code, bo);
    await until(() => host.state().players.p2?.connected === false);
    expect(host.state().teams.t1!.members).toEqual(['p1', 'p2']);
    const back = peer(await new Client(srv.url).reconnect(bo.room.reconnectionToken));
    expect(back.room.sessionId).toBe(bo.room.sessionId);
    await until(() => host.state().players.p2?.connected === true);
    await received(back, 'teamPlan');
    expect(back.of<TeamPlanMessage>('teamPlan')[0]).toMatchObject({ team: 't1', version: 0 });
    await until(() => back.state().teams.t1?.points === 1000);
    expect(back.state().players.p2).toMatchObject({ team: 't1', connected: true });
    bo = back;
  });

  it('a reloaded page comes back with its seat key: same player id, team and points', async () => {
    const seatKey = cy.of<WelcomeMessage>('welcome')[0]!.seatKey!;
    await cy.room.leave(true);
    await until(() => host.state().players.p3?.connected === false);
    const again = await join(srv.url, code, { role: 'player', nickname: 'ignored', seatKey });
    expect(again.of<WelcomeMessage>('welcome')[0]).toEqual({
      role: 'player',
      playerId: 'p3',
      nickname: 'Cy',
    });
    await received(again, 'teamPlan');
    expect(again.of<TeamPlanMessage>('teamPlan')[0]!.team).toBe('t2');
    expect(again.state().players.p3).toMatchObject({ team: 't2', connected: true });
    expect(again.state().players).not.toHaveProperty('p5');
    expect(Object.keys(again.state().players)).toHaveLength(3);
    cy = again;
  });

  it('the facilitator rejoins with the host key and gets every team’s plan', async () => {
    await host.room.leave(true);
    host = await join(srv.url, code, { role: 'facilitator', hostKey });
    await received(host, 'teamPlan', 2);
    expect(host.of<TeamPlanMessage>('teamPlan').map((m) => m.team)).toEqual(['t1', 't2']);
    host.room.send('host', { command: 'advance' });
    await until(() => ann.state().phase === 'planning');
  });
});

describe('kick and late join', () => {
  it('a late joiner is seated for the next round and cannot edit this one', async () => {
    const late = await join(srv.url, code, { role: 'player', nickname: 'Late' });
    expect(late.of<WelcomeMessage>('welcome')[0]).toMatchObject({ playerId: 'p4' });
    expect(late.state().players.p4!.team).toBe('t2');
    // Joined during round 2's planning (index 1): plays from index 2; the state says so, for the read-only screen.
    expect(late.state().round).toBe(1);
    expect(late.state().players.p4!.joinedRound).toBe(2);
    expect(host.state().players.p1!.joinedRound).toBe(0);
    late.room.send('edit', { seq: 1, edit: { type: 'clearSpec', tensor: 'w1' } });
    await received(late, 'editRefused');
    expect(late.of('editRefused')[0]).toMatchObject({ seq: 1, type: 'late-joiner', code: 'late-joiner' });
  });

  it('a kicked player is told, disconnected, removed, and cannot come back with the seat key', async () => {
    const closed = new Promise<number>((resolve) => bo.room.onLeave(resolve));
    host.room.send('host', { command: 'kick', player: 'p2' });
    await received(bo, 'kicked');
    expect(await closed).toBe(4003);
    await until(() => !('p2' in host.state().players));
    expect(host.state().teams.t1!.members).toEqual(['p1']);
    await expect(
      quietRefusal(() => join(srv.url, code, { role: 'player', nickname: 'Bo', seatKey: boSeatKey })),
    ).rejects.toThrow(/"code":"kicked"/);
  });
});
