// One address could keep any number of sessions in memory, 10 more a minute (the audit of 2026-12-07); it may
// have OPEN_SESSIONS_PER_ADDRESS open at once, and one that ends or goes idle frees its place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SESSIONS_PER_ADDRESS, OpenSessions } from '../../../server/http/OpenSessions.ts';
import { startTestServer, type TestServer } from '../classroom/harness.ts';

describe('OpenSessions', () => {
  it('counts only sessions whose rooms still run', async () => {
    const running = new Set<string>();
    const open = new OpenSessions(async (code) => running.has(code), 2);
    for (const code of ['A', 'B']) {
      expect(await open.mayOpen('10.0.0.1')).toBe(true);
      open.opened('10.0.0.1', code);
      running.add(code);
    }
    expect(await open.mayOpen('10.0.0.1')).toBe(false);
    expect(await open.mayOpen('10.0.0.2')).toBe(true);
    running.delete('A'); // ended, or idle past IDLE_DISPOSE_MS
    expect(await open.mayOpen('10.0.0.1')).toBe(true);
  });
});

describe('POST /api/sessions from one address', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(undefined, { trustProxy: 1 });
  });
  afterAll(async () => {
    await srv.close();
  });

  const create = async (address: string) => {
    const res = await fetch(`${srv.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ rounds: ['fridge-too-small'], planningSeconds: 300, teams: 2 }),
    });
    return { status: res.status, body: (await res.json()) as { code?: string; text?: { 'zh-CN': string } } };
  };

  it(`opens ${OPEN_SESSIONS_PER_ADDRESS}, then refuses with a code and both languages`, async () => {
    for (let i = 0; i < OPEN_SESSIONS_PER_ADDRESS; i++) {
      if (i % 10 === 0) srv.advanceClock(61_000); // the creation rate: 10 a minute
      expect((await create('198.51.100.7')).status).toBe(201);
    }
    srv.advanceClock(61_000);
    const refused = await create('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too-many-open-sessions');
    expect(refused.body.text?.['zh-CN']).toMatch(/请先结束一场/u);
    expect((await create('198.51.100.8')).status).toBe(201);
  }, 60_000);
});
