// Kitchen-language explanations (docs/design.md §2's metaphor) of the core's errors and the game's
// refusals, looked up by code: each code's parameters fill in its explanation, and the message (JAX's
// template, filled in) stays the content. Adding a code without an explanation does not type-check.
import type { Result } from '../sim/result.ts';
import type { GameError, GameErrorCode, GameResult, PlainError } from './errors.ts';
import type { Text } from './i18n.ts';
import type { ExplanationTable } from './explanations/explanationTable.ts';
import { MANUAL_EXPLANATIONS } from './explanations/manualExplanations.ts';
import { MESH_EXPLANATIONS } from './explanations/meshExplanations.ts';
import { PLAN_EXPLANATIONS } from './explanations/planExplanations.ts';
import { RULE_EXPLANATIONS } from './explanations/ruleExplanations.ts';

/** The explanation of every code. */
export const EXPLANATIONS: ExplanationTable<GameErrorCode> = {
  ...MESH_EXPLANATIONS,
  ...MANUAL_EXPLANATIONS,
  ...PLAN_EXPLANATIONS,
  ...RULE_EXPLANATIONS,
};

/**
 * The kitchen-language explanation of a core error or a game rule's refusal, from its code and parameters.
 * @example explain({ type: 'ValueError', code: 'spec/unknown-axis', params: { axis: 'y', meshAxes: ['x'] }, message: '…' }).en
 *   // "The kitchen grid has no row called 'y' (its rows: ('x',)). …"
 */
export function explain(error: PlainError): Text {
  const make = EXPLANATIONS[error.code] as (params: PlainError['params']) => Text;
  return make(error.params);
}

/** A core error with its explanation. */
export const explained = (error: PlainError): GameError => ({ ...error, explanation: explain(error) });

/** A core result as a game result (an error gets its explanation). */
export function fromSim<T>(result: Result<T>): GameResult<T> {
  return result.ok ? result : { ok: false, error: explained(result.error) };
}
