// An image-to-text model for inference (Flamingo/PaLI-style, much reduced): a vision encoder embeds image
// patches ('bpc,cd->bpd') and refines them with one residual MLP; a text decoder layer runs causal
// self-attention over the text, cross-attention from text to image tokens ('bsnh,bpnh->bnsp') and an MLP,
// then projects to logits over the vocabulary.
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import {
  BLOCK_DIMS,
  crossAttention,
  crossAttentionParams,
  mlp,
  mlpParams,
  selfAttention,
  selfAttentionParams,
  type BlockDims,
} from './transformerBlock.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { causalMask, ModelInputs } from './inputs.ts';

export interface VisionDecoderDims extends BlockDims {
  /** Image patches per example. */
  readonly patches: number;
  /** Values per patch (e.g. 4×4 pixels × 3 colours). */
  readonly channels: number;
  readonly vocab: number;
}

/** Tasting scale: the block dims of docs/design.md §4.2, 16 patches of 48 values, vocab 64. */
export const VISION_DECODER_DIMS: VisionDecoderDims = { ...BLOCK_DIMS, patches: 16, channels: 48, vocab: 64 };

/**
 * Inputs: `patches` [b, p, c] (normal), `tokens` one-hot [b, s, V], `mask` causal [1, 1, s, s];
 * parameters `w_patch` [c, d], `vis/w1`, `vis/w2`, `embed` [V, d], `pos` [1, s, d], `self/…`, `cross/…`,
 * `dec/w1`, `dec/w2`, `unembed` [d, V]. Output 'logits' [b, s, V].
 */
export function visionDecoder(dims: Partial<VisionDecoderDims> = {}): ModelSpec {
  const full = { ...VISION_DECODER_DIMS, ...dims };
  const { batch, seq, hidden, patches, channels, vocab } = full;
  const m = new ModelInputs(new ProgramBuilder());
  const b = m.b;
  const pix = m.data('patches', [batch, patches, channels], { kind: 'normal', scale: 1 });
  const tokens = m.data('tokens', [batch, seq, vocab], { kind: 'oneHot' });
  const mask = m.data('mask', [1, 1, seq, seq], causalMask);

  // Vision encoder: patch embedding, then x + MLP(LN(x)) written over the patch axis 'p'.
  const img = b.within('vision', () => {
    const wPatch = m.param('w_patch', [channels, hidden], channels);
    const vis = mlpParams(m, 'vis/', full);
    const img0 = b.einsum('bpc,cd->bpd', pix, wPatch, 'img_emb');
    const visH = b.gelu(
      b.einsum('bpd,df->bpf', b.layerNorm(img0, 'vis/ln'), vis.w1, 'vis/ffn_pre'),
      'vis/ffn',
    );
    return b.add(img0, b.einsum('bpf,fd->bpd', visH, vis.w2, 'vis/mlp_out'), 'img');
  });

  // Text decoder layer; each part's parameters declared in its scope, all before its ops as ever
  // (the inputs are drawn in program order).
  const [embed, pos] = b.within('embedding', () => [
    m.param('embed', [vocab, hidden], 1),
    m.param('pos', [1, seq, hidden], 1),
  ]);
  const selfP = b.within('self', () => selfAttentionParams(m, 'self/', full));
  const crossP = b.within('cross', () => crossAttentionParams(m, 'cross/', full));
  const dec = b.within('mlp', () => mlpParams(m, 'dec/', full));
  const unembed = b.within('head', () => m.param('unembed', [hidden, vocab], hidden));
  const x0 = b.within('embedding', () =>
    b.add(b.einsum('bsv,vd->bsd', tokens, embed!, 'tok_emb'), pos!, 'emb'),
  );
  const x1 = b.within('self', () => {
    const h0 = b.layerNorm(x0, 'self/ln');
    return b.add(x0, selfAttention(m, h0, selfP, { prefix: 'self/', mask }), 'resid1');
  });
  const x2 = b.within('cross', () => {
    const imgN = b.layerNorm(img, 'cross/ln_img');
    const q = b.layerNorm(x1, 'cross/ln');
    return b.add(x1, crossAttention(b, q, imgN, crossP, { prefix: 'cross/', keyLabel: 'p' }), 'resid2');
  });
  const x3 = b.within('mlp', () => b.add(x2, mlp(b, b.layerNorm(x2, 'dec/ln'), dec, 'dec/'), 'resid3'));
  const logits = b.within('head', () => b.einsum('bsd,dv->bsv', b.layerNorm(x3, 'ln_f'), unembed, 'logits'));
  b.output('logits', logits);
  const program = b.build();
  return { program, kind: 'inference', initialInputs: (seed) => m.initialInputs(program, seed) };
}
