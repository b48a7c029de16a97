// The plans a level's lesson may quote by name: the level's four (start, reference, trap and par, the par
// search's best plan, par/levelPar.ts) and the further plans its debrief describes in words
// (`Level.lessonPlans`: "GPipe with one round", "ZeRO-2"), each evaluated once by the core.
import type { Evaluation } from './evaluation.ts';
import { evaluatePlan } from './evaluatePlan.ts';
import type { Level } from './level.ts';
import { levelPar } from './par/levelPar.ts';
import type { PlanState } from './planState.ts';

/** The plans every level has. */
export const LESSON_PLANS = ['start', 'reference', 'trap', 'par'] as const;

const isLevelPlan = (name: string): name is (typeof LESSON_PLANS)[number] =>
  (LESSON_PLANS as readonly string[]).includes(name);

/** The names a lesson of `level` may quote: the four, then the level's own in declaration order. */
export function lessonPlanNames(level: Level): string[] {
  const extra = Object.keys(level.lessonPlans ?? {});
  const clash = extra.find(isLevelPlan);
  if (clash !== undefined) throw new Error(`${level.id}: a lesson plan may not be called '${clash}'`);
  return [...LESSON_PLANS, ...extra];
}

/** The plan named `name` in `level`'s lesson, or undefined when the level has none by that name. */
export function lessonPlan(level: Level, name: string): PlanState | undefined {
  if (name === 'trap') return level.trap.plan;
  if (name === 'par') return levelPar(level.id)?.plan;
  if (name === 'start' || name === 'reference') return level[name];
  const extra = level.lessonPlans;
  return extra !== undefined && Object.hasOwn(extra, name) ? extra[name] : undefined;
}

/** Evaluates the lesson plans of `level` on demand, each once; throws for a plan it cannot evaluate. */
export function lessonEvaluations(level: Level): (name: string) => Evaluation {
  const known = new Map<string, Evaluation>();
  return (name) => {
    const e = known.get(name);
    if (e) return e;
    const plan = lessonPlan(level, name);
    if (plan === undefined)
      throw new Error(`${level.id}: the lesson quotes ${name}, which the level has not`);
    const r = evaluatePlan(level, plan);
    if (!r.ok)
      throw new Error(`${level.id}: the lesson quotes ${name}, which does not evaluate: ${r.error.message}`);
    known.set(name, r.evaluation);
    return r.evaluation;
  };
}
