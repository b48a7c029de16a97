// A pre-LN transformer block (GPT-2's layout, Radford et al. 2019) with explicit head dims, so attention
// needs no reshape (docs/design.md §4.1):
//   q, k, v = LN(x)·W{q,k,v} ('bsd,dnh->bsnh');  p = softmax(q·kᵀ/√h + mask) over t ('bsnh,btnh->bnst');
//   x₁ = x + (p·v)·Wo ('bnst,btnh->bsnh', 'bsnh,nhd->bsd');  out = x₁ + gelu(LN(x₁)·W1)·W2.
import type { ValueId } from '../program/ir.ts';
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { trainingModel } from './trainingModel.ts';
import { causalMask, ModelInputs } from './inputs.ts';

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

export interface AttentionParams {
  readonly wq: ValueId;
  readonly wk: ValueId;
  readonly wv: ValueId;
  readonly wo: ValueId;
}

/** Wq, Wk, Wv [d, n, h] (fan-in d) and Wo [n, h, d] (fan-in n·h), named `<prefix>wq`, …. */
export function attentionParams(m: ModelInputs, prefix: string, dims: BlockDims): AttentionParams {
  const { hidden: d, heads: n, headDim: h } = dims;
  return {
    wq: m.param(`${prefix}wq`, [d, n, h], d),
    wk: m.param(`${prefix}wk`, [d, n, h], d),
    wv: m.param(`${prefix}wv`, [d, n, h], d),
    wo: m.param(`${prefix}wo`, [n, h, d], n * h),
  };
}

/**
 * Multi-head attention of queries from `xq` [b, s, d] over keys and values from `xkv` [b, t, d]
 * (self-attention when they are the same value; cross-attention otherwise, with the key sequence labelled
 * `keyLabel`, e.g. 'p' for image patches). `mask` [1, 1, s, t] is added to the scores. Returns [b, s, d].
 */
export function attention(
  b: ProgramBuilder,
  xq: ValueId,
  xkv: ValueId,
  p: AttentionParams,
  opts: { readonly prefix: string; readonly mask?: ValueId; readonly keyLabel?: string },
): ValueId {
  const { prefix, mask } = opts;
  const t = opts.keyLabel ?? 't';
  const headDim = b.shape(p.wq)[2]!;
  const q = b.einsum('bsd,dnh->bsnh', xq, p.wq, `${prefix}q`);
  const k = b.einsum(`b${t}d,dnh->b${t}nh`, xkv, p.wk, `${prefix}k`);
  const v = b.einsum(`b${t}d,dnh->b${t}nh`, xkv, p.wv, `${prefix}v`);
  const raw = b.einsum(`bsnh,b${t}nh->bns${t}`, q, k, `${prefix}scores_raw`);
  let scores = b.scale(raw, 1 / Math.sqrt(headDim), `${prefix}scores`);
  if (mask !== undefined) scores = b.add(scores, mask, `${prefix}scores_masked`);
  const probs = b.softmax(scores, 3, `${prefix}probs`);
  const attn = b.einsum(`bns${t},b${t}nh->bsnh`, probs, v, `${prefix}attn`);
  return b.einsum('bsnh,nhd->bsd', attn, p.wo, `${prefix}attn_out`);
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

/** Declares a block's parameters (`<prefix>wq`, … `<prefix>w2`) and applies it to `x` [b, s, d]. */
export function transformerBlock(
  m: ModelInputs,
  x: ValueId,
  mask: ValueId | undefined,
  prefix: string,
  dims: BlockDims,
): ValueId {
  const b = m.b;
  const attnP = attentionParams(m, prefix, dims);
  const mlpP = mlpParams(m, prefix, dims);
  const h = b.layerNorm(x, `${prefix}ln1`);
  const a = attention(b, h, h, attnP, { prefix, mask });
  const x1 = b.add(x, a, `${prefix}resid1`);
  return b.add(x1, mlp(b, b.layerNorm(x1, `${prefix}ln2`), mlpP, prefix), `${prefix}resid2`);
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
  const loss = m.b.meanSquaredError(out, target, 'loss');
  return trainingModel(m, loss, { kind: 'sgd', lr: 0.1 });
}
