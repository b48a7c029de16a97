// A session whose room cannot be opened (with REDIS_URL: a process that does not share the database file)
// is answered 503 with the reason and leaves no orphaned row behind: the facilitator can simply try again.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ColyseusTestServer } from '@colyseus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRoutes } from '../../../server/http/sessionRoutes.ts';
import { SqliteSessionStore } from '../../../server/persistence/SqliteSessionStore.ts';
import { colyseusTesting } from '../support/holdBack.ts';
import { post, tempDir } from './harness.ts';

describe('POST /api/sessions when the room cannot be created', () => {
  const dbPath = path.join(tempDir(), 'sessions.sqlite');
  const store = new SqliteSessionStore(dbPath);
  let colyseus: ColyseusTestServer;
  const port = 25731;
  beforeAll(async () => {
    // A matchmaker that does not define the session room, so matchMaker.createRoom fails.
    const { boot, config } = await colyseusTesting();
    colyseus = await boot(
      config({
        initializeGameServer: () => {},
        initializeExpress: (app) => {
          app.use('/api', sessionRoutes({ store, now: () => 1_000 }));
        },
      }),
      port,
    );
  });
  afterAll(async () => {
    await colyseus.shutdown();
    await store.close();
  });

  it('answers 503 with the reason and stores nothing', async () => {
    const r = await post(`http://127.0.0.1:${port}/api/sessions`, {
      rounds: ['fridge-too-small'],
      planningSeconds: 60,
      teams: 2,
    });
    expect(r.status).toBe(503);
    expect((r.json as { error: string }).error).toMatch(/^The session room could not be opened: /);
    const db = new Database(dbPath, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    db.close();
  });
});
