// GET /api/sessions/:code/status answered about 2,100 guessed codes a second from one address (the audit of
// 2026-12-07), against the matchmaker's 20: answers that find no session are limited per address, while the
// session's own pages, asking about a code that exists, are never refused. Addresses are told apart by
// X-Forwarded-For (the test server trusts one proxy hop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSES } from '../../../server/http/sessionStatusRoute.ts';
import { createSession, startTestServer, type TestServer } from '../classroom/harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer(undefined, { trustProxy: 1 });
});
afterAll(async () => {
  await srv.close();
});

const status = async (code: string, address: string) => {
  const res = await fetch(`${srv.url}/api/sessions/${code}/status`, {
    headers: { 'x-forwarded-for': address },
  });
  return { status: res.status, body: (await res.json()) as { code?: string; running?: boolean } };
};

describe('guessing session codes on the status route', () => {
  it('answers misses with a code until the address has used its share, then 429, the real session always', async () => {
    const { code } = await createSession(srv.url);
    expect((await status('ZZZZZ2', '10.1.0.1')).body.code).toBe('no-session');
    expect((await status('nope', '10.1.0.1')).body.code).toBe('not-a-join-code');
    for (let i = 2; i < MISSES; i++) expect((await status('ZZZZZ2', '10.1.0.1')).status).toBe(404);
    const refused = await status('ZZZZZ3', '10.1.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too-many-misses');
    // the session that exists is still answered for the guesser's address, and another address may still miss
    expect(await status(code, '10.1.0.1')).toEqual({
      status: 200,
      body: { code, running: true, closed: false },
    });
    expect((await status('ZZZZZ2', '10.1.0.2')).status).toBe(404);
  });
});
