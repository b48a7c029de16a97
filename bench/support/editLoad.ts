// The classroom's edit load: `sessions` live sessions on one server, each with a facilitator and `players`
// colyseus.js clients in two teams, all in planning; every player sends MSG_EDIT every `periodMs` (±25 %
// seeded jitter), alternating two valid edits of the level. For each edit sent inside the measured window:
// ms from send to the first teammate's screen holding it — a MSG_TEAM_PLAN of the version the author's
// acknowledgement names, or a later one — and to the last teammate's (fan-out).
import { performance, monitorEventLoopDelay } from 'node:perf_hooks';
import { Client, type Room } from 'colyseus.js';
import {
  MSG_EDIT,
  MSG_EDIT_REFUSED,
  MSG_ERROR,
  MSG_HOST,
  MSG_TEAM_PLAN,
  MSG_WELCOME,
  PROTOCOL_VERSION,
  type CreateSessionResponse,
  type EditMessage,
  type PlanEdit,
  type TeamPlanMessage,
  type WelcomeMessage,
} from '../../shared/index.ts';

export interface EditLoadOptions {
  /** Base URL of the game server, http://host:port. */
  readonly url: string;
  readonly sessions: number;
  /** Players per session, dealt in turn to teams t1, t2, … */
  readonly players: number;
  /** Teams per session (default 2). */
  readonly teams?: number;
  readonly levelId: string;
  /** The two edits each player alternates (both must be accepted whatever the plan). */
  readonly edits: readonly [PlanEdit, PlanEdit];
  /** Mean time between two edits of one player, ms. */
  readonly periodMs: number;
  readonly warmupMs: number;
  readonly measureMs: number;
  /** How long to wait for the last deliveries after the window, ms. */
  readonly drainMs: number;
  readonly seed: number;
  /**
   * Each session's clients come from their own address, `${addressPrefix}.<session>` sent as X-Forwarded-For
   * (the server trusts loopback proxies: TRUST_PROXY=loopback), as a class behind its school's NAT would:
   * the per-address limits on creating sessions and joining (issue 10) apply per class, not to the whole
   * load generator. Absent: every client is the generator's own address.
   */
  readonly addressPrefix?: string;
  /** Called when the measured window opens and when it closes (e.g. to read the server's CPU time). */
  readonly onWindow?: (edge: 'start' | 'end') => void;
}

export interface LatencySummary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface EditLoadResult {
  readonly clients: number;
  /** Edits sent in the measured window, and per second. */
  readonly editsSent: number;
  readonly editsPerS: number;
  /** Send → first teammate's MSG_TEAM_PLAN of that edit. */
  readonly firstTeammate: LatencySummary;
  /** Send → the last teammate's (every teammate got it). */
  readonly allTeammates: LatencySummary;
  /** Edits of the window no teammate received before the drain ended; refusals and errors over the whole run. */
  readonly lost: number;
  readonly refused: number;
  readonly errors: number;
  /** Event-loop delay of this (client) process during the window, ms: how much the load generator adds. */
  readonly clientLoopDelayP99Ms: number;
}

/** Nearest-rank percentile of ascending `xs`. */
const percentile = (xs: readonly number[], p: number): number =>
  xs.length === 0 ? NaN : xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

const round2 = (x: number): number => Math.round(x * 100) / 100;

export function summarise(samples: readonly number[]): LatencySummary {
  const xs = [...samples].sort((a, b) => a - b);
  return {
    count: xs.length,
    p50Ms: round2(percentile(xs, 50)),
    p95Ms: round2(percentile(xs, 95)),
    p99Ms: round2(percentile(xs, 99)),
    maxMs: round2(xs.at(-1) ?? NaN),
  };
}

/** mulberry32: a small seeded PRNG in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Runs `jobs` with at most `limit` at a time. */
async function pool<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return out;
}

interface Player {
  readonly room: Room;
  readonly team: string;
  playerId: string;
  /** Every MSG_TEAM_PLAN this player's screen got, in arrival order (versions never decrease on one socket). */
  readonly received: { readonly version: number; readonly at: number }[];
}

interface SentEdit {
  readonly at: number;
  readonly by: string;
  readonly team: string;
  readonly inWindow: boolean;
  /** The team plan's version that first held it, from the author's acknowledgement. */
  version?: number;
}

/** When `p` first got a plan at `version` or later, ms on this process's clock; undefined if never. */
function firstHolding(p: Player, version: number): number | undefined {
  let lo = 0;
  let hi = p.received.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p.received[mid]!.version >= version) hi = mid;
    else lo = mid + 1;
  }
  return p.received[lo]?.at;
}

/**
 * For each edit, when its teammates' screens first held it: a plan of its version or a later one (a server
 * that batches may send one frame for several versions). Lost: no acknowledgement, or no teammate held it.
 */
function deliveries(
  edits: readonly SentEdit[],
  players: readonly Player[],
): { first: number[]; all: number[]; lost: number } {
  const teams = new Map<string, Player[]>();
  for (const p of players) teams.set(p.team, [...(teams.get(p.team) ?? []), p]);
  const first: number[] = [];
  const all: number[] = [];
  let lost = 0;
  for (const e of edits) {
    const mates = (teams.get(e.team) ?? []).filter((p) => p.playerId !== e.by);
    const times = e.version === undefined ? [] : mates.map((p) => firstHolding(p, e.version!));
    const held = times.filter((t): t is number => t !== undefined).map((t) => t - e.at);
    if (held.length === 0) {
      lost++;
      continue;
    }
    first.push(Math.min(...held));
    if (held.length === mates.length) all.push(Math.max(...held));
  }
  return { first, all, lost };
}

/** Creates the sessions, joins everyone, starts planning, runs the load and returns the measurements. */
export async function runEditLoad(o: EditLoadOptions): Promise<EditLoadResult> {
  const rooms: Room[] = [];
  const headersOf = (session: number): Record<string, string> =>
    o.addressPrefix === undefined
      ? {}
      : { 'x-forwarded-for': `${o.addressPrefix}.${(session >> 8) & 255}.${session & 255}` };
  const join = async (code: string, options: object, session: number): Promise<Room> => {
    const client = new Client(o.url, { headers: headersOf(session) });
    const room = await client.joinById(code, { protocolVersion: PROTOCOL_VERSION, ...options });
    rooms.push(room);
    return room;
  };
  try {
    const sent = new Map<string, SentEdit>();
    let refused = 0;
    let errors = 0;

    const hosts: Room[] = [];
    const players: Player[] = [];
    for (let s = 0; s < o.sessions; s++) {
      const res = await fetch(`${o.url}/api/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersOf(s) },
        body: JSON.stringify({
          rounds: [o.levelId],
          planningSeconds: 1800,
          teams: o.teams ?? 2,
          title: `Bench ${s + 1}`,
        }),
      });
      if (res.status !== 201) throw new Error(`POST /api/sessions: ${res.status} ${await res.text()}`);
      const { code, hostKey } = (await res.json()) as CreateSessionResponse;
      const host = await join(code, { role: 'facilitator', hostKey }, s);
      host.onMessage('*', () => {}); // the facilitator gets every team's plans: received, not measured
      hosts.push(host);
      const seated = await pool(
        Array.from({ length: o.players }, (_, i) => async (): Promise<Player> => {
          const team = `t${(i % (o.teams ?? 2)) + 1}`;
          const room = await join(code, { role: 'player', nickname: `cook ${i + 1}`, team }, s);
          const player: Player = { room, team: `${code}/${team}`, playerId: '', received: [] };
          room.onMessage(MSG_WELCOME, (m: WelcomeMessage) => (player.playerId = `${code}/${m.playerId}`));
          room.onMessage(MSG_EDIT_REFUSED, () => refused++);
          room.onMessage(MSG_ERROR, () => errors++);
          room.onMessage(MSG_TEAM_PLAN, (m: TeamPlanMessage) => {
            player.received.push({ version: m.version, at: performance.now() });
            // the author's acknowledgement says which version holds the edit
            if (m.seq === undefined || `${code}/${m.by}` !== player.playerId) return;
            const edit = sent.get(`${player.playerId}#${m.seq}`);
            if (edit !== undefined) edit.version = m.version;
          });
          return player;
        }),
        10,
      );
      players.push(...seated);
    }
    await until(() => players.every((p) => p.playerId !== ''), 30_000, 'every welcome');

    for (const h of hosts) h.send(MSG_HOST, { command: 'start' });
    await until(
      () => hosts.every((h) => (h.state as { phase?: string }).phase === 'briefing'),
      10_000,
      'briefing',
    );
    for (const h of hosts) h.send(MSG_HOST, { command: 'advance' });
    const phaseOf = (r: Room) => (r.state as { phase?: string }).phase;
    await until(() => players.every((p) => phaseOf(p.room) === 'planning'), 20_000, 'planning everywhere');

    const random = prng(o.seed);
    const start = performance.now();
    const windowStart = start + o.warmupMs;
    const windowEnd = windowStart + o.measureMs;
    let editsSent = 0;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    let sampling = false;
    const timers = players.map((p, i) => {
      let seq = 0;
      const page = `benchpage${i}`; // as a page sends it (TeamPlanSession): the room's AppliedEdits check runs
      const send = () => {
        const now = performance.now();
        if (now >= windowEnd) return;
        if (!sampling && now >= windowStart) {
          sampling = true;
          loopDelay.enable();
        }
        seq++;
        const inWindow = now >= windowStart;
        if (inWindow) editsSent++;
        sent.set(`${p.playerId}#${seq}`, { at: now, by: p.playerId, team: p.team, inWindow });
        const message: EditMessage = { seq, edit: o.edits[seq % 2]!, page };
        p.room.send(MSG_EDIT, message);
        schedule(o.periodMs * (0.75 + 0.5 * random()));
      };
      let handle: NodeJS.Timeout | undefined;
      const schedule = (ms: number) => (handle = setTimeout(send, ms));
      schedule(o.periodMs * random());
      return () => clearTimeout(handle);
    });
    const edges = [
      setTimeout(() => o.onWindow?.('start'), o.warmupMs),
      setTimeout(() => o.onWindow?.('end'), o.warmupMs + o.measureMs),
    ];
    await sleep(o.warmupMs + o.measureMs + o.drainMs);
    edges.forEach(clearTimeout);
    loopDelay.disable();
    for (const stop of timers) stop();

    const windowEdits = [...sent.values()].filter((e) => e.inWindow);
    const { first, all, lost } = deliveries(windowEdits, players);
    return {
      clients: players.length + hosts.length,
      editsSent,
      editsPerS: Math.round((editsSent / o.measureMs) * 1000 * 10) / 10,
      firstTeammate: summarise(first),
      allTeammates: summarise(all),
      lost,
      refused,
      errors,
      clientLoopDelayP99Ms: round2(loopDelay.percentile(99) / 1e6),
    };
  } finally {
    await Promise.allSettled(rooms.map((r) => r.leave(true)));
  }
}
