// The join link must be one a phone can open: the server lists its network addresses (all IPv4 interfaces
// when listening on 0.0.0.0, none on loopback), checks PUBLIC_URL at start, and tells the pages both
// through GET /api/server-info; the pages prefer PUBLIC_URL, then their own origin unless it is localhost,
// then the network address, and say when only localhost is known.
import path from 'node:path';
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { startGameServer } from '../../../server/createGameServer.ts';
import { networkUrls, publicUrlOf } from '../../../server/http/networkUrls.ts';
import { isLocalUrl, joinBase } from '../../../client/classroom/viewModels/joinBase.ts';
import { tempDir } from './harness.ts';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as unknown as NetworkInterfaceInfo;
const interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('192.168.1.20', 'IPv4'), nic('fe80::1', 'IPv6')],
  wlan0: [nic('10.0.0.7', 'IPv4')],
};

describe('networkUrls', () => {
  it('lists every external IPv4 interface when listening on all of them', () => {
    expect(networkUrls(interfaces, '0.0.0.0', 2567)).toEqual([
      'http://192.168.1.20:2567',
      'http://10.0.0.7:2567',
    ]);
    expect(networkUrls(interfaces, '::', 80)).toHaveLength(2);
  });
  it('none on loopback; the bound address itself otherwise', () => {
    expect(networkUrls(interfaces, '127.0.0.1', 2567)).toEqual([]);
    expect(networkUrls(interfaces, 'localhost', 2567)).toEqual([]);
    expect(networkUrls(interfaces, '10.0.0.7', 2567)).toEqual(['http://10.0.0.7:2567']);
  });
});

describe('publicUrlOf', () => {
  it('normalises an http(s) URL, keeps a path prefix, drops the trailing slash', () => {
    expect(publicUrlOf(undefined)).toBeNull();
    expect(publicUrlOf('  ')).toBeNull();
    expect(publicUrlOf('https://kitchen.example.edu/')).toBe('https://kitchen.example.edu');
    expect(publicUrlOf('http://192.168.1.20:2567/mk/')).toBe('http://192.168.1.20:2567/mk');
  });
  it('refuses what no phone could open, naming PUBLIC_URL', () => {
    expect(() => publicUrlOf('kitchen.example.edu')).toThrow(/^PUBLIC_URL: /);
    expect(() => publicUrlOf('ftp://kitchen.example.edu')).toThrow(/http:\/\/ or https:\/\//);
  });
});

describe('joinBase', () => {
  const info = (publicUrl: string | null, urls: string[] = []) => ({ publicUrl, networkUrls: urls });
  it('prefers PUBLIC_URL, then a non-local page origin, then the network address', () => {
    expect(
      joinBase('http://localhost:2567', info('https://k.example.edu', ['http://10.0.0.7:2567'])),
    ).toEqual({ origin: 'https://k.example.edu', localOnly: false });
    expect(joinBase('http://192.168.1.20:2567', info(null, ['http://10.0.0.7:2567']))).toEqual({
      origin: 'http://192.168.1.20:2567',
      localOnly: false,
    });
    expect(joinBase('http://localhost:2567', info(null, ['http://10.0.0.7:2567']))).toEqual({
      origin: 'http://10.0.0.7:2567',
      localOnly: false,
    });
  });
  it('warns when only localhost is known (or PUBLIC_URL itself is local)', () => {
    expect(joinBase('http://127.0.0.1:2567', info(null))).toEqual({
      origin: 'http://127.0.0.1:2567',
      localOnly: true,
    });
    expect(joinBase('http://localhost:5173', null).localOnly).toBe(true);
    expect(joinBase('http://x', info('http://localhost:2567')).localOnly).toBe(true);
    expect(['http://[::1]:80', 'http://a.localhost', 'http://0.0.0.0:1'].map(isLocalUrl)).toEqual([
      true,
      true,
      true,
    ]);
    expect(isLocalUrl('http://192.168.1.20')).toBe(false);
  });
});

describe('GET /api/server-info', () => {
  it('answers PUBLIC_URL and the network addresses of the port it listens on', async () => {
    const server = await startGameServer({
      port: 0,
      host: '127.0.0.1',
      dbPath: path.join(tempDir(), 's.sqlite'),
      publicUrl: 'https://kitchen.example.edu/',
    });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/server-info`);
      expect(await res.json()).toEqual({ publicUrl: 'https://kitchen.example.edu', networkUrls: [] });
      expect(server.info.publicUrl).toBe('https://kitchen.example.edu');
    } finally {
      await server.close();
    }
  });
});
