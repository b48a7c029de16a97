// The source article's "Python 演示": a two-layer MLP without activation (x·W1·W2) trained by one SGD step
// with lr 0.01 on the loss ½Σ(pred − y)², whose gradient with respect to pred is the article's err = pred − y:
//   dW2 = hᵀ·err,  dW1 = xᵀ·(err·W2ᵀ),  W ← W − 0.01·dW.
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { trainingModel } from './trainingModel.ts';
import { ModelInputs } from './inputs.ts';

export interface Mlp2Dims {
  readonly batch: number;
  readonly input: number;
  readonly hidden: number;
  readonly output: number;
}

/** The article's shapes: x [2, 8], y [2, 4], W1 [8, 16], W2 [16, 4]. */
export const MLP2_DIMS: Mlp2Dims = { batch: 2, input: 8, hidden: 16, output: 4 };

/**
 * The article's 2-layer MLP. Every input is N(0, 1) as the article's `rng.normal` (not fan-in scaled), and
 * declared in the article's order: x, y, w1, w2.
 */
export function mlp2(dims: Partial<Mlp2Dims> = {}): ModelSpec {
  const { batch, input, hidden, output } = { ...MLP2_DIMS, ...dims };
  const m = new ModelInputs(new ProgramBuilder());
  const b = m.b;
  const unit = { kind: 'normal', scale: 1 } as const;
  const x = m.data('x', [batch, input], unit);
  const y = m.data('y', [batch, output], unit);
  const w1 = b.within('layer1', () => m.paramWith('w1', [input, hidden], unit));
  const w2 = b.within('layer2', () => m.paramWith('w2', [hidden, output], unit));
  const h = b.within('layer1', () => b.einsum('bi,ih->bh', x, w1, 'h'));
  const pred = b.within('layer2', () => b.einsum('bh,ho->bo', h, w2, 'pred'));
  const loss = b.within('loss', () => {
    const err = b.sub(pred, y, 'err');
    return b.scale(b.sum(b.square(err, 'err_sq'), [0, 1], false, 'err_sq_sum'), 0.5, 'loss');
  });
  return trainingModel(m, loss, { kind: 'sgd', lr: 0.01 });
}
