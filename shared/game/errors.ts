// A rejected edit or an unplayable plan as a value (docs/design.md §3): the code with its parameters and
// the message the core produced — JAX's own text for a sharding error — plus a kitchen-language explanation
// in both languages, looked up by code (explain.ts). `LevelRule` and `PlanRule` are the game's own
// refusals (ruleErrorCodes.ts).
import type { SimError, SimErrorCode, SimErrorParams, SimErrorType } from '../sim/result.ts';
import { explain } from './explain.ts';
import type { Text } from './i18n.ts';
import {
  RULE_ERROR_TYPES,
  type RuleErrorCode,
  type RuleErrorParams,
  type RuleErrorType,
} from './ruleErrorCodes.ts';

/** The core's error types (JAX's names), plus the game's two rule types. */
export type GameErrorType = SimErrorType | RuleErrorType;
/** Every code a player can meet: the core's and the game's. */
export type GameErrorCode = SimErrorCode | RuleErrorCode;
/** The parameters of every code. */
export type GameErrorParams = SimErrorParams & RuleErrorParams;

/** A game rule's refusal before its explanation. */
export type RuleError = {
  readonly [C in RuleErrorCode]: {
    readonly type: RuleErrorType;
    readonly code: C;
    readonly params: RuleErrorParams[C];
    readonly message: string;
  };
}[RuleErrorCode];

/** A core error or a game rule's refusal, not explained yet. */
export type PlainError = SimError | RuleError;

/** What any screen shows of a refusal: also a classroom refusal that came over the network. */
export interface ShownError {
  readonly type: string;
  readonly code: string;
  /** The core's message: JAX's template, filled in, for sharding errors; shown as is. */
  readonly message: string;
  /** What it means in the kitchen. */
  readonly explanation: Text;
}

/** What the player sees when the plan stays as it was. */
export type GameError = PlainError & { readonly explanation: Text };

/** Outcome of an operation that may be refused with a GameError. */
export type GameResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: GameError };

/**
 * A game rule's refusal `code`, with its parameters, message and explanation.
 * @example ruleError('rule/no-such-axis', { axis: 'y' }, "The mesh has no axis named 'y'.") // { ok: false, error: { type: 'PlanRule', … } }
 */
export function ruleError<C extends RuleErrorCode>(
  code: C,
  params: RuleErrorParams[C],
  message: string,
): { readonly ok: false; readonly error: GameError } {
  const error = { type: RULE_ERROR_TYPES[code], code, params, message } as RuleError;
  return { ok: false, error: { ...error, explanation: explain(error) } };
}
