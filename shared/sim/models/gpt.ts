// A GPT (Radford et al. 2019) at any scale: one-hot token embedding ('bsv,vd->bsd'), a learned positional
// embedding, pre-LN causal blocks (transformerBlock.ts), a final layer norm, a separate unembedding
// ('bsd,dv->bsv') and softmax cross-entropy against one-hot next-token labels.
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import { BLOCK_DIMS, transformerBlock, type BlockDims } from './transformerBlock.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { trainingModel } from './trainingModel.ts';
import { causalMask, ModelInputs } from './inputs.ts';

export interface GptDims extends BlockDims {
  readonly vocab: number;
  readonly layers: number;
}

/** Tasting scale (docs/design.md §4.2): hidden 32, 4 heads of 8, seq 8, batch 8, vocab 64, ffn 128, 2 layers. */
export const GPT_DIMS: GptDims = { ...BLOCK_DIMS, vocab: 64, layers: 2 };

/**
 * Inputs: `tokens` and `labels` one-hot [b, s, V] (data), `mask` [1, 1, s, s] causal (data), `embed` [V, d]
 * and `pos` [1, s, d] (N(0, 1): a one-hot row or an added vector has fan-in 1), blocks `blk<i>/…`,
 * `unembed` [d, V]. The positional table carries a leading 1 so that it broadcasts over the batch without a
 * reshape. Output 'loss'; SGD lr 0.1.
 */
export function gpt(dims: Partial<GptDims> = {}): ModelSpec {
  const full = { ...GPT_DIMS, ...dims };
  const { batch, seq, hidden, vocab, layers } = full;
  const m = new ModelInputs(new ProgramBuilder());
  const b = m.b;
  const tokens = m.data('tokens', [batch, seq, vocab], { kind: 'oneHot' });
  const labels = m.data('labels', [batch, seq, vocab], { kind: 'oneHot' });
  const mask = m.data('mask', [1, 1, seq, seq], causalMask);
  let x = b.within('embedding', () => {
    const embed = m.param('embed', [vocab, hidden], 1);
    const pos = m.param('pos', [1, seq, hidden], 1);
    return b.add(b.einsum('bsv,vd->bsd', tokens, embed, 'tok_emb'), pos, 'emb');
  });
  for (let i = 0; i < layers; i++) x = transformerBlock(m, x, mask, `blk${i}/`, full);
  const logits = b.within('head', () => {
    const unembed = m.param('unembed', [hidden, vocab], hidden);
    return b.einsum('bsd,dv->bsv', b.layerNorm(x, 'ln_f'), unembed, 'logits');
  });
  const loss = b.within('loss', () => b.crossEntropy(logits, labels, 'loss'));
  return trainingModel(m, loss, { kind: 'sgd', lr: 0.1 });
}
