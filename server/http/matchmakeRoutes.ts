// The matchmaker's HTTP routes (POST /matchmake/<method>/<room name or id>), served by Express in place of
// Colyseus's own handler (which read bodies of any size with no deadline and reserved seats for anyone;
// issue 10, items 2–4 and 8): a 4 KB JSON body, bad bodies and charsets → 4xx, a request budget and a
// reservation guard per client address, and per room name only the methods its pages use — a session is
// joined by its code (joinById) or a reconnection token, never found by name. A session join whose options
// the room would refuse anyway (shape, protocol, nickname, host key) is refused here, before a seat is
// reserved: an empty body once held a seat for 15 s.
import express, { type ErrorRequestHandler, type Response } from 'express';
import { matchMaker, type Room } from 'colyseus';
import { ROOM_LOBBY, ROOM_SESSION, type JoinRefusal } from '../../shared/index.ts';
import type { SessionStore } from '../persistence/SessionStore.ts';
import { verifySecret } from '../persistence/secrets.ts';
import { MessageRate } from '../rooms/MessageRate.ts';
import { checkJoinOptions } from '../rooms/seat.ts';
import { matchmakeRefusalText } from './matchmakeRefusalText.ts';
import { ReservationGuard } from './ReservationGuard.ts';
import { serverLog } from '../support/serverLog.ts';

export interface MatchmakeDeps {
  readonly store: SessionStore;
  /** ms, monotonic enough for expiries. */
  readonly now: () => number;
  readonly guard?: ReservationGuard;
}

/** Methods a room name may be reached by (joinById and reconnect name a room id instead); a Map: no
 * 'constructor' or '__proto__' is found in it. */
const BY_NAME: ReadonlyMap<string, readonly string[]> = new Map([[ROOM_LOBBY, ['joinOrCreate', 'join']]]);
const BY_ID = ['joinById', 'reconnect'];
/** Matchmake requests one address may make: bursts of 60, 20 a second. */
const REQUEST_RATE = { burst: 60, perSecond: 20, closeAfter: Infinity };

/**
 * A refusal in the shape of a room's join refusal (JoinRefusal as JSON in `error`), with its text in both
 * languages where the matchmaker has one (`target`: the room or session the request named).
 */
function refuse(res: Response, status: number, code: string, message: string, target = ''): void {
  const text = matchmakeRefusalText(code, target);
  send(res, status, { code, message, ...(text ? { text } : {}) });
}
function send(res: Response, status: number, refusal: JoinRefusal): void {
  res.status(status).json({ code: status, error: JSON.stringify(refusal) });
}

const isConsumed = (roomId: string, sessionId: string): boolean => {
  const room = matchMaker.getLocalRoomById(roomId) as Room | undefined;
  return room !== undefined && !room.hasReservedSeat(sessionId);
};

export function matchmakeRoutes({
  store,
  now,
  guard = new ReservationGuard(),
}: MatchmakeDeps): express.Router {
  const router = express.Router();
  const requests = new MessageRate(REQUEST_RATE, now);

  router.use((req, res, next) => {
    const h = { ...matchMaker.controller.DEFAULT_CORS_HEADERS, ...matchMaker.controller.getCorsHeaders(req) };
    res.set(h);
    if (req.method === 'OPTIONS') return void res.status(204).end();
    if (req.method !== 'POST') return refuse(res, 404, 'not-found', 'Not a matchmaker route.');
    if (requests.take(req.ip ?? 'unknown') !== 'ok')
      return refuse(res, 429, 'too-many-requests', 'Too many join requests; try again in a few seconds.');
    next();
  });
  // any content type (colyseus.js says application/json); 4 KB is ~10× the largest join options
  router.use(express.json({ limit: '4kb', type: () => true, strict: true }));

  router.post('/:method/:target', async (req, res) => {
    const method = String(req.params.method);
    const target = String(req.params.target);
    const options: unknown = req.body;
    if (typeof options !== 'object' || options === null || Array.isArray(options))
      return refuse(res, 400, 'bad-message', 'The join options must be a JSON object.');
    const address = req.ip ?? 'unknown';
    let reserving = false;
    if (BY_ID.includes(method)) {
      const [listing] = await matchMaker.query({ roomId: target });
      if (listing === undefined)
        return refuse(res, 404, 'no-session', `No open session ${target.slice(0, 32)}.`, target);
      if (method === 'joinById') {
        const session = listing.name === ROOM_SESSION;
        const checked = session ? checkJoinOptions(options) : undefined;
        if (checked?.ok === false) return send(res, checked.status, checked.refusal);
        const facilitator = session && (await isFacilitator(store, target, options));
        if (checked?.ok === true && checked.value.role === 'facilitator' && !facilitator)
          return refuse(res, 403, 'wrong-host-key', 'Wrong host key.');
        const seats = { used: listing.clients, max: listing.maxClients };
        const refused = guard.check(address, target, facilitator, seats, now(), isConsumed);
        if (refused)
          return refuse(res, refused.code === 'session-full' ? 409 : 429, refused.code, refused.message);
        reserving = !facilitator;
      }
    } else if (BY_NAME.get(target)?.includes(method) !== true) {
      const code = BY_NAME.has(target) ? 'not-found' : 'unknown-room';
      return refuse(res, 404, code, `'${method.slice(0, 32)}' is not offered for '${target.slice(0, 32)}'.`);
    }
    try {
      const response = (await matchMaker.controller.invokeMethod(method, target, options, {
        token: undefined,
        headers: req.headers,
        ip: address,
        req,
      })) as { sessionId: string; protocol?: string };
      if (reserving) guard.hold(response.sessionId, address, target, now());
      res.json(response);
    } catch (e) {
      const err = e as { code?: unknown; message?: unknown };
      res.json({ code: err.code, error: typeof err.message === 'string' ? err.message : 'join failed' });
    }
  });

  router.use(((err: { status?: number; type?: string }, req, res, _next) => {
    // body-parser's refusals: a 4xx status and a type ('entity.too.large', 'charset.unsupported', …)
    if (typeof err.status === 'number' && err.status >= 400 && err.status < 500)
      return refuse(
        res,
        err.status,
        'bad-request',
        `The join request was refused (${err.type ?? 'bad body'}).`,
      );
    // through the throttled log: a request that trips a bug again and again cannot flood the log (ThrottledLog.ts)
    serverLog.error(`[matchmake] ${req.method} ${req.path.slice(0, 80)}: ${errorText(err)}`);
    refuse(res, 500, 'server-error', 'The server could not answer this join; try again.');
  }) satisfies ErrorRequestHandler);
  return router;
}

const errorText = (e: unknown): string => (e instanceof Error ? (e.stack ?? e.message) : String(e));

/** Whether `options` carry the host key of session `code`. */
async function isFacilitator(store: SessionStore, code: string, options: object): Promise<boolean> {
  const o = options as { role?: unknown; hostKey?: unknown };
  if (o.role !== 'facilitator' || typeof o.hostKey !== 'string' || o.hostKey.length > 128) return false;
  const stored = await store.getSession(code);
  return stored !== undefined && verifySecret(o.hostKey, stored.hostKeyHash);
}
