// Results as values: a player's mistake is data with a teaching message, not a thrown exception
// (docs/design.md §3). Exceptions are kept for broken invariants (programmer errors).

/** Error type names follow JAX (`DuplicateSpecError`, `IndivisibleError`, …) plus `InputError` for malformed input. */
export type SimErrorType =
  'DuplicateSpecError' | 'IndivisibleError' | 'ValueError' | 'ShardingTypeError' | 'InputError';

export interface SimError {
  readonly type: SimErrorType;
  /** JAX's message template, filled in; shown to the player as is. */
  readonly message: string;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SimError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(type: SimErrorType, message: string): Result<T> => ({
  ok: false,
  error: { type, message },
});

/** Unwraps a result whose failure would be a bug in the caller (tests, presets built from constants). */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.type}: ${result.error.message}`);
  return result.value;
}
