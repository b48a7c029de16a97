// Seeded pseudo-random numbers as plain data (docs/design.md §3: the core is deterministic). The generator is
// mulberry32 (Tommy Ettinger, public domain): 32-bit state, integer arithmetic only (`Math.imul`, shifts), so
// the uniform stream is bit-identical on every machine. Normals use Box–Muller (Box & Muller 1958) through
// `Math.log`, `Math.cos` and `Math.sqrt`; V8 computes the first two with its fdlibm port, so a given Node or
// Chromium release gives the same normals on every machine.
import { allocate, sizeOf, type NdArray, type Precision } from './tensor/ndarray.ts';

/** Generator state; `nextFloat` and friends advance it in place. Copy it (`{ ...rng }`) to fork a stream. */
export interface Rng {
  state: number;
}

/**
 * A generator for `seed` (any number; reduced to 32 bits). The seed is scrambled with splitmix32's finaliser
 * so that nearby seeds (0, 1, 2, …) give unrelated streams.
 */
export function createRng(seed: number): Rng {
  let z = (Math.trunc(seed) + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return { state: (z ^ (z >>> 16)) >>> 0 };
}

/** Next 32-bit unsigned integer (mulberry32 step). */
export function nextUint32(rng: Rng): number {
  rng.state = (rng.state + 0x6d2b79f5) | 0;
  let t = rng.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** Uniform in [0, 1) with 32 random bits. */
export const nextFloat = (rng: Rng): number => nextUint32(rng) / 4294967296;

/** Uniform integer in [0, n). */
export function nextInt(rng: Rng, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`nextInt needs a positive integer bound, got ${n}`);
  return Math.floor(nextFloat(rng) * n);
}

/**
 * Standard normal by Box–Muller: z = √(−2 ln u₁) · cos(2π u₂) with u₁ ∈ (0, 1], u₂ ∈ [0, 1). The sine twin is
 * dropped so the state stays a single integer.
 */
export function nextNormal(rng: Rng): number {
  const u1 = 1 - nextFloat(rng);
  const u2 = nextFloat(rng);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** An array of `shape` filled with N(0, scale²) samples, row-major, stored at `precision`. */
export function fillNormal(shape: readonly number[], scale: number, rng: Rng, precision: Precision): NdArray {
  const data = allocate(precision, sizeOf(shape));
  for (let i = 0; i < data.length; i++) data[i] = scale * nextNormal(rng);
  return { shape: [...shape], data };
}
