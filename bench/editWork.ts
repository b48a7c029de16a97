// The game's own work for one accepted classroom edit (issue 11), in one process and without sockets: the
// steps server/rooms/sessionMessages.ts and SessionRoom.commit run for an edit, each timed on its own, on a
// class of 30 in 2 teams planning fridge-too-small with its sessions in a temporary SQLite file. What the
// socket benches (bench/classroom.ts, bench/classroomRamp.ts) add on top of this is receiving the frame, the
// fan-out's writes, timers and V8 — and their run-to-run spread (±15% on this machine), which this one does
// not have, so a change of the game's own work can be told apart here. Medians per edit, µs.
// `node --import tsx bench/editWork.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Protocol, getMessageBytes } from 'colyseus';
import {
  MSG_TEAM_PLAN,
  createSession,
  hostCommand,
  joinPlayer,
  playerEdit,
  teamPlanMessage,
  type PlanEdit,
  type SessionSnapshot,
} from '../shared/index.ts';
import { validateEdit } from '../server/protocol/classroomSchemas.ts';
import { sessionChange } from '../server/persistence/sessionChange.ts';
import { SqliteSessionStore } from '../server/persistence/SqliteSessionStore.ts';
import { hashSecret } from '../server/persistence/secrets.ts';

const CODE = 'WRKB23';
const PLAYERS = 30;
const WARMUP = 500;
const EDITS = 4000;
/** The classroom bench's two edits, alternated within each team, so that every edit changes its team's plan. */
const EDIT_PAIR: readonly PlanEdit[] = [
  { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] },
  { type: 'setSpec', tensor: 'w1', spec: ['model', null] },
];

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { text: { en: string } } }): T => {
  if (!r.ok) throw new Error(r.error.text.en);
  return r.value;
};

export interface EditWorkReport {
  readonly name: string;
  readonly edits: number;
  /** Median µs per edit of each step, and of their sum. */
  readonly medianUs: {
    readonly validate: number;
    readonly coreEdit: number;
    readonly databaseChange: number;
    readonly sqliteCommit: number;
    readonly teamPlanMessage: number;
    readonly total: number;
  };
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 10_000) / 10; // ms → µs, one decimal
};

export async function benchEditWork(): Promise<EditWorkReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mesh-kitchen-edit-work-'));
  const store = new SqliteSessionStore(path.join(dir, 'sessions.sqlite'));
  try {
    let now = 0;
    let s: SessionSnapshot = must(
      createSession({
        code: CODE,
        rounds: ['fridge-too-small'],
        planningSeconds: 1800,
        teams: 2,
        nowMs: now,
      }),
    );
    await store.createSession({
      code: CODE,
      title: '',
      hostKeyHash: hashSecret('host'),
      snapshotJson: JSON.stringify(s),
      nowMs: now,
    });
    const seatKeys = new Map<string, string>();
    const players: { id: string; team: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const team = i % 2 === 0 ? 't1' : 't2';
      const joined = must(joinPlayer(s, { nickname: `cook ${i + 1}`, team }, ++now));
      s = joined.session;
      players.push({ id: joined.playerId, team });
      seatKeys.set(joined.playerId, hashSecret(`seat ${i}`));
    }
    s = must(hostCommand(s, { command: 'start' }, ++now)).session; // the briefing
    s = must(hostCommand(s, { command: 'advance' }, ++now)).session; // planning
    await store.applyChange(CODE, sessionChange(null, s, now, seatKeys));

    const steps: Record<Exclude<keyof EditWorkReport['medianUs'], 'total'>, number[]> = {
      validate: [],
      coreEdit: [],
      databaseChange: [],
      sqliteCommit: [],
      teamPlanMessage: [],
    };
    const totals: number[] = [];
    const teamEdits = new Map<string, number>();
    for (let i = 0; i < WARMUP + EDITS; i++) {
      const player = players[i % PLAYERS]!;
      const nth = teamEdits.get(player.team) ?? 0;
      teamEdits.set(player.team, nth + 1);
      const t0 = performance.now();
      const message = validateEdit({ edit: EDIT_PAIR[nth % 2], seq: i });
      if (!message.ok) throw new Error(message.error.message);
      const t1 = performance.now();
      const step = must(playerEdit(s, player.id, message.value.edit, ++now));
      const t2 = performance.now();
      const change = sessionChange(s, step.session, now, seatKeys);
      const t3 = performance.now();
      await store.applyChange(CODE, change); // its group commit waits for the end of this event-loop turn
      const t4 = performance.now();
      s = step.session;
      const plan = teamPlanMessage(s, player.team, player.id)!;
      getMessageBytes.raw(Protocol.ROOM_DATA, MSG_TEAM_PLAN, { ...plan, serverNowMs: now, seq: i });
      const t5 = performance.now();
      if (i < WARMUP) continue;
      steps.validate.push(t1 - t0);
      steps.coreEdit.push(t2 - t1);
      steps.databaseChange.push(t3 - t2);
      steps.sqliteCommit.push(t4 - t3);
      steps.teamPlanMessage.push(t5 - t4);
      totals.push(t5 - t0);
    }
    return {
      name: `classroom edit, the game's own work in process (${PLAYERS} players, 2 teams, fridge-too-small, SQLite)`,
      edits: EDITS,
      medianUs: {
        validate: median(steps.validate),
        coreEdit: median(steps.coreEdit),
        databaseChange: median(steps.databaseChange),
        sqliteCommit: median(steps.sqliteCommit),
        teamPlanMessage: median(steps.teamPlanMessage),
        total: median(totals),
      },
    };
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(JSON.stringify({ node: process.version, results: [await benchEditWork()] }, null, 2));
