// An unknown route or method under /api answers JSON with a code, as every API answer does; it used to be
// Express's HTML "Cannot GET" page (the audit of 2026-12-07).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../classroom/harness.ts';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

it.each([
  ['GET', '/api/nothing'],
  ['DELETE', '/api/sessions'],
  ['PUT', '/api/levels'],
])('%s %s → 404 JSON no-route', async (method, path) => {
  const res = await fetch(`${srv.url}${path}`, { method });
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/application\/json/u);
  expect(await res.json()).toMatchObject({ code: 'no-route' });
});

it('still answers the routes that exist and serves the page', async () => {
  expect((await fetch(`${srv.url}/api/levels`)).status).toBe(200);
  expect((await fetch(`${srv.url}/healthz`)).status).toBe(200);
});
