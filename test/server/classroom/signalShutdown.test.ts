// Ctrl+C or a deploy's SIGTERM to the real server process (server/index.ts): every page is told the server
// restarts (CLOSE_RESTARTING) before the process exits, so a class sees "restarting", not a crash. Colyseus's own
// signal handler used to race the server's: its process.exit came before the close frames were written, and
// every page saw 1006, as after a kill -9.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE_RESTARTING } from '../../../shared/index.ts';
import { startServerProcess, stopAll } from '../support/processes.ts';
import { createSession, join } from './harness.ts';

afterAll(() => stopAll());

describe.each(['SIGTERM', 'SIGINT'] as const)('%s to the server process', (signal) => {
  it('closes every page with CLOSE_RESTARTING, then exits 0 with nothing lost', async () => {
    const dbPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mesh-kitchen-signal-')), 's.sqlite');
    const srv = await startServerProcess({ port: 0, dbPath });
    const { code, hostKey } = await createSession(srv.url, {});
    const host = await join(srv.url, code, { role: 'facilitator', hostKey });
    const ann = await join(srv.url, code, { role: 'player', nickname: 'Ann' });
    const closes = [host, ann].map((p) => new Promise<number>((r) => p.room.onLeave(r)));
    const exited = new Promise<number | null>((r) => srv.child.once('exit', (c) => r(c)));
    srv.child.kill(signal);
    expect(await Promise.all(closes)).toEqual([CLOSE_RESTARTING, CLOSE_RESTARTING]);
    expect(await exited).toBe(0);
    expect(srv.output()).not.toContain('error during shutdown');
    // The session is still stored: the next process reopens it (restart.test.ts).
    const again = await startServerProcess({ port: 0, dbPath });
    const status = await fetch(`${again.url}/api/sessions/${code}/status`);
    expect(await status.json()).toEqual({ code, running: false, closed: false });
    again.child.kill('SIGTERM');
  }, 60_000);
});
