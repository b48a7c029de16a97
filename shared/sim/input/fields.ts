// Reading untrusted JSON documents (sim command line, client messages): every malformed field becomes an
// InputError naming its path (`mesh.axes[1][1]`), and nothing is read by a cast.
import { makeMesh, type Mesh } from '../mesh.ts';
import { err, ok, type Result } from '../result.ts';
import { cutText, quoteValue } from './quoteValue.ts';

export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** An InputError (code `input/field`) for the field at `path`. */
export const bad = <T = never>(path: string, message: string): Result<T> =>
  err('input/field', { path }, `${path}: ${message}`);

/** Refuses fields not in `allowed` (catches typos such as `inshardings`). */
export function onlyFields(
  doc: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
): Result<void> {
  const extra = Object.keys(doc).find((k) => !allowed.includes(k));
  if (extra === undefined) return ok(undefined);
  const at = `${path}${path ? '.' : ''}${cutText(extra)}`;
  return err(
    'input/unknown-field',
    { path: at, allowed },
    `${at}: unknown field; expected one of ${allowed.join(', ')}`,
  );
}

/** A finite number within [min, max] (integers only when `integer`). */
export function readNumber(
  raw: unknown,
  path: string,
  { min = -Infinity, max = Infinity, integer = false } = {},
): Result<number> {
  if (typeof raw !== 'number' || !Number.isFinite(raw) || (integer && !Number.isInteger(raw)))
    return err(
      'input/not-a-number',
      { path, integer },
      `${path}: expected ${integer ? 'an integer' : 'a number'}, got ${quoteValue(raw)}`,
    );
  if (raw < min || raw > max)
    return err(
      'input/out-of-range',
      { path, min, max, got: raw },
      `${path}: expected a value between ${min} and ${max}, got ${raw}`,
    );
  return ok(raw);
}

/** One of the given strings. */
export function readChoice<T extends string>(raw: unknown, path: string, choices: readonly T[]): Result<T> {
  if (typeof raw === 'string' && (choices as readonly string[]).includes(raw)) return ok(raw as T);
  const got = quoteValue(raw);
  return err(
    'input/not-one-of',
    { path, choices, got },
    `${path}: expected one of ${choices.map((c) => `'${c}'`).join(', ')}, got ${got}`,
  );
}

/** An array of `minLength`–`maxLength` integers in [min, max]; `expected` says what, when it is not. */
export function readIntegers(
  raw: unknown,
  path: string,
  { minLength = 0, maxLength, min, max, expected }: IntegerList,
): Result<number[]> {
  if (!Array.isArray(raw) || raw.length < minLength || raw.length > maxLength) return bad(path, expected);
  const out: number[] = [];
  for (const [i, n] of raw.entries()) {
    const d = readNumber(n, `${path}[${i}]`, { min, max, integer: true });
    if (!d.ok) return d;
    out.push(d.value);
  }
  return ok(out);
}

/** The bounds of `readIntegers`. */
export interface IntegerList {
  readonly minLength?: number;
  readonly maxLength: number;
  readonly min: number;
  readonly max: number;
  /** The InputError's text when `raw` is no array or has the wrong length. */
  readonly expected: string;
}

/** An array of positive integers (a shape), each ≤ `maxDim`. */
export function readShape(raw: unknown, path: string, maxDim: number): Result<number[]> {
  return readIntegers(raw, path, {
    maxLength: 8,
    min: 1,
    max: maxDim,
    expected: 'expected an array of at most 8 dimension sizes',
  });
}

/** `{"axes": [["x", 4], ["y", 2]]}` → a validated Mesh (docs/design.md §4.4). */
export function readMesh(raw: unknown, path = 'mesh'): Result<Mesh> {
  if (!isObject(raw) || !Array.isArray(raw.axes)) return bad(path, 'expected {"axes": [["name", size], …]}');
  const fields = onlyFields(raw, ['axes'], path);
  if (!fields.ok) return fields;
  const axes: [string, number][] = [];
  for (const [i, a] of raw.axes.entries()) {
    if (!Array.isArray(a) || a.length !== 2 || typeof a[0] !== 'string')
      return bad(`${path}.axes[${i}]`, 'expected ["name", size]');
    const size = readNumber(a[1], `${path}.axes[${i}][1]`, { min: 1, integer: true });
    if (!size.ok) return size;
    axes.push([a[0], size.value]);
  }
  return makeMesh(axes);
}
