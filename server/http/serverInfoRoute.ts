// GET /api/server-info (shared/protocol/serverInfo.ts): PUBLIC_URL and the network addresses, read by the
// facilitator's pages to build a join link phones can open (not the localhost the teacher's browser uses).
import express from 'express';
import type { ServerInfoResponse } from '../../shared/index.ts';

/** The router, mounted at /api; `info()` is read per request (the port is known only once listening). */
export function serverInfoRoute(info: () => ServerInfoResponse): express.Router {
  const router = express.Router();
  router.get('/server-info', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(info());
  });
  return router;
}
