// A value from untrusted input as an error message shows it: at most QUOTE_LIMIT characters of it, then "…"
// and its full length, so a 20 MB string in a field gives a short message, not a 20 MB error document.

/** Characters (UTF-16 code units) of a value an error message repeats before it cuts. */
export const QUOTE_LIMIT = 80;

const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The first QUOTE_LIMIT characters of `text`, never half a surrogate pair. */
const head = (text: string): string => text.slice(0, QUOTE_LIMIT).replace(/[\uD800-\uDBFF]$/, '');

/**
 * `text` as is when short, else its head, "…" and its length: for names a message prints unquoted, as JAX does.
 * @example cutText('a'.repeat(20e6)) // 'aaaa…(80 a)… (20,000,000 characters)'
 */
export function cutText(text: string): string {
  return text.length <= QUOTE_LIMIT ? text : `${head(text)}… (${grouped(text.length)} characters)`;
}

/**
 * `value` as JSON (`"x"`, `[1,2]`; `nothing` when absent), cut to QUOTE_LIMIT characters: a string within its
 * quotes with its length in characters, any other value with the length of its JSON text.
 * @example quoteValue('a'.repeat(20e6)) // '"aaaa…" (20,000,000 characters)'
 */
export function quoteValue(value: unknown): string {
  if (typeof value === 'string')
    return value.length <= QUOTE_LIMIT
      ? JSON.stringify(value)
      : `${JSON.stringify(head(value)).slice(0, -1)}…" (${grouped(value.length)} characters)`;
  const json = JSON.stringify(value);
  if (json === undefined) return 'nothing';
  return json.length <= QUOTE_LIMIT ? json : `${head(json)}… (${grouped(json.length)} characters of JSON)`;
}
