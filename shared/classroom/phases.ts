// The round's phase transitions (docs/design.md §5.2): briefing (plans reset to the level's start plan, timer
// set but stopped) → planning (timer runs) → service (every plan locked, the round scored, SERVICE_MS of
// animation) → results (points added, results sent) → next briefing or podium; and `tick`, which moves on
// when a running timer has run out. Each returns the next snapshot and the effects to send. A hint belongs
// to its round: a new round's briefing, the end of planning and the podium take it off every screen.
import { levelById } from '../game/levels/index.ts';
import { markRoundPlayed } from './ghostSeats.ts';
import { teamPlanEffects } from './roster.ts';
import { evaluateTeams, roundRoster, scoreRound } from './scoreRound.ts';
import { serviceMessage } from './serviceMessage.ts';
import { SERVICE_MS, type SessionEffect, type SessionSnapshot, type SessionStep } from './session.ts';
import { STOPPED, expired, remainingOf, runningTimer } from './timer.ts';

const phaseEffect = (s: SessionSnapshot): SessionEffect => ({
  kind: 'phase',
  phase: s.phase,
  round: s.round,
});
const allTeams = (s: SessionSnapshot): string[] => s.teams.map((t) => t.id);

/** Briefing of `round`: every team's plan is the level's start plan, version 0, unlocked. */
export function enterBriefing(s: SessionSnapshot, round: number): SessionStep {
  const r = s.rounds[round];
  const level = r === undefined ? undefined : levelById(r.levelId);
  if (r === undefined || level === undefined) throw new Error(`session ${s.code} has no round ${round}`);
  const plans = Object.fromEntries(
    s.teams.map((t) => [t.id, { plan: level.start, version: 0, locked: false }]),
  );
  const session: SessionSnapshot = {
    ...s,
    phase: 'briefing',
    round,
    timer: { remainingMs: r.planningSeconds * 1000, runningSinceMs: null },
    plans,
    lastHint: '',
  };
  return { session, effects: [phaseEffect(session), ...teamPlanEffects(session, allTeams(session))] };
}

/** Planning: the briefing's timer starts running at `nowMs`. */
export function enterPlanning(s: SessionSnapshot, nowMs: number): SessionStep {
  const session: SessionSnapshot = {
    ...s,
    phase: 'planning',
    timer: runningTimer(remainingOf(s.timer, nowMs), nowMs),
  };
  return { session, effects: [phaseEffect(session)] };
}

/**
 * Service: every plan locked, the round scored (points wait for the results), the service timer runs; the
 * projector is sent every team's service to play.
 */
export function enterService(s: SessionSnapshot, nowMs: number): SessionStep {
  const plans = Object.fromEntries(Object.entries(s.plans).map(([t, p]) => [t, { ...p, locked: true }]));
  const locked: SessionSnapshot = markRoundPlayed({ ...s, plans });
  const evaluated = evaluateTeams(locked);
  const session: SessionSnapshot = {
    ...locked,
    phase: 'service',
    timer: runningTimer(SERVICE_MS, nowMs),
    lastHint: '',
    // Scored from the snapshot before the locks: a row says whether its captain locked it or time ran out on it.
    results: [...s.results, scoreRound(s, evaluated)],
    rosters: [...s.rosters, roundRoster(locked)],
  };
  const changed = s.teams.filter((t) => s.plans[t.id]?.locked === false).map((t) => t.id);
  return {
    session,
    effects: [
      phaseEffect(session),
      ...teamPlanEffects(session, changed),
      { kind: 'service', message: serviceMessage(session, evaluated) },
    ],
  };
}

/** Whether the last scored round is the current one and its points are not yet added (service phase). */
const pendingResults = (s: SessionSnapshot) => {
  const last = s.results[s.results.length - 1];
  return s.phase === 'service' && last !== undefined && last.round === s.round ? last : undefined;
};

/** Results: the scored round's points added to the teams, the results sent. */
export function enterResults(s: SessionSnapshot): SessionStep {
  const last = pendingResults(s);
  if (last === undefined) throw new Error(`session ${s.code}: results without a scored round`);
  const points = new Map(last.teams.map((t) => [t.team, t.points]));
  const session: SessionSnapshot = {
    ...s,
    phase: 'results',
    timer: STOPPED,
    teams: s.teams.map((t) => ({ ...t, points: t.points + (points.get(t.id) ?? 0) })),
  };
  return { session, effects: [phaseEffect(session), { kind: 'results', message: last }] };
}

/** The scoring of the current round withdrawn (skipRound during service). */
export function withdrawScore(s: SessionSnapshot): SessionSnapshot {
  if (pendingResults(s) === undefined) return s;
  return { ...s, results: s.results.slice(0, -1), rosters: s.rosters.slice(0, -1) };
}

/** Podium: the final standings; `closed` ends the session (no more joins or commands). */
export function enterPodium(s: SessionSnapshot, closed: boolean): SessionStep {
  const session: SessionSnapshot = {
    ...s,
    phase: 'podium',
    timer: STOPPED,
    closed: s.closed || closed,
    lastHint: '',
  };
  return { session, effects: [phaseEffect(session)] };
}

/** The next round's briefing, or the podium after the last round. */
export function nextRound(s: SessionSnapshot): SessionStep {
  return s.round + 1 < s.rounds.length ? enterBriefing(s, s.round + 1) : enterPodium(s, false);
}

/** Ends the session from any phase; a round in service is finished first (its points count). */
export function endSession(s: SessionSnapshot): SessionStep {
  if (pendingResults(s) === undefined) return enterPodium(s, true);
  const results = enterResults(s);
  const podium = enterPodium(results.session, true);
  return { session: podium.session, effects: [...results.effects.slice(1), ...podium.effects] };
}

/**
 * Moves on when the running timer has run out at `nowMs`: planning → service (locked, scored), service →
 * results. Otherwise the same snapshot and no effects.
 * @example tick(planningWithOneSecondLeft, now + 1000).session.phase // 'service'
 */
export function tick(s: SessionSnapshot, nowMs: number): SessionStep {
  if (!expired(s.timer, nowMs)) return { session: s, effects: [] };
  if (s.phase === 'planning') return enterService(s, nowMs);
  if (s.phase === 'service') return enterResults(s);
  return { session: s, effects: [] };
}
