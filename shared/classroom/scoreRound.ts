// Scoring a round (docs/design.md §5.2 "Service" and "Results"): every playing team's locked plan evaluated by
// the core for the round's level; round points = round(1000 × score / best score), 0 when the best is 0;
// rank 1 = best score, equal scores share a rank (1, 1, 3); class histograms one value per team that has
// the figure (histogramValues.ts). A plan the core cannot evaluate scores 0 with the core's reason — scoring
// never throws for a team's plan.
import { ruleError } from '../game/errors.ts';
import { evaluatePlan, type EvaluateResult } from '../game/evaluatePlan.ts';
import type { Level } from '../game/level.ts';
import { levelById } from '../game/levels/index.ts';
import type { PlanState } from '../game/planState.ts';
import type { ResultsMessage, TeamRoundResult } from '../protocol/classroom.ts';
import { scenarioThroughputUnit } from '../game/scenarioProgram.ts';
import { classHistograms } from './histogramValues.ts';
import { planSummary } from './planSummary.ts';
import { membersOf } from './roster.ts';
import type { SessionPlayer, SessionSnapshot } from './session.ts';

/** The current round's level (the round index must be valid: callers check the phase first). */
export function roundLevel(s: SessionSnapshot, round = s.round): Level {
  const id = s.rounds[round]?.levelId;
  const level = id === undefined ? undefined : levelById(id);
  if (level === undefined) throw new Error(`session ${s.code} has no level for round ${round}`);
  return level;
}

/** Members of the team who play the current round (seated, not joined late). */
export const playersOf = (s: SessionSnapshot, team: string): SessionPlayer[] =>
  membersOf(s, team).filter((p) => p.joinedRound <= s.round);

/** Teams with at least one player in the current round, in team order. */
export const playingTeams = (s: SessionSnapshot): string[] =>
  s.teams.filter((t) => playersOf(s, t.id).length > 0).map((t) => t.id);

/** evaluatePlan, with an unexpected exception of the core turned into a refusal (scoring never throws). */
export function safeEvaluate(level: Level, plan: PlanState): EvaluateResult {
  try {
    return evaluatePlan(level, plan);
  } catch (e) {
    return ruleError('rule/unservable', {}, e instanceof Error ? e.message : String(e));
  }
}

type Unranked = Omit<TeamRoundResult, 'points' | 'rank'>;

/** One team's evaluation as a result row without points and rank. */
export function teamResult(team: string, plan: PlanState, r: EvaluateResult): Unranked {
  const summary = planSummary(plan);
  if (!r.ok)
    return {
      team,
      score: 0,
      stars: 0,
      reason: `${r.error.type}: ${r.error.message}`,
      limitedBy: 'tasting',
      explanation: r.error.explanation,
      tokensPerS: 0,
      stepS: 0,
      worstMemoryBytes: 0,
      capacityBytes: 0,
      fits: false,
      tastingOk: null,
      planSummary: summary,
    };
  const e = r.evaluation;
  const m = e.pricing.memory;
  return {
    team,
    score: e.score.score,
    stars: e.stars,
    ...(e.score.reason === undefined ? {} : { reason: e.score.reason }),
    limitedBy: e.limitedBy,
    explanation: e.explanation,
    tokensPerS: e.pricing.tokensPerS,
    stepS: e.pricing.stepS,
    worstMemoryBytes: m.worst.total,
    capacityBytes: m.capacityBytes,
    fits: m.fits,
    tastingOk: e.tasting === null ? null : e.tasting.ok,
    planSummary: summary,
  };
}

/** The core refused the plan (teamResult above: nothing evaluated, so no fridge to compare). */
export const wasRefused = (r: Pick<TeamRoundResult, 'score' | 'capacityBytes'>): boolean =>
  r.score === 0 && r.capacityBytes === 0;

/** Rows with points (1000 × score / best, rounded) and competition ranks (ties share the better rank). */
export function rank(rows: readonly Unranked[]): TeamRoundResult[] {
  const best = rows.reduce((m, r) => Math.max(m, r.score), 0);
  return rows.map((r) => ({
    ...r,
    points: best > 0 ? Math.round((1000 * r.score) / best) : 0,
    rank: 1 + rows.filter((o) => o.score > r.score).length,
  }));
}

/** One playing team's current plan and the core's evaluation of it. */
export interface TeamEvaluation {
  readonly team: string;
  readonly plan: PlanState;
  readonly result: EvaluateResult;
}

/**
 * Every playing team's current plan evaluated for the round's level, in team order; equal plans are
 * evaluated once. Scoring and the projector's service share it (one evaluation per plan at service).
 */
export function evaluateTeams(s: SessionSnapshot): TeamEvaluation[] {
  const level = roundLevel(s);
  const cache = new Map<string, EvaluateResult>();
  return playingTeams(s).flatMap((team) => {
    const plan = s.plans[team]?.plan;
    if (plan === undefined) return [];
    const key = JSON.stringify(plan);
    let result = cache.get(key);
    if (result === undefined) {
      result = safeEvaluate(level, plan);
      cache.set(key, result);
    }
    return [{ team, plan, result }];
  });
}

/**
 * The current round's results from the teams' current plans (pure: the session is not changed); called
 * before service locks every plan, so `locked` says which captains locked theirs.
 * @example scoreRound(s).teams[0] // { team: 't1', score: 732.7, stars: 3, points: 1000, rank: 1, … }
 */
export function scoreRound(s: SessionSnapshot, evaluated = evaluateTeams(s)): ResultsMessage {
  const level = roundLevel(s);
  // Whether the captain locked it before planning ended (the others are served as they stood).
  const teams = rank(
    evaluated.map((e) => ({
      ...teamResult(e.team, e.plan, e.result),
      locked: s.plans[e.team]?.locked === true,
    })),
  );
  return {
    round: s.round,
    level: level.id,
    throughputUnit: scenarioThroughputUnit(level.scenario),
    teams,
    histograms: classHistograms(teams),
  };
}

/** Nicknames of each playing team's players this round, by team id (the CSV's players column). */
export const roundRoster = (s: SessionSnapshot): Record<string, string[]> =>
  Object.fromEntries(playingTeams(s).map((t) => [t, playersOf(s, t).map((p) => p.nickname)]));
