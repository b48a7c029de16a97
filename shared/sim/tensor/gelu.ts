// gelu and its derivative by the tanh approximation (Hendrycks & Gimpel 2016):
//   gelu(x) = ½x(1 + tanh u),  u = √(2/π)(x + 0.044715x³);
//   geluGrad(x) = ½(1 + tanh u) + ½x(1 − tanh²u)·√(2/π)(1 + 3·0.044715x²).
// tanh costs ~20 ns in V8 and dominates both. A training step applies geluGrad to the very array gelu was
// applied to (the pre-activation), so gelu keeps its tanh u per element, with a snapshot of the input: geluGrad
// reuses them when handed the same array with the same values (the same doubles a recomputation would give).
import { newFloat32, newFloat64 } from './arena.ts';
import type { FloatArray } from './ndarray.ts';

/** √(2/π), the gelu tanh-approximation's scale. */
const GELU_C = Math.sqrt(2 / Math.PI);
/** Cubic coefficient of the gelu tanh approximation. */
const GELU_A = 0.044715;

/** tanh u of the last gelu over an input array, and a copy of that input as it was. */
interface TanhMemo {
  readonly input: FloatArray;
  readonly tanh: Float64Array;
}

const memos = new WeakMap<FloatArray, TanhMemo>();

/** y[i] = gelu(x[i]). */
export function gelu(x: FloatArray, y: FloatArray): void {
  const n = x.length;
  const tanh = newFloat64(n, false);
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const t = Math.tanh(GELU_C * (v + GELU_A * v * v * v));
    tanh[i] = t;
    y[i] = 0.5 * v * (1 + t);
  }
  const input = x instanceof Float32Array ? newFloat32(n, false) : newFloat64(n, false);
  input.set(x);
  memos.set(x, { input, tanh });
}

/** The memoised tanh u for `x`, if gelu saw this array and it still holds the same values. */
function memoFor(x: FloatArray): Float64Array | undefined {
  const memo = memos.get(x);
  if (memo === undefined || memo.input.length !== x.length) return undefined;
  const input = memo.input;
  for (let i = 0; i < x.length; i++) if (input[i] !== x[i]) return undefined;
  return memo.tanh;
}

/** y[i] = gelu′(x[i]). */
export function geluGrad(x: FloatArray, y: FloatArray): void {
  const n = x.length;
  const tanh = memoFor(x);
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const t = tanh === undefined ? Math.tanh(GELU_C * (v + GELU_A * v * v * v)) : tanh[i]!;
    y[i] = 0.5 * (1 + t) + 0.5 * v * (1 - t * t) * GELU_C * (1 + 3 * GELU_A * v * v);
  }
}
