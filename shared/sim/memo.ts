// The core's module-level caches, in one place: each is a bounded table from a key to the value of a pure
// function of it (a hit returns the very value computed first), and resetCaches() empties every one of them
// (benchmarks time cold runs this way; a test may start clean). Nothing else in shared/ keeps values between
// calls, except the tensor arena's pool of free arrays (tensor/arena.ts), which holds no results.

/** A bounded cache of a pure function's values by key. */
export interface Memo<V> {
  /** The value for `key`, computed by `compute` on a miss; the oldest entry goes when the table is full. */
  get(key: string, compute: () => V): V;
}

/** A bounded cache per owner object (a level, say): the owner's table goes with the owner. */
export interface MemoPer<O extends object, V> {
  /** The value for `key` under `owner`, computed by `compute` on a miss. */
  get(owner: O, key: string, compute: () => V): V;
}

/** Each cache's emptying, by the name it was registered under (names need not be unique). */
const resets: { readonly name: string; readonly reset: () => void }[] = [];

function boundedGet<V>(table: Map<string, V>, size: number, key: string, compute: () => V): V {
  if (table.has(key)) return table.get(key)!;
  const value = compute();
  if (table.size >= size) table.delete(table.keys().next().value!);
  table.set(key, value);
  return value;
}

/**
 * A new cache of at most `size` entries, registered for resetCaches.
 * @example const programs = memo<Program>(16); programs.get(key, () => build())
 */
export function memo<V>(size: number, name = ''): Memo<V> {
  const table = new Map<string, V>();
  resets.push({ name, reset: () => table.clear() });
  return { get: (key, compute) => boundedGet(table, size, key, compute) };
}

/**
 * A cache of at most `size` entries per owner, held weakly by the owner (an owner made on the fly, such as a
 * sandbox level, leaves nothing behind), registered for resetCaches.
 * @example const prepared = memoPer<Level, Plan>(32); prepared.get(level, JSON.stringify(state), () => plan())
 */
export function memoPer<O extends object, V>(size: number, name = ''): MemoPer<O, V> {
  let tables = new WeakMap<O, Map<string, V>>();
  resets.push({ name, reset: () => (tables = new WeakMap()) });
  return {
    get(owner, key, compute) {
      let table = tables.get(owner);
      if (table === undefined) tables.set(owner, (table = new Map()));
      return boundedGet(table, size, key, compute);
    },
  };
}

/** Empties every cache of the core, or only those registered under `name`. */
export function resetCaches(name?: string): void {
  for (const r of resets) if (name === undefined || r.name === name) r.reset();
}
