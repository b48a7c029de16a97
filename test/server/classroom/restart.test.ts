// A server restart loses nothing that was submitted: the server runs as a separate Node process (`node
// --import tsx server/index.ts`, PORT=0, MESH_KITCHEN_DB on a temp file); a round is played, scored and a
// second round's plan edited; the process is killed (SIGKILL: no shutdown code runs); a new process on the
// same database resumes the session with the host key, and every plan, score and the results CSV are back.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResultsMessage, TeamPlanMessage, WelcomeMessage } from '../../../shared/index.ts';
import { createSession, join, post, received, tempDir, until, type Peer } from './harness.ts';
import { quietRefusal } from '../support/quietRefusal.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dbPath = path.join(tempDir(), 'restart.sqlite');
const children: ChildProcess[] = [];

/** Starts `server/index.ts` in its own process; resolves with its URL once it prints that it is serving. */
function startProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MESH_KITCHEN_DB: dbPath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /serving on http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, child });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

const kill = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) await kill(c);
});

describe('restart', () => {
  it('resumes a session from the database with every submitted plan and score', async () => {
    const first = await startProcess();
    const { code, hostKey } = await createSession(first.url, {
      rounds: ['fridge-too-small', 'fridge-too-small'],
    });
    let host: Peer = await join(first.url, code, { role: 'facilitator', hostKey });
    const ann = await join(first.url, code, { role: 'player', nickname: 'Ann', team: 't1' });
    const cy = await join(first.url, code, { role: 'player', nickname: 'Cy', team: 't2' });
    const annSeat = ann.of<WelcomeMessage>('welcome')[0]!.seatKey!;

    host.room.send('host', { command: 'start' });
    await until(() => ann.state().phase === 'briefing');
    host.room.send('host', { command: 'advance' });
    await until(() => ann.state().phase === 'planning' && cy.state().phase === 'planning');
    ann.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    ann.room.send('edit', { seq: 2, edit: { type: 'setSpec', tensor: 'w2', spec: ['model', null] } });
    cy.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w2', spec: ['model', null] } });
    await received(ann, 'teamPlan', 3);
    const submitted = ann.of<TeamPlanMessage>('teamPlan')[2]!.plan;
    ann.room.send('lock', { locked: true });
    cy.room.send('lock', { locked: true });
    await until(() => host.state().phase === 'service');
    host.room.send('host', { command: 'advance' });
    await received(host, 'results');
    const results = host.of<ResultsMessage>('results')[0]!;
    host.room.send('host', { command: 'advance' });
    await until(() => ann.state().phase === 'briefing' && ann.state().round === 1);
    host.room.send('host', { command: 'advance' });
    await until(() => ann.state().phase === 'planning');
    ann.room.send('edit', { seq: 3, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    await until(() => host.state().teams.t1!.planVersion === 1);
    const csvUrl = (url: string) =>
      `${url}/api/sessions/${code}/results.csv?hostKey=${encodeURIComponent(hostKey)}`;
    const csvBefore = await (await fetch(csvUrl(first.url))).text();

    await kill(first.child);
    const second = await startProcess();
    await expect(quietRefusal(() => join(second.url, code, { role: 'projector' }))).rejects.toThrow();
    expect((await post(`${second.url}/api/sessions/${code}/resume`, { hostKey: 'wrong' })).status).toBe(403);
    expect(await post(`${second.url}/api/sessions/${code}/resume`, { hostKey })).toEqual({
      status: 200,
      json: { code, resumed: true },
    });

    host = await join(second.url, code, { role: 'facilitator', hostKey });
    await received(host, 'teamPlan', 2);
    const s = host.state();
    expect(s).toMatchObject({ phase: 'planning', round: 1, timerRunning: false });
    expect(s.timerRemainingMs).toBeGreaterThan(290_000);
    expect(s.teams.t1).toMatchObject({ points: 1000, planVersion: 1, members: ['p1'] });
    expect(s.teams.t2!.points).toBe(results.teams[1]!.points);
    expect(host.of<TeamPlanMessage>('teamPlan')[0]).toMatchObject({ team: 't1', version: 1 });

    const annAgain = await join(second.url, code, { role: 'player', nickname: 'x', seatKey: annSeat });
    expect(annAgain.of<WelcomeMessage>('welcome')[0]).toMatchObject({ playerId: 'p1', nickname: 'Ann' });
    expect(await (await fetch(csvUrl(second.url))).text()).toBe(csvBefore);
    expect(csvBefore.split('\n').filter((l) => l.startsWith(code))).toHaveLength(4); // 2 teams, 2 players

    // the submitted plan of round 1 is the one the database kept, and the game goes on
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(dbPath, { readonly: true });
    const row = db
      .prepare('SELECT plan_json, locked FROM plans WHERE session = ? AND round = 0 AND team = ?')
      .get(code, 't1');
    db.close();
    expect(row).toEqual({ plan_json: JSON.stringify(submitted), locked: 1 });
    host.room.send('host', { command: 'endPlanning' });
    await until(() => annAgain.state().phase === 'service');
    host.room.send('host', { command: 'advance' });
    await until(() => annAgain.state().phase === 'results');
    await kill(second.child);
  }, 90_000); // two process starts: a few seconds each on a loaded machine (tsx compiles the server first)
});
