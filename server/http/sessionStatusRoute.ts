// GET /api/sessions/:code/status (shared/protocol/sessionStatus.ts): whether a stored session's room is open
// and whether the session ended. No key needed: it says no more than a join attempt would. Answers about codes
// that name no session are limited per address (MISSES per MISS_WINDOW_MS, then 429): a page recovering from a
// restart asks about its own session, while one guessing codes here ran at about 2,100 a second (the audit of
// 2026-12-07) against the matchmaker's 20. The pages treat 429 as "not back yet" and retry later.
import express from 'express';
import type { SessionSnapshot, SessionStatusResponse } from '../../shared/index.ts';
import type { SessionStore } from '../persistence/SessionStore.ts';
import { CreationLimit } from './CreationLimit.ts';
import { isJoinCode } from './joinCode.ts';
import { isSessionRunning } from './sessionRoutes.ts';

/** Codes one address may ask about and find no session, per window: a class mistyping its code a few times. */
export const MISSES = 30;
export const MISS_WINDOW_MS = 60_000;

/** The router, mounted at /api. `now` is injectable for tests. */
export function sessionStatusRoute(store: SessionStore, now: () => number = Date.now): express.Router {
  const router = express.Router();
  const misses = new CreationLimit(MISSES, MISS_WINDOW_MS);
  router.get('/sessions/:code/status', async (req, res) => {
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const code = String(req.params.code);
    const stored = isJoinCode(code) ? await store.getSession(code) : undefined;
    if (!stored) {
      const slot = misses.take(address, now());
      if (!slot.ok) {
        const seconds = Math.max(1, Math.ceil(slot.retryAfterMs / 1000));
        res.set('Retry-After', String(seconds));
        return void res.status(429).json({
          code: 'too-many-misses',
          error: `Too many unknown session codes from this address: at most ${MISSES} per ${MISS_WINDOW_MS / 1000} s. Try again in ${seconds} s.`,
          retryAfterSeconds: seconds,
        });
      }
      return void (isJoinCode(code)
        ? res.status(404).json({ code: 'no-session', error: `No session ${code}.` })
        : res.status(400).json({ code: 'not-a-join-code', error: `'${code}' is not a join code.` }));
    }
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
