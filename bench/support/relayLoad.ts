// One load process of the transport floor (bench/transportFloor.ts): `sessions` sessions of `players`
// raw `ws` clients in `teams` teams plus a facilitator each, against bench/support/relayServer.ts; every
// player sends a 64-byte message every `periodMs` (±25 % seeded jitter, as bench/support/editLoad.ts). Prints
// {"window": "start"|"end"} at the measured window's edges, then {"result": {...}}: messages sent in the
// window and send → the first copy of it to reach a member of the team, the sender's own included (ms).
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { summarise } from './editLoad.ts';

interface RelayLoadOptions {
  readonly port: number;
  readonly sessions: number;
  readonly firstSession: number;
  readonly players: number;
  readonly teams: number;
  readonly periodMs: number;
  readonly warmupMs: number;
  readonly measureMs: number;
  readonly seed: number;
}

const o = JSON.parse(process.argv[2] ?? '{}') as RelayLoadOptions;
let a = o.seed >>> 0;
const random = (): number => {
  a = (a + 0x6d2b79f5) >>> 0;
  let t = Math.imul(a ^ (a >>> 15), a | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const open = (query: string): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${o.port}/?${query}`, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

interface Member {
  readonly ws: WebSocket;
  readonly team: string;
}
const teamsOf = new Map<string, Member[]>();
const members: Member[] = [];
for (let s = o.firstSession; s < o.firstSession + o.sessions; s++) {
  await open(`session=${s}&role=host`);
  for (let p = 0; p < o.players; p++) {
    const team = `${s}/t${(p % o.teams) + 1}`;
    const m = { ws: await open(`session=${s}&team=t${(p % o.teams) + 1}`), team };
    members.push(m);
    teamsOf.set(team, [...(teamsOf.get(team) ?? []), m]);
  }
}

// The relay's copies carry no id: a team's copies arrive in send order, so each team keeps the send times
// of its messages in flight and a teammate's first copy of the k-th message answers the k-th send.
const sentAt = new Map<string, number[]>();
const firstSeen = new Map<string, number>();
const samples: number[] = [];
let sent = 0;
for (const m of members) {
  let seen = 0;
  m.ws.on('message', () => {
    const k = seen++;
    if (k < (firstSeen.get(m.team) ?? 0)) return;
    firstSeen.set(m.team, k + 1);
    const t0 = sentAt.get(m.team)?.[k];
    if (t0 !== undefined && t0 >= 0) samples.push(performance.now() - t0);
  });
}
const start = performance.now();
const end = start + o.warmupMs + o.measureMs;
for (const m of members) {
  const tick = () => {
    const now = performance.now();
    if (now > end) return;
    const inWindow = now >= start + o.warmupMs;
    const times = sentAt.get(m.team) ?? [];
    sentAt.set(m.team, times);
    times.push(inWindow ? now : -1);
    if (inWindow) sent++;
    m.ws.send(Buffer.alloc(64));
    setTimeout(tick, o.periodMs * (0.75 + 0.5 * random()));
  };
  setTimeout(tick, o.periodMs * random());
}
const edge = (window: 'start' | 'end') => process.stdout.write(`${JSON.stringify({ window })}\n`);
setTimeout(() => edge('start'), o.warmupMs);
setTimeout(() => edge('end'), o.warmupMs + o.measureMs);
setTimeout(
  () => {
    process.stdout.write(`${JSON.stringify({ result: { sent, firstCopy: summarise(samples) } })}\n`);
    process.exit(0);
  },
  o.warmupMs + o.measureMs + 2000,
);
