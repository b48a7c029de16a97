// The core's module-level caches, in one place: each is a bounded table from a key to the value of a pure
// function of it (a hit returns the very value computed first), and resetCaches() empties every one of them
// (benchmarks time cold runs this way; a test may start clean). Nothing else in shared/ keeps values between
// calls, except the tensor arena's pool of free arrays (tensor/arena.ts), which holds no results.

/** A bounded cache of a pure function's values by key. */
export interface Memo<V> {
  /** The value for `key`, computed by `compute` on a miss; the oldest entry goes when the table is full. */
  get(key: string, compute: () => V): V;
}

const tables: Map<string, unknown>[] = [];

/**
 * A new cache of at most `size` entries, registered for resetCaches.
 * @example const programs = memo<Program>(16); programs.get(key, () => build())
 */
export function memo<V>(size: number): Memo<V> {
  const table = new Map<string, V>();
  tables.push(table);
  return {
    get(key, compute) {
      if (table.has(key)) return table.get(key)!;
      const value = compute();
      if (table.size >= size) table.delete(table.keys().next().value!);
      table.set(key, value);
      return value;
    },
  };
}

/** Empties every cache of the core. */
export function resetCaches(): void {
  for (const t of tables) t.clear();
}
