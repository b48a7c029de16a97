// A rejected edit or an unplayable plan as a value (style-anchors lesson 6): the error type and message the
// core produced — JAX's own text for a sharding error — plus a kitchen-language explanation in both
// languages. `LevelRule` is a limit of the level (an edit it does not offer, too many kitchens); `PlanRule`
// a rule of the game's plan format that JAX has no message for (pmap takes no PartitionSpec).
import type { SimError, SimErrorType } from '../sim/result.ts';
import type { Text } from './i18n.ts';

/** The core's error types (JAX's names), plus the game's two rule types. */
export type GameErrorType = SimErrorType | 'LevelRule' | 'PlanRule';

/** What the player sees when the plan stays as it was. */
export interface GameError {
  readonly type: GameErrorType;
  /** The core's message: JAX's template, filled in, for sharding errors; shown as is. */
  readonly message: string;
  /** What it means in the kitchen. */
  readonly explanation: Text;
}

/** Outcome of an operation that may be refused with a GameError. */
export type GameResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: GameError };

/** A core error that has not been explained yet. */
export type PlainError = SimError | { readonly type: 'LevelRule' | 'PlanRule'; readonly message: string };

/** A level or plan rule with its explanation. */
export const ruleError = (
  type: 'LevelRule' | 'PlanRule',
  message: string,
  explanation: Text,
): { ok: false; error: GameError } => ({ ok: false, error: { type, message, explanation } });
