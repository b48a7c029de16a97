// The classroom at class size (issue 6): (a) edit-to-patch latency — one server process (`server/index.ts`,
// temp SQLite, no Redis) with 10 sessions × 30 colyseus.js players (2 teams of 15) in planning, each player
// editing every ~1.5 s; p50/p95/p99/max ms from MSG_EDIT sent to a teammate's MSG_TEAM_PLAN, plus the server's
// CPU share (/proc/<pid>/stat utime+stime) — and (b) the pure scoreRound of 10 teams holding distinct plans
// of one level, cold (the core's caches emptied first) and warm; medians, ms.
// `node --import tsx bench/classroom.ts` runs it alone; BENCH_CLASSROOM_SECONDS sets the measured window (20 s),
// BENCH_CLASSROOM_SESSIONS the number of sessions (10) and BENCH_CLASSROOM_PERIOD_MS each player's mean time
// between edits (1500; a huge value measures the idle class: no edits, CPU share only).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  createSession,
  hostCommand,
  joinPlayer,
  levelById,
  scoreRound,
  type Level,
  type SessionSnapshot,
} from '../shared/index.ts';
import { resetCaches } from '../shared/sim/memo.ts';
import { startServerProcess, stopAll } from '../test/server/support/processes.ts';
import { tempDir } from '../test/server/classroom/harness.ts';
import { distinctPlans } from './support/distinctPlans.ts';
import { runEditLoad, type EditLoadResult } from './support/editLoad.ts';
import { measure, type Measurement } from './measure.ts';

const SESSIONS = Number(process.env.BENCH_CLASSROOM_SESSIONS ?? 10);
const PLAYERS = 30;
const TEAMS_SCORED = 10;
/** A label level, the transformer-block level and the banquet (Megatron GPT-3 on 512 A100s). */
const SCORED_LEVELS = ['fridge-too-small', 'myth-model-parallel-is-copying', 'the-banquet'];
const MEASURE_S = Number(process.env.BENCH_CLASSROOM_SECONDS ?? 20);

/** CPU seconds the process has used, user and system: /proc/<pid>/stat fields 14 and 15, clock ticks of 1/100 s. */
function cpuSeconds(pid: number): { user: number; system: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return undefined;
  }
}

export interface EditLatencyReport extends EditLoadResult {
  readonly name: string;
  readonly sessions: number;
  readonly playersPerSession: number;
  readonly periodMs: number;
  readonly measuredS: number;
  /** Server process CPU during the measured window, % of one core; null off Linux. */
  readonly serverCpuPercent: number | null;
  /** Server CPU per accepted edit in the window: CPU ms / (edits sent − refused); null off Linux. */
  readonly serverCpuMsPerEdit: number | null;
  /** The same, in user space and in the kernel (socket writes: one per recipient, loopback delivery included). */
  readonly serverCpuUserMsPerEdit: number | null;
  readonly serverCpuSystemMsPerEdit: number | null;
}

/** (a) The server in its own process, the players in this one. */
export async function benchEditLatency(): Promise<EditLatencyReport> {
  const dir = tempDir();
  try {
    // each class joins from its own address (TRUST_PROXY=loopback + editLoad's addressPrefix), as a school's
    // would: one address joining 300 players in seconds is what the per-address join limit refuses
    const server = await startServerProcess({
      port: 0,
      dbPath: path.join(dir, 'bench.sqlite'),
      env: { TRUST_PROXY: 'loopback' },
      // BENCH_CLASSROOM_SERVER_ARGS profiles the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (written at exit)
      nodeArgs: (process.env.BENCH_CLASSROOM_SERVER_ARGS ?? '').split(' ').filter(Boolean),
    });
    const pid = server.child.pid!;
    const cpu: { at: number; s: ReturnType<typeof cpuSeconds> }[] = [];
    const periodMs = Number(process.env.BENCH_CLASSROOM_PERIOD_MS ?? 1500);
    const warmupMs = 5000;
    const result = await runEditLoad({
      url: server.url,
      sessions: SESSIONS,
      players: PLAYERS,
      levelId: 'fridge-too-small',
      edits: [
        { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] },
        { type: 'setSpec', tensor: 'w1', spec: ['model', null] },
      ],
      periodMs,
      warmupMs,
      measureMs: MEASURE_S * 1000,
      drainMs: 3000,
      seed: 6,
      addressPrefix: '10.7',
      onWindow: () => cpu.push({ at: performance.now(), s: cpuSeconds(pid) }),
    });
    const [open, close] = cpu;
    const accepted = result.editsSent - result.refused;
    const spent = (part: 'user' | 'system' | 'both'): number | null => {
      if (open?.s === undefined || close?.s === undefined) return null;
      const of = (c: { user: number; system: number }) => (part === 'both' ? c.user + c.system : c[part]);
      return of(close.s) - of(open.s);
    };
    const perEdit = (cpuS: number | null) =>
      cpuS === null || accepted <= 0 ? null : Math.round(((cpuS * 1000) / accepted) * 1000) / 1000;
    const cpuS = spent('both');
    const serverCpuPercent =
      cpuS === null ? null : Math.round((cpuS / ((close!.at - open!.at) / 1000)) * 100);
    return {
      name: `classroom edit → teammate MSG_TEAM_PLAN (${SESSIONS} sessions × ${PLAYERS} players, 1 process)`,
      sessions: SESSIONS,
      playersPerSession: PLAYERS,
      periodMs,
      measuredS: MEASURE_S,
      serverCpuPercent,
      serverCpuMsPerEdit: perEdit(cpuS),
      serverCpuUserMsPerEdit: perEdit(spent('user')),
      serverCpuSystemMsPerEdit: perEdit(spent('system')),
      ...result,
    };
  } finally {
    await stopAll();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const NOW = 1_700_000_000_000;
const must = <T>(r: { ok: true; value: T } | { ok: false; error: { text: { en: string } } }): T => {
  if (!r.ok) throw new Error(r.error.text.en);
  return r.value;
};

/** A session in the briefing of round 1 of `level`, one player per team, team i holding plans[i]. */
export function sessionWithPlans(level: Level, teams: number): SessionSnapshot {
  let s = must(
    createSession({ code: 'BENCH2', rounds: [level.id], planningSeconds: 300, teams, nowMs: NOW }),
  );
  for (let i = 1; i <= teams; i++)
    s = must(joinPlayer(s, { nickname: `cook ${i}`, team: `t${i}` }, NOW)).session;
  s = must(hostCommand(s, { command: 'start' }, NOW)).session;
  const plans = distinctPlans(level, teams);
  return {
    ...s,
    plans: Object.fromEntries(plans.map((plan, i) => [`t${i + 1}`, { plan, version: 1, locked: true }])),
  };
}

export interface ScoringReport {
  readonly name: string;
  readonly teams: number;
  readonly levels: readonly {
    readonly level: string;
    readonly cold: Measurement;
    readonly warm: Measurement;
  }[];
}

/** (b) scoreRound over 10 distinct plans per level. */
export function benchScoring(): ScoringReport {
  const options = { warmup: 1, minRuns: 7, budgetMs: 2000 };
  const levels = SCORED_LEVELS.map((id) => {
    const level = levelById(id);
    if (level === undefined) throw new Error(`No level ${id}.`);
    const s = sessionWithPlans(level, TEAMS_SCORED);
    const scored = scoreRound(s).teams.length;
    if (scored !== TEAMS_SCORED) throw new Error(`${id}: ${scored} teams scored, not ${TEAMS_SCORED}.`);
    const cold = measure(
      `scoreRound ${id}, ${TEAMS_SCORED} teams, cold`,
      () => {
        resetCaches();
        return scoreRound(s);
      },
      options,
    );
    const warm = measure(`scoreRound ${id}, ${TEAMS_SCORED} teams, warm`, () => scoreRound(s), options);
    return { level: id, cold, warm };
  });
  return {
    name: `classroom scoreRound (${TEAMS_SCORED} teams, distinct plans)`,
    teams: TEAMS_SCORED,
    levels,
  };
}

/** Both parts. */
export async function benchClassroom(): Promise<{
  readonly editLatency: EditLatencyReport;
  readonly scoring: ScoringReport;
}> {
  const scoring = benchScoring();
  const editLatency = await benchEditLatency();
  return { editLatency, scoring };
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(JSON.stringify({ node: process.version, results: [await benchClassroom()] }, null, 2));
