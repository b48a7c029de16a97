// Fields of an untrusted manual plan (JSON): every malformed field is an InputError naming its path
// (`body[3].axes`). The generic readers live in input/fields.ts.
export { bad, isObject } from '../input/fields.ts';

/** A JSON object's fields. */
export type Fields = Record<string, unknown>;

/** Longest value or output name. */
export const MAX_NAME_LENGTH = 64;

/** A safe integer. */
export const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

/** A value or output name: 1 to 64 characters. */
export function validName(x: unknown): x is string {
  return typeof x === 'string' && x.length > 0 && x.length <= MAX_NAME_LENGTH;
}
