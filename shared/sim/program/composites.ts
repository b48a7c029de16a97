// Composite layers written only with the primitive ops of ir.ts, so that autodiff, sharding propagation and
// pricing see ordinary einsums, elementwise ops and reductions. Called through `ProgramBuilder`'s methods.
import type { ValueId } from './ir.ts';
import type { ProgramBuilder } from './ProgramBuilder.ts';

/** Layer-norm ε: 1e-5 as `torch.nn.LayerNorm` and GPT-2 (`flax.linen.LayerNorm` defaults to 1e-6). */
export const LAYER_NORM_EPS = 1e-5;

function lastDim(b: ProgramBuilder, x: ValueId, op: string): number {
  const rank = b.shape(x).length;
  if (rank === 0) throw new Error(`${op}: '${b.value(x).name}' is a scalar`);
  return rank - 1;
}

function normDim(b: ProgramBuilder, x: ValueId, dim: number, op: string): number {
  const rank = b.shape(x).length;
  const d = dim < 0 ? dim + rank : dim;
  if (!Number.isInteger(d) || d < 0 || d >= rank)
    throw new Error(`${op}: dimension ${dim} is out of range for '${b.value(x).name}' of rank ${rank}`);
  return d;
}

/** x − stop_gradient(max_dim x), the shift that keeps exp from overflowing (the softmax is shift-invariant). */
function shifted(b: ProgramBuilder, x: ValueId, dim: number, name: string): ValueId {
  const m = b.stopGradient(b.reduceMax(x, [dim], true, `${name}_max`), `${name}_max_sg`);
  return b.sub(x, m, `${name}_shifted`);
}

/** softmax(x)_i = exp(x_i − m) / Σ_j exp(x_j − m) along `dim`, with m = stop_gradient(max x). */
export function softmax(b: ProgramBuilder, x: ValueId, dim: number, name = 'softmax'): ValueId {
  const d = normDim(b, x, dim, 'softmax');
  const e = b.exp(shifted(b, x, d, name), `${name}_exp`);
  return b.div(e, b.sum(e, [d], true, `${name}_exp_sum`), name);
}

/** log_softmax(x)_i = (x_i − m) − log Σ_j exp(x_j − m) along `dim`. */
export function logSoftmax(b: ProgramBuilder, x: ValueId, dim: number, name = 'log_softmax'): ValueId {
  const d = normDim(b, x, dim, 'logSoftmax');
  const z = shifted(b, x, d, name);
  const lse = b.log(b.sum(b.exp(z, `${name}_exp`), [d], true, `${name}_exp_sum`), `${name}_lse`);
  return b.sub(z, lse, name);
}

/**
 * Layer norm over the last dim without scale and bias: (x − μ) / √(σ² + ε), with μ the mean and σ² the biased
 * variance (Σ(x − μ)²/D, as `jnp.var`), ε = 1e-5 (Ba, Kiros & Hinton 2016).
 */
export function layerNorm(b: ProgramBuilder, x: ValueId, name = 'ln'): ValueId {
  const d = lastDim(b, x, 'layerNorm');
  const inv = 1 / b.shape(x)[d]!;
  const mean = b.scale(b.sum(x, [d], true, `${name}_sum`), inv, `${name}_mean`);
  const xc = b.sub(x, mean, `${name}_centered`);
  const variance = b.scale(
    b.sum(b.square(xc, `${name}_sq`), [d], true, `${name}_sq_sum`),
    inv,
    `${name}_var`,
  );
  const rstd = b.rsqrt(b.addScalar(variance, LAYER_NORM_EPS, `${name}_var_eps`), `${name}_rstd`);
  return b.mul(xc, rstd, name);
}

/**
 * Softmax cross-entropy with one-hot labels, class dim last: the mean over all other positions of
 * −Σ_c onehot_c · log_softmax(logits)_c (as `optax.softmax_cross_entropy(...).mean()`). Rank-0 result.
 */
export function crossEntropy(b: ProgramBuilder, logits: ValueId, onehot: ValueId, name = 'loss'): ValueId {
  const shape = b.shape(logits);
  const labels = b.shape(onehot);
  if (shape.length !== labels.length || shape.some((n, i) => n !== labels[i]))
    throw new Error(
      `crossEntropy: logits [${shape.join(', ')}] and labels [${labels.join(', ')}] differ in shape`,
    );
  const c = lastDim(b, logits, 'crossEntropy');
  const positions = shape.slice(0, c).reduce((n, s) => n * s, 1);
  const picked = b.mul(onehot, logSoftmax(b, logits, c, `${name}_log_softmax`), `${name}_label_log_prob`);
  const total = b.sum(
    picked,
    shape.map((_, i) => i),
    false,
    `${name}_sum`,
  );
  return b.scale(total, -1 / positions, name);
}

/** Mean over all elements of (pred − target)², as `jnp.mean((pred - target) ** 2)`. Rank-0 result. */
export function meanSquaredError(b: ProgramBuilder, pred: ValueId, target: ValueId, name = 'loss'): ValueId {
  const diff = b.sub(pred, target, `${name}_err`);
  const shape = b.shape(diff);
  const total = b.sum(
    b.square(diff, `${name}_err_sq`),
    shape.map((_, i) => i),
    false,
    `${name}_sum`,
  );
  return b.scale(total, 1 / shape.reduce((n, s) => n * s, 1), name);
}
