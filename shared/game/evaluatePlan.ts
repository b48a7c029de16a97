// evaluatePlan (docs/design.md §3 "evaluate a plan: numerics + pricing + memory + score"): the level's engine
// tastes and prices the plan, scorePlan turns the outcome into tokens/s and stars (zero with the reason when
// a fridge overflows or the tasting is wrong), and diagnose says what limited it. Pure and deterministic:
// the same level and plan give a deep-equal evaluation on every machine.
import { scorePlan } from '../sim/cost/score.ts';
import type { GameError } from './errors.ts';
import { fromSim } from './explain.ts';
import type { Evaluation } from './evaluation.ts';
import { diagnose } from './evaluate/diagnose.ts';
import { planSettings } from './evaluate/planSettings.ts';
import { tastingEngine } from './evaluate/tastingEngine.ts';
import { trainEngine } from './evaluate/trainEngine.ts';
import type { Level } from './level.ts';
import type { PlanState } from './planState.ts';
import { preparedFor, type PreparedPlan } from './preparePlan.ts';

/** The evaluation, or why the plan cannot be evaluated (an invalid plan: the edit log would have refused it). */
export type EvaluateResult =
  { readonly ok: true; readonly evaluation: Evaluation } | { readonly ok: false; readonly error: GameError };

/**
 * Evaluates `state` in `level`. `prepared`, what applyEdit accepted the plan with, saves planning it again;
 * without it (or for another plan) the plan is prepared here.
 * @example evaluatePlan(level, level.reference) // { ok: true, evaluation: { stars: 3, limitedBy: 'compute', … } }
 */
export function evaluatePlan(level: Level, state: PlanState, prepared?: PreparedPlan): EvaluateResult {
  const ready = preparedFor(level, state, prepared);
  if (!ready.ok) return ready;
  const p = ready.value;
  const engine =
    p.engine === 'train'
      ? { ok: true as const, value: trainEngine(p.scenario, p.request, p.sim) }
      : fromSim(tastingEngine(p.scenario, state, p.tasting));
  if (!engine.ok) return engine;
  const { tasting, pricing, timeline } = engine.value;
  const score = scorePlan(
    {
      tokensPerS: pricing.tokensPerS,
      memory: pricing.memory,
      ...(pricing.servedShare === null ? {} : { servedShare: pricing.servedShare }),
      ...(tasting === null ? {} : { tastingOk: tasting.ok }),
    },
    level.stars,
  );
  const { limitedBy, explanation } = diagnose(
    tasting,
    pricing,
    timeline,
    level.editable,
    score.stars,
    planSettings(level, state),
  );
  return {
    ok: true,
    evaluation: {
      levelId: level.id,
      engine: p.engine,
      tasting,
      pricing,
      timeline,
      score,
      stars: score.stars,
      limitedBy,
      explanation,
    },
  };
}
