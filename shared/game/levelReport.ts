// `sim level` (issue 13): what the screens show for a plan of a level, from the functions the screens call —
// the score and stars (evaluatePlan), the critical kitchen's step shares as the serve report, the local view
// (opened on a critical kitchen) and the dynamic view read them (stepShares.ts), the step time, fullest
// fridge and rate strings (planFigures), the debrief and the verdict in one locale. `par` is the par
// search's (issue 14): null until a par search exists, never a guess.
import { levelPar } from './par/levelPar.ts';
import type { StarThresholds } from '../sim/cost/score.ts';
import { debrief, planFigures } from './debrief.ts';
import type { GameResult } from './errors.ts';
import type { Evaluation } from './evaluation.ts';
import { evaluatePlan } from './evaluatePlan.ts';
import type { Locale } from './i18n.ts';
import type { Level } from './level.ts';
import type { PlanState } from './planState.ts';
import { criticalKitchen, criticalShares, kitchenShares, stepShares, type StepShares } from './stepShares.ts';

export interface LevelReport {
  readonly level: string;
  readonly plan: PlanState;
  /** Tokens (or examples) per second as scored: 0 when the plan does not fit or tastes wrong. */
  readonly score: number;
  readonly stars: 0 | 1 | 2 | 3;
  readonly thresholds: readonly [number, number, number];
  readonly fits: boolean;
  /** null when the level is priced only (nothing is tasted). */
  readonly tastesRight: boolean | null;
  readonly shares: StepShares;
  readonly views: {
    readonly serve: { readonly shares: StepShares };
    readonly local: { readonly kitchen: number; readonly shares: StepShares };
    readonly dynamic: { readonly shares: StepShares };
  };
  readonly display: { readonly stepTime: string; readonly memory: string; readonly rate: string };
  readonly debrief: string;
  readonly verdict: string;
  /** The par search's best plan; null: no par search is available in this build. */
  readonly par: { readonly score: number; readonly plan: PlanState } | null;
}

const thresholdsOf = (s: StarThresholds): [number, number, number] => [s.one, s.two, s.three];

/** The report of `evaluation`, a plan of `level`, in `locale`. */
export function reportOf(level: Level, plan: PlanState, e: Evaluation, locale: Locale): LevelReport {
  const figures = planFigures(e, locale);
  const kitchen = criticalKitchen(e.timeline);
  return {
    level: level.id,
    plan,
    score: e.score.score,
    stars: e.stars,
    thresholds: thresholdsOf(level.stars),
    fits: e.pricing.memory.fits,
    tastesRight: e.tasting === null ? null : e.tasting.ok,
    shares: stepShares(e),
    views: {
      serve: { shares: criticalShares(e.timeline) },
      local: { kitchen, shares: kitchenShares(e, kitchen) },
      dynamic: { shares: stepShares(e) },
    },
    display: { stepTime: figures.stepTime, memory: figures.memory, rate: figures.rate },
    debrief: debrief(level, e)[locale],
    verdict: e.explanation[locale],
    par: parOf(level.id),
  };
}

/** The level's par (the best plan its edits reach, par/levelPar.ts), or null when none is recorded. */
function parOf(id: string): { readonly score: number; readonly plan: PlanState } | null {
  const p = levelPar(id);
  return p === undefined ? null : { score: p.score, plan: p.plan };
}

/** Evaluates `plan` in `level` and reports it, or the reason it cannot be evaluated. */
export function levelReport(level: Level, plan: PlanState, locale: Locale): GameResult<LevelReport> {
  const r = evaluatePlan(level, plan);
  return r.ok ? { ok: true, value: reportOf(level, plan, r.evaluation, locale) } : r;
}
