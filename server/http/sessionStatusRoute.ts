// GET /api/sessions/:code/status (shared/protocol/sessionStatus.ts): whether a stored session's room is open
// and whether the session ended. No key needed: it says no more than a join attempt would.
import express from 'express';
import type { SessionSnapshot, SessionStatusResponse } from '../../shared/index.ts';
import type { SessionStore } from '../persistence/SessionStore.ts';
import { isJoinCode } from './joinCode.ts';
import { isSessionRunning } from './sessionRoutes.ts';

/** The router, mounted at /api. */
export function sessionStatusRoute(store: SessionStore): express.Router {
  const router = express.Router();
  router.get('/sessions/:code/status', async (req, res) => {
    const code = String(req.params.code);
    if (!isJoinCode(code)) return void res.status(400).json({ error: `'${code}' is not a join code.` });
    const stored = await store.getSession(code);
    if (!stored) return void res.status(404).json({ error: `No session ${code}.` });
    const snapshot = JSON.parse(stored.snapshotJson) as Pick<SessionSnapshot, 'closed'>;
    const body: SessionStatusResponse = {
      code,
      running: await isSessionRunning(code),
      closed: snapshot.closed,
    };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
