// Fresh zero-filled typed arrays for the many small tensors of a tasting, carved out of shared chunks.
// Why: V8 gives every `new Float32Array(n)` over 64 bytes its own off-heap backing store, ~1 µs to allocate
// (plus page faults on fresh memory), and counts it as external memory, whose growth is what triggers its
// full GCs; a view on an existing ArrayBuffer costs ~40 ns. Arrays of at most SMALL_BYTES take the next unused
// bytes of the current CHUNK_BYTES chunk; larger ones get their own buffer. Outside `recyclingArrays` space is
// never handed out twice (a live view keeps its chunk alive), so every array is exclusively owned, as with
// `new Float32Array(n)`; it is zero-filled unless the caller says it writes every element itself.

/** Bytes of one shared chunk. */
const CHUNK_BYTES = 1 << 18;
/** Largest array (bytes) carved from a chunk. */
const SMALL_BYTES = 1 << 16;
/** Chunks kept for reuse after a `recyclingArrays` scope (16 MB). */
const MAX_FREE = 64;

const EMPTY = new ArrayBuffer(0);
let chunk = EMPTY;
let used = 0;
/** Whether `chunk` came fresh (zero-filled) from `new ArrayBuffer`, rather than from `free`. */
let fresh = true;
/** Chunks given back by finished scopes, to be zero-filled and handed out again. */
const free: ArrayBuffer[] = [];
/** Per open `recyclingArrays` scope (innermost last), the chunks it took. */
const scopes: ArrayBuffer[][] = [];

/** A chunk to carve from: a recycled one or a new one; the innermost scope owns it. */
function nextChunk(): ArrayBuffer {
  const recycled = free.pop();
  fresh = recycled === undefined;
  const next = recycled ?? new ArrayBuffer(CHUNK_BYTES);
  scopes[scopes.length - 1]?.push(next);
  return next;
}

/** Byte offset of `bytes` (rounded up to 8 for Float64Array alignment) of fresh space in `chunk`. */
function carve(bytes: number): number {
  const size = (bytes + 7) & ~7;
  if (used + size > chunk.byteLength) {
    chunk = nextChunk();
    used = 0;
  }
  const offset = used;
  used += size;
  return offset;
}

/** Whether `length` elements of `bytesPer` bytes come from a chunk (else: invalid or large, V8 decides). */
const small = (length: number, bytesPer: number): boolean =>
  (length | 0) === length && length >= 0 && length * bytesPer <= SMALL_BYTES;

/**
 * A Float32Array of `length` elements (like `new Float32Array(length)`): zero-filled, or, with `zero` false,
 * holding whatever recycled memory held, for a caller that writes every element.
 */
export function newFloat32(length: number, zero = true): Float32Array {
  if (!small(length, 4)) return new Float32Array(length);
  const offset = carve(length * 4);
  const array = new Float32Array(chunk, offset, length);
  return zero && !fresh ? array.fill(0) : array;
}

/** A Float64Array of `length` elements, zero-filled unless `zero` is false (see `newFloat32`). */
export function newFloat64(length: number, zero = true): Float64Array {
  if (!small(length, 8)) return new Float64Array(length);
  const offset = carve(length * 8);
  const array = new Float64Array(chunk, offset, length);
  return zero && !fresh ? array.fill(0) : array;
}

/** A fresh copy of `a` (like `a.slice()`). */
export function copyFloat32(a: Float32Array): Float32Array {
  const copy = newFloat32(a.length, false);
  copy.set(a);
  return copy;
}

/**
 * Runs `fn`, then recycles every chunk the arena handed out during it (also when it throws): later arrays
 * are carved from that memory again (zero-filled when asked), so a long series of tastings stops allocating
 * ArrayBuffers. `fn` must
 * not let any array allocated during it outlive it — neither in its result nor in module state — since that
 * memory will hold other arrays' values. Scopes nest; the scope's arrays start on a chunk of its own.
 */
export function recyclingArrays<T>(fn: () => T): T {
  used = chunk.byteLength;
  const taken: ArrayBuffer[] = [];
  scopes.push(taken);
  try {
    return fn();
  } finally {
    scopes.pop();
    for (const c of taken) if (free.length < MAX_FREE) free.push(c);
    chunk = EMPTY;
    used = 0;
  }
}
