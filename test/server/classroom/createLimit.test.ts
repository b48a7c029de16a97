// POST /api/sessions is rate-limited per client address (every open session keeps a room in memory): the
// 11th creation within a minute is answered 429 with a clear message and Retry-After, refused bodies do not
// count, and once the oldest creation is a minute old one more is allowed.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreationLimit } from '../../../server/http/CreationLimit.ts';
import { post, startTestServer, type TestServer } from './harness.ts';

const BODY = { rounds: ['fridge-too-small'], planningSeconds: 60, teams: 2 };

describe('POST /api/sessions rate limit', () => {
  let srv: TestServer;
  beforeAll(async () => {
    // frozen: under load the ten creations take seconds of real time, which Retry-After would count
    srv = await startTestServer(undefined, { frozenClock: true });
  });
  afterAll(async () => {
    await srv.close();
  });

  it('allows 10 creations a minute from one address, then answers 429 until the window moves on', async () => {
    // A bad body is refused before it counts.
    expect((await post(`${srv.url}/api/sessions`, { ...BODY, teams: 99 })).status).toBe(400);
    for (let i = 0; i < 10; i++) {
      const created = await post(`${srv.url}/api/sessions`, BODY);
      expect(created.status).toBe(201);
      srv.advanceClock(1_000); // creation i at t0 + i s
    }
    const res = await fetch(`${srv.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BODY),
    });
    expect(res.status).toBe(429);
    // The oldest creation (t0) leaves the 60 s window at t0 + 60 s; now is t0 + 10 s → 50 s.
    expect(res.headers.get('retry-after')).toBe('50');
    const json = (await res.json()) as { error: string; retryAfterSeconds: number };
    expect(json.error).toBe(
      'Too many sessions created from this address: at most 10 per 60 s. Try again in 50 s, or reuse an open session.',
    );
    expect(json.retryAfterSeconds).toBe(50);
    // The refused creations stored nothing: 10 sessions.
    const db = new Database(srv.dbPath, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 10 });
    db.close();
    srv.advanceClock(50_000); // t0 + 60 s: the first creation is out of the window
    expect((await post(`${srv.url}/api/sessions`, BODY)).status).toBe(201);
    expect((await post(`${srv.url}/api/sessions`, BODY)).status).toBe(429);
  });
});

describe('POST /api/sessions rate limit behind a trusted proxy', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(undefined, { trustProxy: 1 });
  });
  afterAll(async () => {
    await srv.close();
  });
  const from = (address: string) =>
    fetch(`${srv.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(BODY),
    }).then((r) => r.status);

  it('counts each forwarded client address on its own', async () => {
    for (let i = 0; i < 10; i++) expect(await from('203.0.113.7')).toBe(201);
    expect(await from('203.0.113.7')).toBe(429);
    expect(await from('203.0.113.8')).toBe(201); // another classroom behind the same proxy
  });
});

describe('CreationLimit', () => {
  it('counts per address in a sliding window and gives back a released slot', () => {
    const limit = new CreationLimit(2, 1000);
    expect(limit.take('a', 0)).toEqual({ ok: true });
    expect(limit.take('a', 400)).toEqual({ ok: true });
    expect(limit.take('a', 500)).toEqual({ ok: false, retryAfterMs: 500 });
    expect(limit.take('b', 500)).toEqual({ ok: true });
    // At t = 1000 the creation of t = 0 has left the window (it covers (0, 1000]).
    expect(limit.take('a', 1000)).toEqual({ ok: true });
    expect(limit.take('a', 1001)).toEqual({ ok: false, retryAfterMs: 399 });
    limit.release('a', 1001);
    expect(limit.take('a', 1002)).toEqual({ ok: true });
  });
});
