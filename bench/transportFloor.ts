// The transport floor under the classroom's edits (issues 10 and 11): what one edit's fan-out costs the server
// with no game at all — a bare `ws` relay (bench/support/relayServer.ts) that sends each player's message to
// its team and its facilitator, as server/rooms/deliverEffects.ts sends an accepted edit's team plan, frames of
// the same size (a fridge-too-small MSG_TEAM_PLAN, msgpack, as the game sends it), pinged every 3 s as
// Colyseus pings. Same shapes as the game's benches: the ramp's sessions of 30 in 3 teams editing every 2 s
// (bench/classroomRamp.ts) and the classroom's 10 sessions of 30 in 2 teams every 1.5 s (bench/classroom.ts).
// Per shape: server CPU ms per edit (kernel part), write system calls per edit, % of a core. The game's CPU per
// edit minus this is what the game itself adds (validation, the database, the schema state).
// `node --import tsx bench/transportFloor.ts`; BENCH_FLOOR_SECONDS sets the window (15 s).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { pack } from '@colyseus/msgpackr';
import {
  createSession,
  hostCommand,
  joinPlayer,
  playerEdit,
  teamPlanMessage,
  MSG_TEAM_PLAN,
} from '../shared/index.ts';
import type { LatencySummary } from './support/editLoad.ts';
import { procStat, type ProcStat } from './support/procStat.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const MEASURE_S = Number(process.env.BENCH_FLOOR_SECONDS ?? 15);

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { text: { en: string } } }): T => {
  if (!r.ok) throw new Error(r.error.text.en);
  return r.value;
};

/** The bytes of one fridge-too-small MSG_TEAM_PLAN after an edit, as msgpack (the game's message codec). */
export function teamPlanBytes(): number {
  const now = 1_700_000_000_000;
  let s = must(
    createSession({
      code: 'FRDG23',
      rounds: ['fridge-too-small'],
      planningSeconds: 300,
      teams: 2,
      nowMs: now,
    }),
  );
  s = must(joinPlayer(s, { nickname: 'cook', team: 't1' }, now)).session;
  s = must(hostCommand(s, { command: 'start' }, now)).session; // the briefing
  s = must(hostCommand(s, { command: 'advance' }, now)).session; // planning
  const playerId = s.players[0]!.id;
  s = must(playerEdit(s, playerId, { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, now)).session;
  const message = { ...teamPlanMessage(s, 't1', playerId)!, serverNowMs: now, seq: 12 };
  return pack([MSG_TEAM_PLAN, message]).length;
}

export interface FloorStep {
  readonly shape: string;
  readonly clients: number;
  readonly frameBytes: number;
  readonly editsPerS: number;
  readonly serverCpuPercent: number;
  readonly serverCpuMsPerEdit: number;
  readonly serverKernelMsPerEdit: number;
  readonly serverWritesPerEdit: number;
  readonly firstCopy: LatencySummary;
}

const lines = (child: ChildProcess, onLine: (line: Record<string, unknown>) => void): void => {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      onLine(JSON.parse(out.slice(0, nl)) as Record<string, unknown>);
      out = out.slice(nl + 1);
    }
  });
};
const tsx = (script: string, ...args: string[]): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });

async function floorStep(
  shape: string,
  sessions: number,
  players: number,
  teams: number,
  periodMs: number,
): Promise<FloorStep> {
  const frameBytes = teamPlanBytes();
  const server = tsx('bench/support/relayServer.ts', String(frameBytes));
  try {
    const port = await new Promise<number>((resolve) => lines(server, (l) => resolve(Number(l.port))));
    const processes = 2;
    const warmupMs = 4000 + sessions * 60;
    const edges: ({ edge: string; at: number } & ProcStat)[] = [];
    const results = await Promise.all(
      Array.from({ length: processes }, (_, i) => {
        const share = Math.floor(sessions / processes) + (i < sessions % processes ? 1 : 0);
        const first = i * Math.ceil(sessions / processes);
        const child = tsx(
          'bench/support/relayLoad.ts',
          JSON.stringify({
            port,
            sessions: share,
            firstSession: first,
            players,
            teams,
            periodMs,
            warmupMs,
            measureMs: MEASURE_S * 1000,
            seed: 20 + i,
          }),
        );
        return new Promise<{ sent: number; firstCopy: LatencySummary }>((resolve) =>
          lines(child, (l) => {
            if (typeof l.window === 'string')
              edges.push({ edge: l.window, at: performance.now(), ...procStat(server.pid!) });
            if (l.result) resolve(l.result as { sent: number; firstCopy: LatencySummary });
          }),
        );
      }),
    );
    const open = edges.filter((e) => e.edge === 'start').at(-1)!;
    const close = edges.find((e) => e.edge === 'end')!;
    const seconds = (close.at - open.at) / 1000;
    const edits = (results.reduce((n, r) => n + r.sent, 0) * seconds) / MEASURE_S;
    const per = (x: number, digits: number) => Math.round((x / edits) * 10 ** digits) / 10 ** digits;
    return {
      shape,
      clients: sessions * (players + 1),
      frameBytes,
      editsPerS: Math.round(edits / seconds),
      serverCpuPercent: Math.round(((close.cpuS - open.cpuS) / seconds) * 100),
      serverCpuMsPerEdit: per((close.cpuS - open.cpuS) * 1000, 3),
      serverKernelMsPerEdit: per((close.kernelS - open.kernelS) * 1000, 3),
      serverWritesPerEdit: per(close.writeCalls - open.writeCalls, 1),
      firstCopy: results.map((r) => r.firstCopy).sort((a, b) => b.p95Ms - a.p95Ms)[0]!,
    };
  } finally {
    server.kill();
  }
}

export async function benchTransportFloor(): Promise<{ readonly name: string; readonly steps: FloorStep[] }> {
  return {
    name: "transport floor: a bare ws relay with the game's fan-out and frame size, 1 server process",
    steps: [
      await floorStep('ramp: sessions of 30 in 3 teams, every ~2 s', 40, 30, 3, 2000),
      await floorStep('ramp: sessions of 30 in 3 teams, every ~2 s', 80, 30, 3, 2000),
      await floorStep('classroom: 10 sessions of 30 in 2 teams, every ~1.5 s', 10, 30, 2, 1500),
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.stdout.write(
    `${JSON.stringify({ node: process.version, results: [await benchTransportFloor()] }, null, 2)}\n`,
  );
