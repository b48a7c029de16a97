// Shared by the game tests: evaluating a plan that must be evaluable, and freezing a plan deeply so that a
// handler that mutated its input would throw.
import { expect } from 'vitest';
import { evaluatePlan } from '../../../shared/game/evaluatePlan.ts';
import type { Evaluation } from '../../../shared/game/evaluation.ts';
import type { Level } from '../../../shared/game/level.ts';
import { levelById } from '../../../shared/game/levels/index.ts';
import type { PlanState } from '../../../shared/game/planState.ts';

/** The level with this id (the test fails when there is none). */
export function level(id: string): Level {
  const l = levelById(id);
  expect(l, `level ${id}`).toBeDefined();
  return l!;
}

/** The evaluation of a plan that must be evaluable. */
export function evaluate(l: Level, plan: PlanState): Evaluation {
  const r = evaluatePlan(l, plan);
  if (!r.ok) throw new Error(`${l.id}: ${r.error.type}: ${r.error.message}`);
  return r.evaluation;
}

/** `value` frozen all the way down. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
