// A full classroom round on a real server: facilitator, projector and two teams of two play one round of
// 'fridge-too-small' (team t1 the level's reference labels, team t2 one label only); the scores equal the
// core's evaluatePlan of the submitted plans, plans stay private to their team until the reveal, and every
// submitted plan and score is in the database and the results CSV.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lesson } from '../../../shared/game/lesson.ts';
import {
  evaluatePlan,
  levelById,
  planState,
  type PlanState,
  type ResultsMessage,
  type RevealMessage,
  type ServiceMessage,
  type SessionSnapshot,
  type TeamPlanMessage,
  type WelcomeMessage,
} from '../../../shared/index.ts';
import { resultsCsv } from '../../../server/http/resultsCsv.ts';
import {
  hostedSession,
  join,
  received,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from './harness.ts';

const level = levelById('fridge-too-small')!;
const mesh = level.start.mesh;
const t1Plan = planState({ mesh, specs: { w1: [null, 'model'], w2: ['model', null] } });
const t2Plan = planState({ mesh, specs: { w1: [null, 'model'] } });
const scoreOf = (plan: PlanState): number => {
  const r = evaluatePlan(level, plan);
  if (!r.ok) throw new Error(r.error.message);
  return r.evaluation.score.score;
};

const timelineOf = (plan: PlanState) => {
  const r = evaluatePlan(level, plan);
  if (!r.ok) throw new Error(r.error.message);
  return r.evaluation.timeline;
};

let srv: TestServer;
let code: string;
let hostKey: string;
let host: Peer, projector: Peer, ann: Peer, bo: Peer, cy: Peer, di: Peer;

beforeAll(async () => {
  srv = await startTestServer();
  ({ code, hostKey, host } = await hostedSession(srv.url));
  projector = await join(srv.url, code, { role: 'projector' });
  ann = await join(srv.url, code, { role: 'player', nickname: 'Ann', team: 't1' });
  bo = await join(srv.url, code, { role: 'player', nickname: 'Bo', team: 't1' });
  cy = await join(srv.url, code, { role: 'player', nickname: '小翠', team: 't2' });
  di = await join(srv.url, code, { role: 'player', nickname: 'Di' }); // auto-balance → t2
});
afterAll(async () => {
  await srv.close();
});

describe('a full round, two teams of two', () => {
  it('seats everyone in the lobby with captains and welcomes', async () => {
    await until(() => Object.keys(host.state().players).length === 4);
    const s = host.state();
    expect(s).toMatchObject({ code, title: 'Test class', phase: 'lobby', round: -1, roundCount: 1 });
    expect(s.teams.t1).toMatchObject({ members: ['p1', 'p2'], captain: 'p1', points: 0 });
    expect(s.teams.t2).toMatchObject({ members: ['p3', 'p4'], captain: 'p3' });
    expect(s.players.p3).toMatchObject({ nickname: '小翠', team: 't2', connected: true });
    expect(ann.of<WelcomeMessage>('welcome')[0]).toMatchObject({
      role: 'player',
      playerId: 'p1',
      nickname: 'Ann',
    });
    expect(ann.of<WelcomeMessage>('welcome')[0]!.seatKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(host.of<WelcomeMessage>('welcome')[0]).toEqual({ role: 'facilitator' });
    expect(projector.of<WelcomeMessage>('welcome')[0]).toEqual({ role: 'projector' });
  });

  it('start → briefing: each team gets its start plan, the facilitator gets both', async () => {
    host.room.send('host', { command: 'start' });
    await until(() => di.state().phase === 'briefing');
    await received(di, 'teamPlan');
    expect(host.state()).toMatchObject({ round: 0, levelId: 'fridge-too-small', timerRunning: false });
    expect(ann.of<TeamPlanMessage>('teamPlan')[0]).toEqual({
      team: 't1',
      plan: level.start,
      version: 0,
      locked: false,
      serverNowMs: expect.any(Number),
    });
    await received(host, 'teamPlan', 2);
    expect(host.of<TeamPlanMessage>('teamPlan').map((m) => m.team)).toEqual(['t1', 't2']);
    expect(host.state().players.p1!.kitchens).toEqual([0, 2]);
    expect(host.state().players.p2!.kitchens).toEqual([1, 3]);
  });

  it('advance → planning starts the timer; edits reach the own team only, with by and seq', async () => {
    host.room.send('host', { command: 'advance' });
    await until(() => ann.state().phase === 'planning');
    expect(ann.state().timerRunning).toBe(true);
    expect(ann.state().timerRemainingMs).toBeGreaterThan(290_000);
    expect(ann.state().timerRemainingMs).toBeLessThanOrEqual(300_000);

    ann.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    await received(bo, 'teamPlan', 2);
    bo.room.send('edit', { seq: 7, edit: { type: 'setSpec', tensor: 'w2', spec: ['model', null] } });
    cy.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    await received(ann, 'teamPlan', 3);
    await received(di, 'teamPlan', 2);
    expect(ann.of<TeamPlanMessage>('teamPlan')[1]).toMatchObject({
      team: 't1',
      version: 1,
      by: 'p1',
      seq: 1,
    });
    expect(ann.of<TeamPlanMessage>('teamPlan')[2]).toEqual({
      team: 't1',
      plan: t1Plan,
      version: 2,
      locked: false,
      by: 'p2',
      seq: 7,
      // Who changed what, newest first, with the server's clock for "12 s ago".
      activity: [
        {
          player: 'p2',
          nickname: 'Bo',
          what: expect.objectContaining({ en: 'cut W2 by rows (model)' }),
          atMs: expect.any(Number),
        },
        {
          player: 'p1',
          nickname: 'Ann',
          what: expect.objectContaining({ en: 'cut W1 by columns (model)' }),
          atMs: expect.any(Number),
        },
      ],
      serverNowMs: expect.any(Number),
    });
    expect(di.of<TeamPlanMessage>('teamPlan')[1]).toMatchObject({
      team: 't2',
      plan: t2Plan,
      version: 1,
      by: 'p3',
    });
    await until(() => host.state().teams.t1!.planVersion === 2 && host.state().teams.t2!.planVersion === 1);
  });

  it('a refused edit answers the sender only and changes nothing', async () => {
    const before = ann.of('teamPlan').length;
    ann.room.send('edit', { seq: 2, edit: { type: 'setSpec', tensor: 'w1', spec: ['model', 'model'] } });
    await received(ann, 'editRefused');
    expect(ann.of('editRefused')[0]).toMatchObject({
      seq: 2,
      type: 'DuplicateSpecError',
      code: 'spec/duplicate-axis',
    });
    expect(ann.of('teamPlan').length).toBe(before);
    expect(host.state().teams.t1!.planVersion).toBe(2);
  });

  it('captains lock; when both are locked the round is served and scored', async () => {
    ann.room.send('lock', { locked: true });
    await until(() => host.state().teams.t1!.locked);
    expect(host.state().phase).toBe('planning');
    cy.room.send('lock', { locked: true });
    await until(() => host.state().phase === 'service');
    // during service the new ranks stay hidden; the projector plays both teams' services (no plan in them)
    expect(host.state().teams.t1!.rank).toBe(0);
    await received(projector, 'service');
    const service = projector.of<ServiceMessage>('service')[0]!;
    expect(service.teams.map((t) => [t.team, t.step?.timeline])).toEqual([
      ['t1', timelineOf(t1Plan)],
      ['t2', timelineOf(t2Plan)],
    ]);
    // a projector opened during service is sent the service it plays
    const late = await join(srv.url, code, { role: 'projector' });
    await received(late, 'service');
    expect(late.of<ServiceMessage>('service')[0]).toEqual(service);
    await late.room.leave();
    host.room.send('host', { command: 'advance' });
    await received(projector, 'results');
    await until(() => projector.state().phase === 'results');

    const s1 = scoreOf(t1Plan);
    const s2 = scoreOf(t2Plan);
    expect(s1).toBeGreaterThan(s2);
    const results = projector.of<ResultsMessage>('results')[0]!;
    expect(results.round).toBe(0);
    expect(results.level).toBe('fridge-too-small');
    const [r1, r2] = results.teams;
    expect(r1).toMatchObject({ team: 't1', score: s1, rank: 1, points: 1000 });
    expect(r2).toMatchObject({ team: 't2', score: s2, rank: 2, points: Math.round((1000 * s2) / s1) });
    for (const p of [host, ann, bo, cy, di]) await received(p, 'results');
    await until(() => projector.state().teams.t1!.points === 1000);
    expect(projector.state().teams.t1).toMatchObject({ rank: 1, lastScore: s1 });
    expect(projector.state().teams.t2).toMatchObject({ rank: 2, points: r2!.points });
  });

  it('no team ever received the other team’s plan before the reveal', () => {
    for (const [p, team] of [
      [ann, 't1'],
      [bo, 't1'],
      [cy, 't2'],
      [di, 't2'],
    ] as const) {
      const plans = p.messages.filter((m) => JSON.stringify(m.message).includes('"plan"'));
      expect(plans.length).toBeGreaterThan(0);
      for (const m of plans) {
        expect(m.type).toBe('teamPlan');
        expect((m.message as TeamPlanMessage).team).toBe(team);
      }
    }
    expect(projector.messages.some((m) => m.type === 'teamPlan' || m.type === 'reveal')).toBe(false);
    // the service goes to the projector only, and carries the grid and the step, never the plan
    for (const p of [host, ann, bo, cy, di]) expect(p.messages.some((m) => m.type === 'service')).toBe(false);
    expect(JSON.stringify(projector.of('service'))).not.toContain('"plan"');
  });

  it('results carry a team’s plan summary only to that team and the facilitator (issue 10, item 8)', () => {
    const summaries = (p: Peer) =>
      Object.fromEntries(p.of<ResultsMessage>('results')[0]!.teams.map((r) => [r.team, r.planSummary]));
    const all = summaries(host);
    expect(all.t1).toMatch(/model/);
    expect(all.t2).toMatch(/model/);
    for (const p of [ann, bo]) expect(summaries(p)).toEqual({ t1: all.t1, t2: '' });
    for (const p of [cy, di]) expect(summaries(p)).toEqual({ t1: '', t2: all.t2 });
    expect(summaries(projector)).toEqual({ t1: '', t2: '' });
    // and nothing else than the plan summary differs
    const blank = (m: ResultsMessage) => ({ ...m, teams: m.teams.map((r) => ({ ...r, planSummary: '' })) });
    for (const p of [projector, ann, cy])
      expect(blank(p.of<ResultsMessage>('results')[0]!)).toEqual(
        blank(host.of<ResultsMessage>('results')[0]!),
      );
  });

  it('reveal shows a team’s submitted plan to everyone', async () => {
    host.room.send('host', { command: 'reveal', team: 't1' });
    for (const p of [projector, cy, di]) await received(p, 'reveal');
    const reveal = cy.of<RevealMessage>('reveal')[0]!;
    expect(reveal.result.planSummary).toBe(host.of<ResultsMessage>('results')[0]!.teams[0]!.planSummary);
    expect(reveal).toMatchObject({ round: 0, team: 't1', plan: t1Plan, result: { score: scoreOf(t1Plan) } });
    expect(reveal.debrief.en).toMatch(
      /^Sichuan's plan: 1\.40 s a step, 733 examples\/s, fullest fridge 9\.0 GB/u,
    );
    expect(reveal.lesson.en).toBe(
      `The lesson, with the figures of the plans it names (not this team's): ${lesson(level).en}`,
    );
    expect(reveal.words.map((w) => w.en)[1]).toBe(
      'each kitchen holds a column slice of W1 (1/4, cut along model)',
    );
  });

  it('stores every submitted plan, score and round; results.csv matches the core', async () => {
    const db = new Database(srv.dbPath, { readonly: true });
    try {
      const plans = db
        .prepare('SELECT team, version, plan_json, locked FROM plans WHERE session = ? ORDER BY team')
        .all(code);
      expect(plans).toEqual([
        { team: 't1', version: 2, plan_json: JSON.stringify(t1Plan), locked: 1 },
        { team: 't2', version: 1, plan_json: JSON.stringify(t2Plan), locked: 1 },
      ]);
      const scores = db
        .prepare('SELECT team, points, rank FROM scores WHERE session = ? ORDER BY team')
        .all(code);
      expect(scores).toEqual([
        { team: 't1', points: 1000, rank: 1 },
        { team: 't2', points: Math.round((1000 * scoreOf(t2Plan)) / scoreOf(t1Plan)), rank: 2 },
      ]);
      const rounds = db
        .prepare('SELECT idx, level_id, started_at, ended_at FROM rounds WHERE session = ?')
        .all(code) as {
        started_at: number;
        ended_at: number;
      }[];
      expect(rounds).toHaveLength(1);
      expect(rounds[0]!.ended_at).toBeGreaterThanOrEqual(rounds[0]!.started_at);
      const players = db
        .prepare('SELECT id, nickname, team, seat_key_hash FROM players WHERE session = ?')
        .all(code) as {
        seat_key_hash: string;
      }[];
      expect(players.map((p) => Object.values(p).slice(0, 3))).toEqual([
        ['p1', 'Ann', 't1'],
        ['p2', 'Bo', 't1'],
        ['p3', '小翠', 't2'],
        ['p4', 'Di', 't2'],
      ]);
      const seatKey = ann.of<WelcomeMessage>('welcome')[0]!.seatKey!;
      expect(players[0]!.seat_key_hash).not.toContain(seatKey);
      const session = db
        .prepare('SELECT host_key_hash, snapshot_json FROM sessions WHERE code = ?')
        .get(code) as {
        host_key_hash: string;
        snapshot_json: string;
      };
      expect(session.host_key_hash).not.toContain(hostKey);
      const snapshot = JSON.parse(session.snapshot_json) as SessionSnapshot;
      expect(snapshot.phase).toBe('results');

      const res = await fetch(`${srv.url}/api/sessions/${code}/results.csv`, {
        headers: { 'x-host-key': hostKey },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(res.headers.get('content-disposition')).toContain(`mesh-kitchen-${code}.csv`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for spreadsheet programs
      const csv = bytes.subarray(3).toString('utf8');
      expect(csv).toBe(resultsCsv(snapshot));
      expect(csv).toContain('Ann; Bo');
      const wrong = await fetch(`${srv.url}/api/sessions/${code}/results.csv?hostKey=nope`);
      expect(wrong.status).toBe(403);
    } finally {
      db.close();
    }
  });

  it('advance after the last round → podium', async () => {
    host.room.send('host', { command: 'advance' });
    await until(() => projector.state().phase === 'podium');
    expect(projector.state().closed).toBe(false);
  });
});
