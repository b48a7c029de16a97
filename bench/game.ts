// The game core's live preview (issue 5: "live preview on every edit"): evaluatePlan — the tasting at small
// scale, the pricing at banquet scale, the score — for every level's reference plan, cold (the core's
// caches emptied first, memo.ts: a level never seen before) and warm (the same plan again:
// undo, redo, toggling a label back); validatePlan, which every applyEdit runs; medians, milliseconds.
import { applyEdit } from '../shared/game/applyEdit.ts';
import { evaluatePlan } from '../shared/game/evaluatePlan.ts';
import { LEVELS } from '../shared/game/levels/index.ts';
import { validatePlan } from '../shared/game/validatePlan.ts';
import { resetCaches } from '../shared/sim/memo.ts';
import { measure, type Measurement } from './measure.ts';

const OPTIONS = { warmup: 2, minRuns: 5, budgetMs: 250 };

const cold =
  <T>(fn: () => T) =>
  () => {
    resetCaches();
    return fn();
  };

/** Timings of the game core for every level. */
export function benchGame(): {
  readonly levels: number;
  readonly slowestColdMs: number;
  readonly evaluateCold: readonly Measurement[];
  readonly evaluateWarm: readonly Measurement[];
  readonly validate: readonly Measurement[];
} {
  const evaluateCold = LEVELS.map((l) =>
    measure(
      `evaluatePlan ${l.id} (${l.scenario.engine}), cold`,
      cold(() => evaluatePlan(l, l.reference)),
      OPTIONS,
    ),
  );
  const evaluateWarm = LEVELS.map((l) =>
    measure(`evaluatePlan ${l.id} (${l.scenario.engine}), warm`, () => evaluatePlan(l, l.reference), OPTIONS),
  );
  const first = LEVELS[0]!;
  const validate = [
    ...LEVELS.map((l) =>
      measure(
        `validatePlan ${l.id}, cold`,
        cold(() => validatePlan(l, l.reference)),
        OPTIONS,
      ),
    ),
    measure(
      `applyEdit ${first.id} setSpec w1, warm`,
      () => applyEdit(first, first.start, { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }),
      OPTIONS,
    ),
  ];
  return {
    levels: LEVELS.length,
    slowestColdMs: Math.max(...evaluateCold.map((m) => m.medianMs)),
    evaluateCold,
    evaluateWarm,
    validate,
  };
}
