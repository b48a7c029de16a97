// The README's "Scaling out" deployment, driven end to end: nginx (started by the test on loopback with
// deploy/nginx.conf.template) in front of three server processes on one PostgreSQL and one Redis, each with
// PUBLIC_ADDRESS = <nginx>/p/<n>. The test talks to nginx only: it creates a session, the facilitator and a
// player join and play through it (each room WebSocket goes through /p/<n>/ to the room's process), the
// room's process is killed, and the resume, the facilitator and the player come back through nginx.
import { Client } from 'colyseus.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type WelcomeMessage } from '../../shared/index.ts';
import { createSession, peer, post, until, type Peer } from './classroom/harness.ts';
import { startNginx, type NginxProcess } from './support/nginx.ts';
import { startPostgres, type PostgresProcess } from './support/postgres.ts';
import {
  freePort,
  startRedis,
  startServerProcess,
  stopAll,
  type ServerProcess,
} from './support/processes.ts';

let cluster: PostgresProcess;
let nginx: NginxProcess;
let servers: ServerProcess[] = [];
const peers: Peer[] = [];

/** Joins through nginx; the peer and the path prefix (/p/<n>) its WebSocket went through. */
async function joinViaProxy(
  code: string,
  as: { role: 'facilitator'; hostKey: string } | { role: 'player'; nickname: string; seatKey?: string },
): Promise<{ peer: Peer; prefix: string }> {
  let prefix = '';
  const client = new Client(nginx.url, {
    urlBuilder: (url) => {
      expect(url.host).toBe(`127.0.0.1:${nginx.port}`);
      prefix = /^\/p\/\d\//.exec(url.pathname)?.[0] ?? url.pathname;
      return url.href;
    },
  });
  const p = peer(await client.joinById(code, { protocolVersion: PROTOCOL_VERSION, ...as }));
  peers.push(p);
  await until(() => p.state().code === code && p.messages.some((m) => m.type === 'welcome'), 8000, 'welcome');
  return { peer: p, prefix };
}

beforeAll(async () => {
  const [redis, pgCluster] = await Promise.all([startRedis(), startPostgres()]);
  cluster = pgCluster;
  const databaseUrl = await cluster.createDatabase('proxied');
  const nginxPort = await freePort();
  const ports = [await freePort(), await freePort(), await freePort()];
  servers = await Promise.all(
    ports.map((port, i) =>
      startServerProcess({
        port,
        dbPath: '/nonexistent/never-opened.sqlite',
        databaseUrl,
        redisUrl: redis.url,
        publicAddress: `127.0.0.1:${nginxPort}/p/${i + 1}`,
        env: { TRUST_PROXY: '1' },
      }),
    ),
  );
  nginx = await startNginx(nginxPort, ports.map((p) => `127.0.0.1:${p}`) as [string, string, string]);
}, 240_000);

afterAll(async () => {
  await Promise.allSettled(peers.filter((p) => p.room.connection.isOpen).map((p) => p.room.leave(true)));
  await stopAll();
  await cluster?.stop();
}, 60_000);

describe('three processes behind nginx', () => {
  it('a session is created, played, and resumed after a kill -9, all through the proxy', async () => {
    const { code, hostKey } = await createSession(nginx.url);
    const host = await joinViaProxy(code, { role: 'facilitator', hostKey });
    const ann = await joinViaProxy(code, { role: 'player', nickname: 'Ann' });
    expect(host.prefix).toMatch(/^\/p\/[123]\/$/);
    expect(ann.prefix).toBe(host.prefix);
    host.peer.room.send('host', { command: 'start' });
    await until(() => ann.peer.state().phase === 'briefing', 8000, 'briefing');
    host.peer.room.send('host', { command: 'advance' });
    await until(() => ann.peer.state().phase === 'planning', 8000, 'planning');
    ann.peer.room.send('edit', { seq: 1, edit: { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] } });
    await until(() => host.peer.state().teams.t1!.planVersion === 1, 8000, 'the edit on the facilitator');

    const n = Number(/\d/.exec(host.prefix)![0]);
    const dead = servers[n - 1]!;
    await new Promise<void>((resolve) => {
      dead.child.once('exit', () => resolve());
      dead.child.kill('SIGKILL');
    });
    // nginx sends the POST to a live process (a refused connection is retried on the next upstream)
    expect(await post(`${nginx.url}/api/sessions/${code}/resume`, { hostKey })).toEqual({
      status: 200,
      json: { code, resumed: true },
    });
    const again = await joinViaProxy(code, { role: 'facilitator', hostKey });
    expect(again.prefix).not.toBe(host.prefix);
    expect(again.peer.state()).toMatchObject({ phase: 'planning', round: 0 });
    expect(again.peer.state().teams.t1!.planVersion).toBe(1);
    const seatKey = ann.peer.of<WelcomeMessage>('welcome')[0]!.seatKey!;
    const annBack = await joinViaProxy(code, { role: 'player', nickname: 'x', seatKey });
    expect(annBack.peer.of<WelcomeMessage>('welcome')[0]).toMatchObject({ playerId: 'p1', nickname: 'Ann' });
    expect(annBack.prefix).toBe(again.prefix);
  }, 120_000);
});
