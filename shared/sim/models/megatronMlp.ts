// The Megatron-LM MLP (Shoeybi et al. 2019, §3): y = gelu(x·W1)·W2, the layer whose column-parallel W1 and
// row-parallel W2 need one all-reduce forward and one backward. Its input x is an activation (a projection
// of the data, then layer norm), so the backward pass computes dx and the column-parallel layer's input
// gradient all-reduce appears.
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { trainingModel } from './trainingModel.ts';
import { ModelInputs } from './inputs.ts';

export interface MegatronMlpDims {
  readonly batch: number;
  /** Features of the data before the input projection. */
  readonly input: number;
  readonly hidden: number;
  readonly ffn: number;
}

export const MEGATRON_MLP_DIMS: MegatronMlpDims = { batch: 8, input: 16, hidden: 32, ffn: 128 };

/** x = layerNorm(x0·W_in); h = gelu(x·W1); y = h·W2; loss = mean((y − target)²). SGD lr 0.1. */
export function megatronMlp(dims: Partial<MegatronMlpDims> = {}): ModelSpec {
  const { batch, input, hidden, ffn } = { ...MEGATRON_MLP_DIMS, ...dims };
  const m = new ModelInputs(new ProgramBuilder());
  const b = m.b;
  const unit = { kind: 'normal', scale: 1 } as const;
  const x0 = m.data('x0', [batch, input], unit);
  const target = m.data('target', [batch, hidden], unit);
  const wIn = b.within('in_proj', () => m.param('w_in', [input, hidden], input));
  const [w1, w2] = b.within('mlp', () => [
    m.param('w1', [hidden, ffn], hidden),
    m.param('w2', [ffn, hidden], ffn),
  ]);
  const x = b.within('in_proj', () => b.layerNorm(b.einsum('bi,id->bd', x0, wIn, 'x_proj'), 'x'));
  const y = b.within('mlp', () => {
    const h = b.gelu(b.einsum('bd,df->bf', x, w1!, 'h_pre'), 'h');
    return b.einsum('bf,fd->bd', h, w2!, 'y');
  });
  const loss = b.within('loss', () => b.meanSquaredError(y, target, 'loss'));
  return trainingModel(m, loss, { kind: 'sgd', lr: 0.1 });
}
