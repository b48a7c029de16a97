// Result shapes of the ops of ir.ts that ProgramBuilder builds, with their argument checks, and the element
// type of a mix of two operands (promote). A wrong shape is a programmer error and throws with the op and the
// shapes. The manual-mode collectives' shapes are collectiveShapes.ts.
import { parseEinsum } from '../tensor/einsumEquation.ts';
import { DTYPE_BYTES, type BinaryOp, type DType, type ReduceOp, type Value } from './ir.ts';

const fmt = (shape: readonly number[]): string => `[${shape.join(', ')}]`;

/** Result type of mixing two element types: the same type, else the wider one, else f32 (as JAX: bf16+f16 → f32). */
export function promote(a: DType, b: DType): DType {
  if (a === b) return a;
  if (DTYPE_BYTES[a] !== DTYPE_BYTES[b]) return DTYPE_BYTES[a] > DTYPE_BYTES[b] ? a : b;
  return 'f32';
}

/** NumPy broadcasting of two same-rank shapes (size-1 dims stretch), or undefined when they do not match. */
function broadcastShapes(a: readonly number[], b: readonly number[]): number[] | undefined {
  if (a.length !== b.length) return undefined;
  const out: number[] = [];
  for (let d = 0; d < a.length; d++) {
    const x = a[d]!;
    const y = b[d]!;
    if (x !== y && x !== 1 && y !== 1) return undefined;
    out.push(x === 1 ? y : x);
  }
  return out;
}

/** An input's shape, checked: every dimension a safe integer ≥ 1. */
export function inputShape(name: string, shape: readonly number[]): readonly number[] {
  if (!shape.every((d) => Number.isSafeInteger(d) && d >= 1))
    throw new Error(`input '${name}': bad shape ${fmt(shape)}`);
  return shape;
}

/** Two-operand einsum (`bsd,dnh->bsnh`) of `va` and `vb`: the output shape comes from the equation. */
export function einsumShape(equation: string, va: Value, vb: Value): number[] {
  const parsed = parseEinsum(equation, [va.shape, vb.shape]);
  if (!parsed.ok)
    throw new Error(`einsum '${equation}' on ${fmt(va.shape)} and ${fmt(vb.shape)}: ${parsed.error.message}`);
  return [...parsed.value.output].map((l) => parsed.value.sizes[l]!);
}

/** `jnp.take(table, ids, axis=0)`: table `t` [V, D], integer ids `i` [B] → [B, D]. */
export function takeShape(t: Value, i: Value): number[] {
  if (t.shape.length !== 2 || i.shape.length !== 1)
    throw new Error(`take: table ${fmt(t.shape)} must be [V, D] and ids ${fmt(i.shape)} [B]`);
  return [i.shape[0]!, t.shape[1]!];
}

/** Updates `u` [B, D] summed into rows `i` [B] of a zero [rows, D] table → [rows, D]. */
export function scatterAddShape(u: Value, i: Value, rows: number): number[] {
  if (u.shape.length !== 2 || i.shape.length !== 1 || u.shape[0] !== i.shape[0] || !(rows >= 1))
    throw new Error(`scatterAdd: updates ${fmt(u.shape)} must be [B, D] and ids ${fmt(i.shape)} [B]`);
  return [rows, u.shape[1]!];
}

/** Elementwise op of two same-rank values with NumPy broadcasting of size-1 dims. */
export function binaryShape(op: BinaryOp, va: Value, vb: Value): number[] {
  const shape = broadcastShapes(va.shape, vb.shape);
  if (shape === undefined)
    throw new Error(
      `${op}: shapes ${fmt(va.shape)} ('${va.name}') and ${fmt(vb.shape)} ('${vb.name}') do not broadcast`,
    );
  return shape;
}

/**
 * Reduction of `v` over `dims` (negative dims count from the end): the dims normalised (non-negative,
 * sorted) and the result shape (reduced dims kept as 1 with `keepDims`, dropped without).
 */
export function reduceShape(
  op: ReduceOp,
  v: Value,
  dims: readonly number[],
  keepDims: boolean,
): { dims: number[]; shape: number[] } {
  const rank = v.shape.length;
  const norm = [...new Set(dims.map((d) => (d < 0 ? d + rank : d)))].sort((p, q) => p - q);
  if (norm.length !== dims.length || norm.some((d) => !Number.isInteger(d) || d < 0 || d >= rank))
    throw new Error(`${op}: bad dims [${dims.join(', ')}] for '${v.name}' of shape ${fmt(v.shape)}`);
  const shape = keepDims
    ? v.shape.map((n, d) => (norm.includes(d) ? 1 : n))
    : v.shape.filter((_, d) => !norm.includes(d));
  return { dims: norm, shape };
}

/** `shape`, checked that `v` (same rank, size-1 dims expanding; or rank 0) broadcasts to it. */
export function broadcastShape(v: Value, shape: readonly number[]): readonly number[] {
  const fits = v.shape.length === 0 || broadcastShapes(v.shape, shape)?.every((n, d) => n === shape[d]);
  if (fits !== true)
    throw new Error(`broadcast: '${v.name}' of shape ${fmt(v.shape)} cannot broadcast to ${fmt(shape)}`);
  return shape;
}
