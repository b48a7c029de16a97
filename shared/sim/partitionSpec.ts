// PartitionSpec (docs/jax-semantics.md §1.2): one entry per array dimension — null (not split), a mesh axis name, or a
// list of axis names (the dimension split over their product, first name major). Fewer entries than the
// rank pad with null.
// Canonicalisation follows jaxlib/partition_spec.cc `CanonicalizePartition`; reprs follow
// jax/_src/partition_spec.py `P.__repr__` (JSON arrays are rendered as Python tuples).
import { err, ok, type Result } from './result.ts';
import { quoteValue } from './input/quoteValue.ts';
import type { Sharding } from './sharding.ts';

export type SpecEntry = null | string | readonly string[];
export type PartitionSpec = readonly SpecEntry[];

/**
 * Python `repr` of a str: single quotes unless the text holds a `'` and no `"`.
 * @example pyStr('x') // "'x'"
 */
export function pyStr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');
  return quote + (quote === "'" ? body.replace(/'/g, "\\'") : body) + quote;
}

/**
 * Python `repr` of a tuple whose items are already rendered: `()`, `(a,)`, `(a, b)`.
 * @example pyTuple(['8', '6']) // '(8, 6)'
 */
export function pyTuple(items: readonly string[]): string {
  return items.length === 1 ? `(${items[0]!},)` : `(${items.join(', ')})`;
}

/** Python `repr` of a set of axis names, sorted for determinism (Python's own order is hash-based). */
export function pySet(names: readonly string[]): string {
  return `{${[...new Set(names)].sort().map(pyStr).join(', ')}}`;
}

/** Python `repr` of one canonical entry: `None`, `'x'`, `('x', 'y')`. */
export function entryToString(entry: SpecEntry): string {
  if (entry === null) return 'None';
  if (typeof entry === 'string') return pyStr(entry);
  return pyTuple(entry.map(pyStr));
}

/** Python `repr` of the partitions tuple, as JAX prints it inside error messages: `('x', None)`. */
export function partitionsToString(spec: PartitionSpec): string {
  return pyTuple(spec.map(entryToString));
}

/**
 * JAX's `repr(P(...))`. `unreduced` is printed as a sorted set.
 * @example specToString(['x', null], ['y']) // "P('x', None, unreduced={'y'})"
 * @example specToString(['x']) // "P('x',)"
 */
export function specToString(spec: PartitionSpec, unreduced: readonly string[] = []): string {
  const pr = partitionsToString(spec).slice(1, -1);
  if (unreduced.length === 0) return `P(${pr})`;
  const prefix = pr === '' ? '' : pr.endsWith(',') ? `${pr} ` : `${pr}, `;
  return `P(${prefix}unreduced=${pySet(unreduced)})`;
}

/** Renders untrusted JSON Python-style for the nested-tuple message (arrays as tuples, null as None). */
function rawToPython(raw: unknown): string {
  if (raw === null) return 'None';
  if (typeof raw === 'string') return pyStr(raw);
  if (Array.isArray(raw)) return pyTuple(raw.map(rawToPython));
  return String(raw);
}

/**
 * Canonicalises an untrusted JSON spec the way `P(*partitions)` does: a falsy entry (`null`, `''`, `[]`)
 * → null; a 1-element list → its string; a list holding a list → JAX's nested-tuple ValueError. Anything
 * else malformed (numbers, objects, non-string list items) → InputError naming the entry index.
 * @example canonicalizeSpec([['x'], [], 'y']) // ok(['x', null, 'y'])
 */
export function canonicalizeSpec(raw: unknown): Result<PartitionSpec> {
  if (!Array.isArray(raw))
    return err(
      'spec/not-a-list',
      {},
      'A PartitionSpec must be a list of entries (null, an axis name or a list of names).',
    );
  const out: SpecEntry[] = [];
  for (const [i, entry] of raw.entries()) {
    if (entry === null || entry === '') out.push(null);
    else if (typeof entry === 'string') out.push(entry);
    else if (Array.isArray(entry)) {
      const nested: unknown = entry.find((p) => Array.isArray(p));
      if (nested !== undefined)
        return err(
          'spec/nested-tuple',
          {},
          'A tuple inside PartitionSpec cannot contain a nested tuple. ' +
            `Got partition: ${rawToPython(entry)} and the nested tuple: ${rawToPython(nested)}`,
        );
      if (!entry.every((p): p is string => typeof p === 'string' && p !== ''))
        return err(
          'spec/empty-name',
          { entry: i },
          `PartitionSpec entry ${i}: a list may only hold non-empty axis names.`,
        );
      out.push(entry.length === 0 ? null : entry.length === 1 ? entry[0]! : [...entry]);
    } else
      return err(
        'spec/bad-entry',
        { entry: i },
        `PartitionSpec entry ${i} must be null, an axis name or a list of axis names, got ${quoteValue(entry)}.`,
      );
  }
  return ok(out);
}

/**
 * The canonical spec of a sharding: one entry per dimension (trailing nulls kept, so the rank stays
 * visible; `P('x', None)` and `P('x')` are the same sharding). Unreduced axes are not part of the
 * entries; pass `sharding.unreduced` to `specToString`.
 * @example specFromSharding({ dims: [['x', 'y'], []], unreduced: [] }) // [['x', 'y'], null]
 */
export function specFromSharding(sharding: Sharding): PartitionSpec {
  return sharding.dims.map((axes) => (axes.length === 0 ? null : axes.length === 1 ? axes[0]! : [...axes]));
}
