// Elementwise ops of the program IR: `UnaryOp` (one argument, optional scalar) and `BinaryOp` (two same-rank
// arguments with NumPy broadcasting of size-1 dims). Results take the first operand's precision.
import type { BinaryOp, UnaryOp } from '../program/ir.ts';
import { allocate, precisionOf, sizeOf, stridesOf, type FloatArray, type NdArray } from './ndarray.ts';
import { copyStrided } from './permute.ts';

/** √(2/π), the gelu tanh-approximation's scale. */
const GELU_C = Math.sqrt(2 / Math.PI);
/** Cubic coefficient of the gelu tanh approximation. */
const GELU_A = 0.044715;

/**
 * Applies a `UnaryOp` elementwise (see ir.ts for each op's formula). `scale` (x·s) and `addScalar` (x+s)
 * need `scalar`. gelu(x) = ½x(1 + tanh u), u = √(2/π)(x + 0.044715x³);
 * geluGrad(x) = ½(1 + tanh u) + ½x(1 − tanh²u)·√(2/π)(1 + 3·0.044715x²).
 */
export function unary(op: UnaryOp, a: NdArray, scalar?: number): NdArray {
  const x = a.data;
  const n = x.length;
  const y = allocate(precisionOf(x), n);
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
      for (let i = 0; i < n; i++) {
        const v = x[i]!;
        y[i] = 0.5 * v * (1 + Math.tanh(GELU_C * (v + GELU_A * v * v * v)));
      }
      break;
    case 'geluGrad':
      for (let i = 0; i < n; i++) {
        const v = x[i]!;
        const t = Math.tanh(GELU_C * (v + GELU_A * v * v * v));
        y[i] = 0.5 * (1 + t) + 0.5 * v * (1 - t * t) * GELU_C * (1 + 3 * GELU_A * v * v);
      }
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
    default:
      throw new RangeError(`unary: unknown op '${op as string}'`);
  }
  return { shape: a.shape, data: y };
}

function requireScalar(op: UnaryOp, scalar: number | undefined): number {
  if (scalar === undefined) throw new RangeError(`unary: '${op}' needs a scalar`);
  return scalar;
}

/** y[yo + j] = x[xo + j·xs] ∘ z[zo + j·zs] for j < len (strides 0 or 1). */
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
  switch (op) {
    case 'add':
      for (let j = 0; j < len; j++, xo += xs, zo += zs) y[yo + j] = x[xo]! + z[zo]!;
      break;
    case 'sub':
      for (let j = 0; j < len; j++, xo += xs, zo += zs) y[yo + j] = x[xo]! - z[zo]!;
      break;
    case 'mul':
      for (let j = 0; j < len; j++, xo += xs, zo += zs) y[yo + j] = x[xo]! * z[zo]!;
      break;
    case 'div':
      for (let j = 0; j < len; j++, xo += xs, zo += zs) y[yo + j] = x[xo]! / z[zo]!;
      break;
    case 'max':
      for (let j = 0; j < len; j++, xo += xs, zo += zs) y[yo + j] = Math.max(x[xo]!, z[zo]!);
      break;
    default:
      throw new RangeError(`binary: unknown op '${op as string}'`);
  }
}

/** NumPy broadcast shape of two same-rank shapes (each dim equal, or one of them 1); throws otherwise. */
export function broadcastShapes(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length || a.some((d, i) => d !== b[i] && d !== 1 && b[i] !== 1))
    throw new RangeError(`shapes [${a.join(', ')}] and [${b.join(', ')}] do not broadcast`);
  return a.map((d, i) => (d === 1 ? b[i]! : d));
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
  const shape = broadcastShapes(a.shape, b.shape);
  const total = sizeOf(shape);
  const y = allocate(precisionOf(a.data), total);
  if (total === 0) return { shape, data: y };
  const rank = shape.length;
  if (a.data.length === total && b.data.length === total) {
    binaryRun(op, y, 0, a.data, 0, 1, b.data, 0, 1, total);
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
  const data = allocate(precisionOf(a.data), sizeOf(shape));
  copyStrided(a.data, 0, broadcastStrides(a.shape, shape), shape, data);
  return { shape: [...shape], data };
}
