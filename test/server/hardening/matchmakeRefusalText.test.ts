// The matchmaker's refusals reach a join page with their text in both languages: a Chinese page joining a code
// with no open session showed "No open session ZZZZZ2." in English (the audit of 2026-12-07, helper notes).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type JoinRefusal } from '../../../shared/index.ts';
import { startTestServer, type TestServer } from '../classroom/harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const refusal = async (path: string, body: unknown): Promise<{ status: number; refusal: JoinRefusal }> => {
  const res = await fetch(`${srv.url}/matchmake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error: string };
  return { status: res.status, refusal: JSON.parse(json.error) as JoinRefusal };
};

it('a code with no open session: what to do, in Chinese and English', async () => {
  const r = await refusal('joinById/ZZZZZ2', {
    protocolVersion: PROTOCOL_VERSION,
    role: 'player',
    nickname: 'Ann',
  });
  expect(r.status).toBe(404);
  expect(r.refusal.code).toBe('no-session');
  expect(r.refusal.text?.['zh-CN']).toMatch(/ZZZZZ2.*请老师打开这场课的控制台/u);
  expect(r.refusal.text?.en).toMatch(/No session ZZZZZ2 is open now: check the code/u);
});

it('a body that cannot be read: bad-request in both languages', async () => {
  const res = await fetch(`${srv.url}/matchmake/joinById/ZZZZZ2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"role":',
  });
  const r = JSON.parse(((await res.json()) as { error: string }).error) as JoinRefusal;
  expect(res.status).toBe(400);
  expect(r.code).toBe('bad-request');
  expect(r.text?.['zh-CN']).toMatch(/刷新页面/u);
});
