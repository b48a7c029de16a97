// Items 2, 3 and 8 (charsets) of issue 10, on the matchmaker's HTTP routes. 250 HTTP-only seat
// reservations once locked a class for 15 s, the facilitator included; a body of any size was read with no
// deadline; an unsupported charset answered 500. Client addresses are told apart by X-Forwarded-For (the
// test server trusts one proxy hop).
import net from 'node:net';
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../shared/index.ts';
import {
  createSession,
  join,
  startTestServer,
  until,
  type Peer,
  type TestServer,
} from '../classroom/harness.ts';

let srv: TestServer;
const peers: Peer[] = [];
beforeAll(async () => {
  srv = await startTestServer(undefined, { trustProxy: 1, requestTimeoutMs: 1000 });
});
afterAll(async () => {
  await Promise.all(peers.map((p) => p.room.leave().catch(() => undefined)));
  await srv.close();
});

/** An HTTP-only join of `code` from `address` (never followed by a WebSocket). */
async function reserve(
  code: string,
  address: string,
  options: object,
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${srv.url}/matchmake/joinById/${code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, ...options }),
  });
  return { status: res.status, body: await res.text() };
}

describe('seat reservations', () => {
  it('250 from one address are bounded; the facilitator and other addresses still join', async () => {
    const { code, hostKey } = await createSession(srv.url);
    const flood = [];
    for (let i = 0; i < 250; i++)
      flood.push(await reserve(code, '203.0.113.7', { role: 'player', nickname: `x${i}` }));
    const refused = flood.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(200);
    expect(refused[0]!.body).toMatch(/too-many-joins/);
    const host = await join(srv.url, code, { role: 'facilitator', hostKey });
    const ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
    peers.push(host, ann);
    const id = ann.of<{ playerId: string }>('welcome')[0]!.playerId;
    await until(() => host.state().players[id]?.nickname === 'Ann', 4000, 'Ann seated');
  });

  it('from 250 addresses they are bounded per room; the facilitator still joins', async () => {
    const { code, hostKey } = await createSession(srv.url);
    const flood = await Promise.all(
      Array.from({ length: 250 }, (_, i) => reserve(code, `198.51.100.${i}`, { role: 'projector' })),
    );
    expect(flood.filter((r) => r.status === 200).length).toBeLessThanOrEqual(60);
    peers.push(await join(srv.url, code, { role: 'facilitator', hostKey }));
  });
});

describe('request bodies and deadlines', () => {
  it('a body over 4 KB is refused with 413', async () => {
    const { code } = await createSession(srv.url);
    const res = await fetch(`${srv.url}/matchmake/joinById/${code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'player', nickname: 'x'.repeat(1_000_000) }),
    });
    expect(res.status).toBe(413);
  });

  it('a body that never arrives is cut off at the deadline', async () => {
    const socket = net.connect(srv.server.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write('POST /matchmake/joinById/ABCDEF HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{');
    let reply = '';
    socket.on('data', (d: Buffer) => (reply += d.toString()));
    await new Promise((r) => socket.once('close', r));
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
  });

  it.each([
    ['/matchmake/joinById/ABCDEF', { 'content-type': 'application/json; charset=latin-9' }],
    ['/api/sessions', { 'content-type': 'application/json; charset=latin-9' }],
    ['/api/sessions', { 'content-type': 'application/json', 'content-encoding': 'compress' }],
  ])('%s with %j is a 4xx, not a 500', async (path, headers) => {
    const res = await fetch(`${srv.url}${path}`, { method: 'POST', headers, body: '{}' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('joining by room name still works for the lobby', async () => {
    const room = await new Client(srv.url).joinOrCreate('lobby', { protocolVersion: PROTOCOL_VERSION });
    await room.leave();
  });
});
