// What an accepted transition writes to the database, read off the core's snapshots before and after it:
// the new snapshot, changed seats, rounds started or ended, every team plan whose version or lock changed
// (a locked plan is the submitted one) and the scores of newly scored rounds. A change of plans alone (an
// accepted edit, a lock) writes the plan rows without the snapshot: the rows of the current round are always
// its plans (every change writes each plan it changed), and latestPlans.ts lays them over the snapshot read.
import { onlyPlansChanged, type SessionSnapshot } from '../../shared/index.ts';
import type { PlayerRow, ScoreRow, SessionChange } from './SessionStore.ts';

/** How many leading entries `a` and `b` share (the core appends or withdraws results, never edits them). */
function commonPrefix<T>(a: readonly T[], b: readonly T[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The change from `prev` (null for a new session) to `next` at `nowMs`; `seatKeyHashes` gives each seat's
 * stored key hash by player id.
 */
export function sessionChange(
  prev: SessionSnapshot | null,
  next: SessionSnapshot,
  nowMs: number,
  seatKeyHashes: ReadonlyMap<string, string>,
): SessionChange {
  // an edit keeps the roster itself (the core returns the same array): no seat to compare
  const sameRoster = prev !== null && prev.players === next.players;
  const players: PlayerRow[] = [];
  if (!sameRoster) {
    const before = new Map((prev?.players ?? []).map((p) => [p.id, p]));
    for (const p of next.players) {
      const old = before.get(p.id);
      const seatKeyHash = seatKeyHashes.get(p.id);
      if (seatKeyHash === undefined) continue;
      if (old && old.nickname === p.nickname && old.team === p.team && old.kicked === p.kicked) continue;
      players.push({ id: p.id, nickname: p.nickname, team: p.kicked ? '' : p.team, seatKeyHash });
    }
  }
  const kept = new Set(sameRoster ? [] : next.players.map((p) => p.id));
  const playersDropped =
    prev === null || sameRoster ? [] : prev.players.filter((p) => !kept.has(p.id)).map((p) => p.id);

  const prevRound = prev?.round ?? -1;
  const roundsStarted =
    next.round >= 0 && next.round !== prevRound && next.phase !== 'podium'
      ? [{ idx: next.round, levelId: next.rounds[next.round]?.levelId ?? '' }]
      : [];
  const roundsEnded: number[] = [];
  if (prevRound >= 0 && (next.round !== prevRound || (next.phase === 'podium' && prev?.phase !== 'podium')))
    roundsEnded.push(prevRound);
  if (next.phase === 'results' && prev?.phase !== 'results' && !roundsEnded.includes(next.round))
    roundsEnded.push(next.round);

  const plans = [];
  if (next.round >= 0)
    for (const [team, tp] of Object.entries(next.plans)) {
      const old = next.round === prevRound ? prev?.plans[team] : undefined;
      if (old && old.version === tp.version && old.locked === tp.locked && old.plan === tp.plan) continue;
      plans.push({
        round: next.round,
        team,
        version: tp.version,
        planJson: JSON.stringify(tp.plan),
        locked: tp.locked,
        activityJson: tp.activity === undefined ? null : JSON.stringify(tp.activity),
      });
    }

  const sameResults = prev === null ? 0 : commonPrefix(prev.results, next.results);
  const scoresWithdrawn = (prev?.results.slice(sameResults) ?? []).map((r) => r.round);
  const scores: ScoreRow[] = [];
  for (const results of next.results.slice(sameResults))
    for (const r of results.teams)
      scores.push({
        round: results.round,
        team: r.team,
        resultJson: JSON.stringify(r),
        points: r.points,
        rank: r.rank,
      });

  return {
    ...(onlyPlansChanged(prev, next) ? {} : { snapshotJson: JSON.stringify(next) }),
    nowMs,
    players,
    ...(playersDropped.length > 0 ? { playersDropped } : {}),
    plans,
    roundsStarted,
    roundsEnded,
    scoresWithdrawn,
    scores,
  };
}
