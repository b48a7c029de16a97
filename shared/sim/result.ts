// Results as values: a player's mistake is data with a teaching message, not a thrown exception
// (docs/design.md §3). Exceptions are kept for broken invariants (programmer errors). Each error carries a
// code with typed parameters (errorCodes.ts) beside JAX's message.
import { SIM_ERROR_TYPES, type SimErrorCode, type SimErrorParams, type SimErrorType } from './errorCodes.ts';

export { SIM_ERROR_CODES, SIM_ERROR_TYPES } from './errorCodes.ts';
export type { SimErrorCode, SimErrorParams, SimErrorType } from './errorCodes.ts';

/** A core error of code `C`. */
export interface SimErrorOf<C extends SimErrorCode> {
  readonly type: SimErrorType;
  readonly code: C;
  readonly params: SimErrorParams[C];
  /** JAX's message template, filled in; shown to the player as is. */
  readonly message: string;
}

/** A core error: one of the codes with its parameters. */
export type SimError = { readonly [C in SimErrorCode]: SimErrorOf<C> }[SimErrorCode];

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SimError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/**
 * The error `code` with its parameters and message; its type is the code's (SIM_ERROR_TYPES).
 * @example err('mesh/no-axes', {}, 'A mesh needs at least one axis.') // { ok: false, error: { type: 'ValueError', code: 'mesh/no-axes', … } }
 */
export const err = <T = never, C extends SimErrorCode = SimErrorCode>(
  code: C,
  params: SimErrorParams[C],
  message: string,
): Result<T> => ({
  ok: false,
  error: { type: SIM_ERROR_TYPES[code], code, params, message } as SimError,
});

/** The same error (code, parameters) with a message that puts it in context (`in_shardings: x: …`). */
export const withMessage = <T = never>(error: SimError, message: string): Result<T> => ({
  ok: false,
  error: { ...error, message },
});

/** Unwraps a result whose failure would be a bug in the caller (tests, presets built from constants). */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.type}: ${result.error.message}`);
  return result.value;
}
