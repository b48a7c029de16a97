// A pre-LN transformer block (GPT-2's layout, Radford et al. 2019) with explicit head dims, so attention
// needs no reshape (docs/design.md §4.1):
//   [q k v] = LN(x)·Wqkv ('bsd,dcnh->bscnh', one fused [d, 3, n, h] parameter as Megatron-LM's
//   `query_key_value`, Shoeybi et al. 2019 §3), q, k, v picked out of it along c by one-hot selectors
//   ('bscnh,c->bsnh'; Megatron splits the tensor, which moves no data either);
//   p = softmax(q·kᵀ/√h + mask) over t ('bsnh,btnh->bnst');
//   x₁ = x + (p·v)·Wo ('bnst,btnh->bsnh', 'bsnh,nhd->bsd');  out = x₁ + gelu(LN(x₁)·W1)·W2.
// Fused, the projection is one matmul: its backward sums the q, k and v cotangents before the one matmul
// that gives LN(x)'s gradient, so a heads-split block reduces that gradient once (Megatron's f operator),
// and data parallelism all-reduces one [d, 3, n, h] weight gradient, not three.
import type { ValueId } from '../program/ir.ts';
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { trainingModel } from './trainingModel.ts';
import { causalMask, ModelInputs, type InputInit } from './inputs.ts';

export interface BlockDims {
  readonly batch: number;
  readonly seq: number;
  readonly hidden: number;
  readonly heads: number;
  readonly headDim: number;
  readonly ffn: number;
}

/** The tasting scale (docs/design.md §4.2): hidden 32, 4 heads of 8, sequence 8, batch 8, ffn 4·hidden. */
export const BLOCK_DIMS: BlockDims = { batch: 8, seq: 8, hidden: 32, heads: 4, headDim: 8, ffn: 128 };

/** Self-attention: the fused Wqkv [d, 3, n, h] (fan-in d) and Wo [n, h, d] (fan-in n·h). */
export interface SelfAttentionParams {
  readonly wqkv: ValueId;
  readonly wo: ValueId;
}

/** Cross-attention, whose queries and keys come from different values: Wq, Wk, Wv [d, n, h] and Wo. */
export interface CrossAttentionParams {
  readonly wq: ValueId;
  readonly wk: ValueId;
  readonly wv: ValueId;
  readonly wo: ValueId;
}

/** `<prefix>wqkv` [d, 3, n, h] and `<prefix>wo` [n, h, d]. */
export function selfAttentionParams(m: ModelInputs, prefix: string, dims: BlockDims): SelfAttentionParams {
  const { hidden: d, heads: n, headDim: h } = dims;
  return { wqkv: m.param(`${prefix}wqkv`, [d, 3, n, h], d), wo: m.param(`${prefix}wo`, [n, h, d], n * h) };
}

/** `<prefix>wq`, `<prefix>wk`, `<prefix>wv` [d, n, h] (fan-in d) and `<prefix>wo` [n, h, d] (fan-in n·h). */
export function crossAttentionParams(m: ModelInputs, prefix: string, dims: BlockDims): CrossAttentionParams {
  const { hidden: d, heads: n, headDim: h } = dims;
  return {
    wq: m.param(`${prefix}wq`, [d, n, h], d),
    wk: m.param(`${prefix}wk`, [d, n, h], d),
    wv: m.param(`${prefix}wv`, [d, n, h], d),
    wo: m.param(`${prefix}wo`, [n, h, d], n * h),
  };
}

/** The one-hot [3] that picks entry `index` of the fused dimension c (a data input: it is not trained). */
const selector = (index: number): InputInit => ({
  kind: 'custom',
  make: (_rng, shape) => {
    const data = new Float32Array(shape[0] ?? 3);
    data[index] = 1;
    return { shape: [...shape], data };
  },
});

/** q, k, v [b, s, n, h] of `x` [b, s, d]: one fused matmul, then `<prefix>select_{q,k,v}` pick each. */
function fusedQkv(m: ModelInputs, x: ValueId, wqkv: ValueId, prefix: string): [ValueId, ValueId, ValueId] {
  const b = m.b;
  const qkv = b.einsum('bsd,dcnh->bscnh', x, wqkv, `${prefix}qkv`);
  const pick = (name: string, index: number) =>
    b.einsum(
      'bscnh,c->bsnh',
      qkv,
      m.data(`${prefix}select_${name}`, [3], selector(index)),
      `${prefix}${name}`,
    );
  return [pick('q', 0), pick('k', 1), pick('v', 2)];
}

/**
 * Multi-head attention of queries `q` [b, s, n, h] over keys and values [b, t, n, h] (the key sequence
 * labelled `keyLabel`, e.g. 'p' for image patches), projected back by `wo`. `mask` [1, 1, s, t] is added to
 * the scores. Returns [b, s, d].
 */
function attend(
  b: ProgramBuilder,
  [q, k, v]: readonly [ValueId, ValueId, ValueId],
  wo: ValueId,
  opts: { readonly prefix: string; readonly mask?: ValueId; readonly keyLabel?: string },
): ValueId {
  const { prefix, mask } = opts;
  const t = opts.keyLabel ?? 't';
  const headDim = b.shape(q)[3]!;
  const raw = b.einsum(`bsnh,b${t}nh->bns${t}`, q, k, `${prefix}scores_raw`);
  let scores = b.scale(raw, 1 / Math.sqrt(headDim), `${prefix}scores`);
  if (mask !== undefined) scores = b.add(scores, mask, `${prefix}scores_masked`);
  const probs = b.softmax(scores, 3, `${prefix}probs`);
  const attn = b.einsum(`bns${t},b${t}nh->bsnh`, probs, v, `${prefix}attn`);
  return b.einsum('bsnh,nhd->bsd', attn, wo, `${prefix}attn_out`);
}

/** Causal self-attention of `x` [b, s, d] through the fused projection. Returns [b, s, d]. */
export function selfAttention(
  m: ModelInputs,
  x: ValueId,
  p: SelfAttentionParams,
  opts: { readonly prefix: string; readonly mask?: ValueId },
): ValueId {
  return attend(m.b, fusedQkv(m, x, p.wqkv, opts.prefix), p.wo, opts);
}

/** Attention of queries from `xq` [b, s, d] over keys and values from `xkv` [b, t, d]. Returns [b, s, d]. */
export function crossAttention(
  b: ProgramBuilder,
  xq: ValueId,
  xkv: ValueId,
  p: CrossAttentionParams,
  opts: { readonly prefix: string; readonly keyLabel: string },
): ValueId {
  const t = opts.keyLabel;
  const q = b.einsum('bsd,dnh->bsnh', xq, p.wq, `${opts.prefix}q`);
  const k = b.einsum(`b${t}d,dnh->b${t}nh`, xkv, p.wk, `${opts.prefix}k`);
  const v = b.einsum(`b${t}d,dnh->b${t}nh`, xkv, p.wv, `${opts.prefix}v`);
  return attend(b, [q, k, v], p.wo, opts);
}

export interface MlpParams {
  readonly w1: ValueId;
  readonly w2: ValueId;
}

/** W1 [d, f] (fan-in d), W2 [f, d] (fan-in f). */
export function mlpParams(
  m: ModelInputs,
  prefix: string,
  dims: Pick<BlockDims, 'hidden' | 'ffn'>,
): MlpParams {
  return {
    w1: m.param(`${prefix}w1`, [dims.hidden, dims.ffn], dims.hidden),
    w2: m.param(`${prefix}w2`, [dims.ffn, dims.hidden], dims.ffn),
  };
}

/** gelu(x·W1)·W2 on [b, s, d]. */
export function mlp(b: ProgramBuilder, x: ValueId, p: MlpParams, prefix: string): ValueId {
  const h = b.gelu(b.einsum('bsd,df->bsf', x, p.w1, `${prefix}ffn_pre`), `${prefix}ffn`);
  return b.einsum('bsf,fd->bsd', h, p.w2, `${prefix}mlp_out`);
}

/** Declares a block's parameters (`<prefix>wqkv`, `<prefix>wo`, `<prefix>w1`, `<prefix>w2`) and applies it to `x` [b, s, d]. */
export function transformerBlock(
  m: ModelInputs,
  x: ValueId,
  mask: ValueId | undefined,
  prefix: string,
  dims: BlockDims,
): ValueId {
  const b = m.b;
  // Scopes (ir.ts `Value.scope`): the block ('blk0', or 'block' when unprefixed), then its two sub-layers.
  // The parameters are declared first, in the same order as ever (the inputs are drawn in program order).
  return b.within(prefix.replace(/\/$/, '') || 'block', () => {
    const attnP = b.within('attention', () => selfAttentionParams(m, prefix, dims));
    const mlpP = b.within('mlp', () => mlpParams(m, prefix, dims));
    const x1 = b.within('attention', () => {
      const a = selfAttention(m, b.layerNorm(x, `${prefix}ln1`), attnP, { prefix, mask });
      return b.add(x, a, `${prefix}resid1`);
    });
    return b.within('mlp', () =>
      b.add(x1, mlp(b, b.layerNorm(x1, `${prefix}ln2`), mlpP, prefix), `${prefix}resid2`),
    );
  });
}

/** One causal block on a normal batch x [b, s, d], loss = mean((block(x) − target)²). SGD lr 0.1. */
export function transformerBlockModel(dims: Partial<BlockDims> = {}): ModelSpec {
  const full = { ...BLOCK_DIMS, ...dims };
  const { batch, seq, hidden } = full;
  const m = new ModelInputs(new ProgramBuilder());
  const unit = { kind: 'normal', scale: 1 } as const;
  const x = m.data('x', [batch, seq, hidden], unit);
  const target = m.data('target', [batch, seq, hidden], unit);
  const mask = m.data('mask', [1, 1, seq, seq], causalMask);
  const out = transformerBlock(m, x, mask, '', full);
  const loss = m.b.within('loss', () => m.b.meanSquaredError(out, target, 'loss'));
  return trainingModel(m, loss, { kind: 'sgd', lr: 0.1 });
}
