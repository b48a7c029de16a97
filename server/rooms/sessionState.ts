// The synchronised state of a session room (@colyseus/schema 3, decorator-free builder; docs/stack.md §2):
// what every screen may see — phase, timer, teams with their points, players — and `mirrorSession`, which
// copies the core's snapshot into it. Plans and edit counts are NOT here (editCounts.ts): a team's plan
// travels only as MSG_TEAM_PLAN to its members and the facilitator, and to everyone through MSG_REVEAL.
import { schema, type SchemaType } from '@colyseus/schema';
import { kitchensOf, onlyPlansChanged, timerRemainingMs, type SessionSnapshot } from '../../shared/index.ts';

export const TeamState = schema(
  {
    id: { type: 'string', default: '' },
    name: { type: 'string', default: '' },
    nameZh: { type: 'string', default: '' },
    /** Colour index 0–7 into the client's Okabe–Ito palette. */
    colour: { type: 'uint8', default: 0 },
    /** Player id of the captain, '' when the team is empty. */
    captain: { type: 'string', default: '' },
    /** Player ids, in join order. */
    members: { array: 'string' },
    locked: { type: 'boolean', default: false },
    /** Points accumulated over the scored rounds. */
    points: { type: 'float64', default: 0 },
    /** The last scored round's score (tokens/s, 0 when it did not fit or tasted wrong). */
    lastScore: { type: 'float64', default: 0 },
    /** Rank in the last scored round; 0 before any. */
    rank: { type: 'uint8', default: 0 },
  },
  'TeamState',
);
export type TeamState = SchemaType<typeof TeamState>;

export const PlayerState = schema(
  {
    id: { type: 'string', default: '' },
    nickname: { type: 'string', default: '' },
    team: { type: 'string', default: '' },
    connected: { type: 'boolean', default: false },
    /** Device ids of the team's mesh this player chefs. */
    kitchens: { array: 'uint16' },
    /**
     * First round (0-based) this player plays: a player who joined after planning began waits, read-only,
     * while `joinedRound > round` (the core refuses their edits with 'late-joiner').
     */
    joinedRound: { type: 'uint8', default: 0 },
  },
  'PlayerState',
);
export type PlayerState = SchemaType<typeof PlayerState>;

export const SessionState = schema(
  {
    code: { type: 'string', default: '' },
    title: { type: 'string', default: '' },
    phase: { type: 'string', default: 'lobby' },
    /** Current round index (0-based), −1 in the lobby. */
    round: { type: 'int8', default: -1 },
    roundCount: { type: 'uint8', default: 0 },
    /** Level id of the current round, '' in the lobby. */
    levelId: { type: 'string', default: '' },
    /**
     * Timer of the planning or service phase, ms left when it was last written (mirrorSession): screens count
     * down from it on their own clock while `timerRunning`.
     */
    timerRemainingMs: { type: 'float64', default: 0 },
    timerRunning: { type: 'boolean', default: false },
    /** Server clock (ms since epoch) when the timer reaches zero; 0 when not running. */
    timerEndsAt: { type: 'float64', default: 0 },
    lastHint: { type: 'string', default: '' },
    closed: { type: 'boolean', default: false },
    /** The facilitator locked the session against new players. */
    joinsLocked: { type: 'boolean', default: false },
    /** Stars and score hidden during planning (the session's option; revealed at service). */
    hideScores: { type: 'boolean', default: false },
    teams: { map: TeamState },
    players: { map: PlayerState },
  },
  'SessionState',
);
export type SessionState = SchemaType<typeof SessionState>;

// ---- mirroring: fields are only assigned when they differ, so an idle tick sends no patch ----

/**
 * Assigns `value` to `target[key]` when it differs (schema setters mark a field dirty on every write); true
 * when it did.
 */
function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): boolean {
  if (target[key] === value) return false;
  target[key] = value;
  return true;
}

/**
 * What each schema array last received, as a plain array: reading an ArraySchema's items goes through its
 * proxy (about 0.1 µs each), and the banquet's players each chef ~51 of 512 kitchens, mirrored every tick —
 * 14% of the server's CPU at 1,200 players (bench/classroomRamp.ts, profiled) before this copy.
 */
const written = new WeakMap<object, readonly unknown[]>();

const sameItems = <V>(a: readonly V[], b: readonly V[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Replaces the items of a schema array (an ArraySchema, typed V[] by the builder) when they differ; true when it did. */
function putArray<V>(target: V[], values: readonly V[]): boolean {
  const last = written.get(target) as readonly V[] | undefined;
  if (last !== undefined && sameItems(last, values)) return false;
  values.forEach((v, i) => {
    if (i >= target.length) target.push(v);
    else if (target[i] !== v) target[i] = v;
  });
  if (target.length > values.length) target.splice(values.length, target.length - values.length);
  written.set(target, [...values]);
  return true;
}

/** The last scored round whose results are shown (during service the new score stays hidden). */
function shownResults(s: SessionSnapshot) {
  const last = s.results[s.results.length - 1];
  if (s.phase === 'service' && last?.round === s.round) return s.results[s.results.length - 2];
  return last;
}

/**
 * A running timer's remaining time is written again at least this often, ms, though screens count down on
 * their own clocks: a resync against drift, and the figure a screen that lost a patch catches up with.
 */
export const TIMER_RESYNC_MS = 10_000;

/**
 * Whether `after` mirrors as `before` did, at the same clock and connections: only plans changed, and no lock
 * (the edit counts are not in the state: editCounts.ts). An accepted edit is such a step; the room then skips
 * mirroring.
 */
export function mirrorsAlike(before: SessionSnapshot, after: SessionSnapshot): boolean {
  if (!onlyPlansChanged(before, after)) return false;
  for (const [team, plan] of Object.entries(after.plans))
    if (before.plans[team]?.locked !== plan.locked) return false;
  return true;
}

/**
 * Mirrors `s` at `nowMs` into `state`; `connected` holds the player ids with an open connection. Kicked
 * players are removed from `players`. A running timer's remaining ms is written only with another change, a
 * start or stop, or when `timerResync` (the room's TIMER_RESYNC_MS): the screens count down themselves, and a
 * write each second was a patch to every screen. Returns whether the timer was written.
 */
export function mirrorSession(
  state: SessionState,
  s: SessionSnapshot,
  nowMs: number,
  connected: ReadonlySet<string>,
  timerResync = true,
): boolean {
  let changed = false;
  const set = <T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void => {
    if (put(target, key, value)) changed = true;
  };
  set(state, 'code', s.code);
  set(state, 'title', s.title);
  set(state, 'phase', s.phase);
  set(state, 'round', s.round);
  set(state, 'roundCount', s.rounds.length);
  set(state, 'levelId', s.rounds[s.round]?.levelId ?? '');
  const running = s.timer.runningSinceMs !== null;
  set(state, 'timerRunning', running);
  set(state, 'timerEndsAt', running ? s.timer.runningSinceMs! + s.timer.remainingMs : 0);
  set(state, 'lastHint', s.lastHint);
  set(state, 'closed', s.closed);
  set(state, 'joinsLocked', s.joinsLocked === true);
  set(state, 'hideScores', s.hideScores === true);

  const results = new Map((shownResults(s)?.teams ?? []).map((r) => [r.team, r]));
  for (const t of s.teams) {
    let team = state.teams.get(t.id);
    if (team === undefined) {
      team = new TeamState();
      state.teams.set(t.id, team);
      changed = true;
    }
    set(team, 'id', t.id);
    set(team, 'name', t.name.en);
    set(team, 'nameZh', t.name['zh-CN']);
    set(team, 'colour', t.colour);
    set(team, 'captain', t.captain ?? '');
    if (
      putArray(
        team.members,
        s.players.filter((p) => p.team === t.id && !p.kicked).map((p) => p.id),
      )
    )
      changed = true;
    set(team, 'locked', s.plans[t.id]?.locked ?? false);
    set(team, 'points', t.points);
    set(team, 'lastScore', results.get(t.id)?.score ?? 0);
    set(team, 'rank', results.get(t.id)?.rank ?? 0);
  }

  for (const p of s.players) {
    if (p.kicked) {
      if (state.players.has(p.id)) {
        state.players.delete(p.id);
        changed = true;
      }
      continue;
    }
    let player = state.players.get(p.id);
    if (player === undefined) {
      player = new PlayerState();
      state.players.set(p.id, player);
      changed = true;
    }
    set(player, 'id', p.id);
    set(player, 'nickname', p.nickname);
    set(player, 'team', p.team);
    set(player, 'connected', connected.has(p.id));
    set(player, 'joinedRound', p.joinedRound);
    if (putArray(player.kitchens, kitchensOf(s, p.id))) changed = true;
  }
  // A dropped seat (never played: ghostSeats.ts) is no longer in the snapshot at all.
  if (state.players.size > s.players.length - s.players.filter((p) => p.kicked).length)
    for (const id of [...state.players.keys()])
      if (!s.players.some((p) => p.id === id)) {
        state.players.delete(id);
        changed = true;
      }

  // Last, so that any patch carries the timer as it is: a screen re-reads it on every state change.
  if (!running || changed || timerResync) return put(state, 'timerRemainingMs', timerRemainingMs(s, nowMs));
  return false;
}
