// Elementwise ops of the program IR: `UnaryOp` (one argument, optional scalar) and `BinaryOp` (two same-rank
// arguments with NumPy broadcasting of size-1 dims). Results take the first operand's precision.
import type { BinaryOp, UnaryOp } from '../program/ir.ts';
import { allocateToFill, precisionOf, sizeOf, stridesOf, type FloatArray, type NdArray } from './ndarray.ts';
import { gelu, geluGrad } from './gelu.ts';
import { copyStrided } from './permute.ts';

/**
 * Applies a `UnaryOp` elementwise (see ir.ts for each op's formula; gelu and geluGrad in gelu.ts).
 * `scale` (x·s) and `addScalar` (x+s) need `scalar`.
 */
export function unary(op: UnaryOp, a: NdArray, scalar?: number): NdArray {
  const x = a.data;
  const n = x.length;
  const y = allocateToFill(precisionOf(x), n);
  switch (op) {
    case 'neg':
      for (let i = 0; i < n; i++) y[i] = -x[i]!;
      break;
    case 'exp':
      for (let i = 0; i < n; i++) y[i] = Math.exp(x[i]!);
      break;
    case 'log':
      for (let i = 0; i < n; i++) y[i] = Math.log(x[i]!);
      break;
    case 'tanh':
      for (let i = 0; i < n; i++) y[i] = Math.tanh(x[i]!);
      break;
    case 'relu':
      for (let i = 0; i < n; i++) y[i] = Math.max(x[i]!, 0);
      break;
    case 'gelu':
      gelu(x, y);
      break;
    case 'geluGrad':
      geluGrad(x, y);
      break;
    case 'square':
      for (let i = 0; i < n; i++) y[i] = x[i]! * x[i]!;
      break;
    case 'sqrt':
      for (let i = 0; i < n; i++) y[i] = Math.sqrt(x[i]!);
      break;
    case 'rsqrt':
      for (let i = 0; i < n; i++) y[i] = 1 / Math.sqrt(x[i]!);
      break;
    case 'reciprocal':
      for (let i = 0; i < n; i++) y[i] = 1 / x[i]!;
      break;
    case 'scale': {
      const s = requireScalar(op, scalar);
      for (let i = 0; i < n; i++) y[i] = x[i]! * s;
      break;
    }
    case 'addScalar': {
      const s = requireScalar(op, scalar);
      for (let i = 0; i < n; i++) y[i] = x[i]! + s;
      break;
    }
    case 'step':
      for (let i = 0; i < n; i++) y[i] = x[i]! > 0 ? 1 : 0;
      break;
    case 'convert': // execution computes in f32 whatever the stored type (ir.ts)
      y.set(x);
      break;
    default:
      throw new RangeError(`unary: unknown op '${op as string}'`);
  }
  return { shape: a.shape, data: y };
}

function requireScalar(op: UnaryOp, scalar: number | undefined): number {
  if (scalar === undefined) throw new RangeError(`unary: '${op}' needs a scalar`);
  return scalar;
}

/** y[yo + j] = x[xo + j] ∘ z[zo + j] for j < len. */
// prettier-ignore
function runBoth(op: BinaryOp, y: FloatArray, yo: number, x: FloatArray, xo: number, z: FloatArray, zo: number, len: number) {
  switch (op) {
    case 'add': for (let j = 0; j < len; j++) y[yo + j] = x[xo + j]! + z[zo + j]!; return;
    case 'sub': for (let j = 0; j < len; j++) y[yo + j] = x[xo + j]! - z[zo + j]!; return;
    case 'mul': for (let j = 0; j < len; j++) y[yo + j] = x[xo + j]! * z[zo + j]!; return;
    case 'div': for (let j = 0; j < len; j++) y[yo + j] = x[xo + j]! / z[zo + j]!; return;
    case 'max': for (let j = 0; j < len; j++) y[yo + j] = Math.max(x[xo + j]!, z[zo + j]!); return;
  }
}

/** y[yo + j] = x[xo + j] ∘ c for j < len. */
// prettier-ignore
function runRight(op: BinaryOp, y: FloatArray, yo: number, x: FloatArray, xo: number, c: number, len: number) {
  switch (op) {
    case 'add': for (let j = 0; j < len; j++) y[yo + j] = x[xo + j]! + c; return;
    case 'sub': for (let j = 0; j < len; j++) y[yo + j] = x[xo + j]! - c; return;
    case 'mul': for (let j = 0; j < len; j++) y[yo + j] = x[xo + j]! * c; return;
    case 'div': for (let j = 0; j < len; j++) y[yo + j] = x[xo + j]! / c; return;
    case 'max': for (let j = 0; j < len; j++) y[yo + j] = Math.max(x[xo + j]!, c); return;
  }
}

/** y[yo + j] = c ∘ z[zo + j] for j < len. */
// prettier-ignore
function runLeft(op: BinaryOp, y: FloatArray, yo: number, c: number, z: FloatArray, zo: number, len: number) {
  switch (op) {
    case 'add': for (let j = 0; j < len; j++) y[yo + j] = c + z[zo + j]!; return;
    case 'sub': for (let j = 0; j < len; j++) y[yo + j] = c - z[zo + j]!; return;
    case 'mul': for (let j = 0; j < len; j++) y[yo + j] = c * z[zo + j]!; return;
    case 'div': for (let j = 0; j < len; j++) y[yo + j] = c / z[zo + j]!; return;
    case 'max': for (let j = 0; j < len; j++) y[yo + j] = Math.max(c, z[zo + j]!); return;
  }
}

/** c ∘ d for one pair. */
function apply(op: BinaryOp, c: number, d: number): number {
  switch (op) {
    case 'add':
      return c + d;
    case 'sub':
      return c - d;
    case 'mul':
      return c * d;
    case 'div':
      return c / d;
    case 'max':
      return Math.max(c, d);
  }
}

/** y[yo + j] = x[xo + j·xs] ∘ z[zo + j·zs] for j < len (strides 0 or 1; a stride-0 operand is read once). */
function binaryRun(
  op: BinaryOp,
  y: FloatArray,
  yo: number,
  x: FloatArray,
  xo: number,
  xs: number,
  z: FloatArray,
  zo: number,
  zs: number,
  len: number,
): void {
  if (xs !== 0 && zs !== 0) runBoth(op, y, yo, x, xo, z, zo, len);
  else if (xs !== 0) runRight(op, y, yo, x, xo, z[zo]!, len);
  else if (zs !== 0) runLeft(op, y, yo, x[xo]!, z, zo, len);
  else y.fill(apply(op, x[xo]!, z[zo]!), yo, yo + len);
}

const BINARY_OPS: ReadonlySet<string> = new Set<BinaryOp>(['add', 'sub', 'mul', 'div', 'max']);

/** NumPy broadcast shape of two same-rank shapes (each dim equal, or one of them 1); throws otherwise. */
export function broadcastShapes(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length || a.some((d, i) => d !== b[i] && d !== 1 && b[i] !== 1))
    throw new RangeError(`shapes [${a.join(', ')}] and [${b.join(', ')}] do not broadcast`);
  return a.map((d, i) => (d === 1 ? b[i]! : d));
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let d = 0; d < a.length; d++) if (a[d] !== b[d]) return false;
  return true;
}

/** Row-major strides of `shape` read as broadcast to `target` (0 along expanded size-1 dims). */
function broadcastStrides(shape: readonly number[], target: readonly number[]): number[] {
  const strides = stridesOf(shape);
  return strides.map((s, d) => (shape[d] === target[d] ? s : 0));
}

/**
 * Applies a `BinaryOp` elementwise: add, sub, mul, div (IEEE: x/0 = ±Infinity) and max (NaN propagates).
 * Operands must have the same rank; size-1 dims broadcast (NumPy rules). Throws a RangeError otherwise.
 */
export function binary(op: BinaryOp, a: NdArray, b: NdArray): NdArray {
  // Equal shapes (the common case) need no broadcast bookkeeping; the result shares the shape array.
  const same = sameShape(a.shape, b.shape);
  const shape = same ? a.shape : broadcastShapes(a.shape, b.shape);
  const total = sizeOf(shape);
  const y = allocateToFill(precisionOf(a.data), total);
  if (total === 0) return { shape, data: y };
  if (!BINARY_OPS.has(op)) throw new RangeError(`binary: unknown op '${op as string}'`);
  const rank = shape.length;
  if (a.data.length === total && b.data.length === total) {
    runBoth(op, y, 0, a.data, 0, b.data, 0, total);
    return { shape, data: y };
  }
  const as = broadcastStrides(a.shape, shape);
  const bs = broadcastStrides(b.shape, shape);
  // Inner run: the trailing dims along which each operand is either contiguous (stride 1) or constant.
  let d = rank - 1;
  while (d >= 0 && shape[d] === 1) d--;
  const aInner = d >= 0 && as[d] !== 0 ? 1 : 0;
  const bInner = d >= 0 && bs[d] !== 0 ? 1 : 0;
  let inner = 1;
  for (; d >= 0; d--) {
    if (shape[d] === 1) continue;
    if ((as[d] !== 0 ? 1 : 0) !== aInner || (bs[d] !== 0 ? 1 : 0) !== bInner) break;
    inner *= shape[d]!;
  }
  const outer = d + 1;
  const index = new Array<number>(outer).fill(0);
  let ao = 0;
  let bo = 0;
  for (let o = 0; o < total; o += inner) {
    binaryRun(op, y, o, a.data, ao, aInner, b.data, bo, bInner, inner);
    for (let e = outer - 1; e >= 0; e--) {
      const next = index[e]! + 1;
      if (next < shape[e]!) {
        index[e] = next;
        ao += as[e]!;
        bo += bs[e]!;
        break;
      }
      index[e] = 0;
      ao -= (next - 1) * as[e]!;
      bo -= (next - 1) * bs[e]!;
    }
  }
  return { shape, data: y };
}

/**
 * `jnp.broadcast_to` for same-rank shapes: size-1 dims of `a` expand to `shape`; other dims must match.
 * Throws a RangeError otherwise. Returns a copy of `a`'s precision.
 */
export function broadcastTo(a: NdArray, shape: readonly number[]): NdArray {
  if (a.shape.length !== shape.length || a.shape.some((d, i) => d !== shape[i] && d !== 1))
    throw new RangeError(`cannot broadcast shape [${a.shape.join(', ')}] to [${shape.join(', ')}]`);
  const data = allocateToFill(precisionOf(a.data), sizeOf(shape));
  copyStrided(a.data, 0, broadcastStrides(a.shape, shape), shape, data);
  return { shape: [...shape], data };
}
