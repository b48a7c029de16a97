// The classroom's HTTP API (shared/protocol/classroom.ts): create a session, resume it after a restart,
// download its results as CSV, list the levels for the create form. Bad bodies → 400 JSON {error}; more
// than 10 creations a minute from one address, or more than 30 of its sessions open at once → 429 (every open
// session keeps a room in memory; OpenSessions.ts).
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { matchMaker } from 'colyseus';
import {
  LEVELS,
  ROOM_SESSION,
  createSession,
  type CreateSessionResponse,
  type SessionSnapshot,
  text,
} from '../../shared/index.ts';
import type { SessionStore, StoredSession } from '../persistence/SessionStore.ts';
import { hashSecret, newSecret, verifySecret } from '../persistence/secrets.ts';
import { createSessionSchema, resumeSessionSchema } from '../protocol/classroomSchemas.ts';
import { validate } from '../protocol/validate.ts';
import { ROOM_LEASED, liveLease, untilListed } from '../rooms/roomLease.ts';
import { CreationLimit } from './CreationLimit.ts';
import { OPEN_SESSIONS_PER_ADDRESS, OpenSessions } from './OpenSessions.ts';
import { resultsCsv } from './resultsCsv.ts';
import { isJoinCode, newJoinCode } from './joinCode.ts';

const tooManyOpenText = text(
  `这个网络地址已经开着 ${OPEN_SESSIONS_PER_ADDRESS} 场课：请先结束一场（或让一场空着几个小时），再新建。`,
  `This address has ${OPEN_SESSIONS_PER_ADDRESS} sessions open: end one (or let one stand empty for a few hours) before creating another.`,
);

/** POST /api/sessions/:code/resume answers this. */
export interface ResumeSessionResponse {
  readonly code: string;
  /** false when the session's room was already running (nothing to do). */
  readonly resumed: boolean;
}

export interface SessionRoutesDeps {
  readonly store: SessionStore;
  /** The server clock, ms since the epoch. */
  readonly now: () => number;
  /** Session creations allowed per client address in any `windowMs`; default 10 per 60 000 ms. */
  readonly createLimit?: { readonly max: number; readonly windowMs: number };
}

/** Whether the room of `code` is running in any process. */
export async function isSessionRunning(code: string): Promise<boolean> {
  return (await matchMaker.query({ name: ROOM_SESSION, roomId: code })).length > 0;
}

const fail = (res: Response, status: number, error: string, extra: object = {}): void => {
  res.status(status).json({ error, ...extra });
};

/** The stored session of `:code` if the host key matches; otherwise answers 400/403/404 and returns undefined. */
async function authorised(
  req: Request,
  res: Response,
  store: SessionStore,
  hostKey: unknown,
): Promise<StoredSession | undefined> {
  const code = String(req.params.code ?? '');
  if (!isJoinCode(code)) return void fail(res, 400, `'${code}' is not a join code.`);
  const stored = await store.getSession(code);
  if (!stored) return void fail(res, 404, `No session ${code}.`);
  if (typeof hostKey !== 'string' || !verifySecret(hostKey, stored.hostKeyHash))
    return void fail(res, 403, 'Wrong host key.');
  return stored;
}

/** The router, mounted at /api. */
export function sessionRoutes({ store, now, createLimit }: SessionRoutesDeps): express.Router {
  const router = express.Router();
  const { max, windowMs } = createLimit ?? { max: 10, windowMs: 60_000 };
  const creations = new CreationLimit(max, windowMs);
  const open = new OpenSessions(isSessionRunning);
  router.use(express.json({ limit: '16kb' }));

  router.get('/levels', (_req, res) => {
    res.json(LEVELS.map((l) => ({ id: l.id, kind: l.kind, concept: l.concept, title: l.title })));
  });

  router.post('/sessions', async (req, res) => {
    const body = validate(createSessionSchema, req.body, 'POST /api/sessions');
    if (!body.ok) return fail(res, 400, body.error.message);
    // The socket's address (behind a reverse proxy, Express's 'trust proxy' setting makes it the client's).
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    if (!(await open.mayOpen(address)))
      return fail(
        res,
        429,
        `This address has ${OPEN_SESSIONS_PER_ADDRESS} sessions open: end one (or let one stand empty for a few hours) before creating another.`,
        { code: 'too-many-open-sessions', text: tooManyOpenText },
      );
    const slot = creations.take(address, now());
    if (!slot.ok) {
      const seconds = Math.max(1, Math.ceil(slot.retryAfterMs / 1000));
      res.set('Retry-After', String(seconds));
      return fail(
        res,
        429,
        `Too many sessions created from this address: at most ${max} per ${windowMs / 1000} s. ` +
          `Try again in ${seconds} s, or reuse an open session.`,
        { retryAfterSeconds: seconds },
      );
    }
    const code = await newJoinCode(async (c) => (await store.hasSession(c)) || (await isSessionRunning(c)));
    const nowMs = now();
    const created = createSession({ ...body.value, code, nowMs });
    if (!created.ok) {
      creations.release(address, now());
      return fail(res, 400, created.error.text.en, { code: created.error.code, text: created.error.text });
    }
    const hostKey = newSecret();
    const snapshot: SessionSnapshot = created.value;
    await store.createSession({
      code,
      title: snapshot.title,
      hostKeyHash: hashSecret(hostKey),
      snapshotJson: JSON.stringify(snapshot),
      nowMs,
    });
    try {
      await matchMaker.createRoom(ROOM_SESSION, { code, hostKey });
    } catch (error) {
      // E.g. with REDIS_URL the room opened on a process that does not share this MESH_KITCHEN_DB file.
      await store.deleteNewSession(code).catch(() => undefined);
      creations.release(address, now());
      return fail(res, 503, `The session room could not be opened: ${errorMessage(error)}`);
    }
    open.opened(address, code);
    const response: CreateSessionResponse = { code, hostKey };
    res.status(201).json(response);
  });

  router.post('/sessions/:code/resume', async (req, res) => {
    const body = validate(resumeSessionSchema, req.body, 'POST /api/sessions/:code/resume');
    if (!body.ok) return fail(res, 400, body.error.message);
    const stored = await authorised(req, res, store, body.value.hostKey);
    if (!stored) return;
    // Running means a live process holds the room lease (roomLease.ts), not that a listing is left in
    // Redis: a dead process's listings stay until its sessions are resumed elsewhere.
    let resumed = false;
    if ((await liveLease(store, stored.code, now())) === undefined) {
      try {
        await matchMaker.createRoom(ROOM_SESSION, { code: stored.code, hostKey: body.value.hostKey });
        resumed = true;
      } catch (error) {
        // a resume through another process claimed the lease first: its room is opening there
        if (!errorMessage(error).includes(ROOM_LEASED))
          return fail(res, 503, `The session room could not be reopened: ${errorMessage(error)}`);
      }
    }
    if (!resumed && !(await untilListed(stored.code)))
      return fail(res, 503, `The session room of ${stored.code} is opening in another process; try again.`);
    const response: ResumeSessionResponse = { code: stored.code, resumed };
    res.json(response);
  });

  router.get('/sessions/:code/results.csv', async (req, res) => {
    const stored = await authorised(req, res, store, req.get('x-host-key') ?? req.query.hostKey);
    if (!stored) return;
    const snapshot = JSON.parse(stored.snapshotJson) as SessionSnapshot;
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .attachment(`mesh-kitchen-${stored.code}.csv`)
      .send(`\uFEFF${resultsCsv(snapshot)}`); // the BOM makes spreadsheet programs read UTF-8 (Chinese names)
  });

  const jsonErrors: ErrorRequestHandler = (
    err: { type?: string; status?: number; message?: string },
    _req,
    res,
    next,
  ) => {
    if (err.type === 'entity.too.large') return fail(res, 413, 'The request body is larger than 16 kB.');
    if (err.type === 'entity.parse.failed') return fail(res, 400, 'The request body is not valid JSON.');
    // e.g. 415 charset.unsupported / encoding.unsupported, 400 request.aborted: the client's fault, not ours
    if (typeof err.status === 'number' && err.status >= 400 && err.status < 500)
      return fail(res, err.status, `The request was refused (${err.type ?? 'bad request'}).`);
    if (res.headersSent) return next(err);
    console.error(err);
    fail(res, 500, err.message ?? 'Internal error');
  };
  router.use(jsonErrors);
  return router;
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
