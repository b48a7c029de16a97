// One Megatron-LM GPT transformer layer (Shoeybi et al. 2019; Narayanan et al. 2021) written for pricing
// at full scale: 16-bit activations and weights (32-bit for fp32 training), 1-byte dropout masks, biases
// and layer-norm gains, so that its parameters are eq. (2)'s 12h² + 13h per layer and its matmul FLOPs
// 24bsh² + 4bs²h forward. The builder records shapes only; nothing is materialised.
//   h1 = LN(x)·γ₁ + β₁;  [q k v] = h1·Wqkv + bqkv (one fused matmul)      ('bsd,dcnh->bscnh')
//   p = softmax(q·kᵀ/√d_head + mask);  c = (p ⊙ m_p)·v                   ('bsnh,btnh->bnst', 'bnst,btnh->bsnh')
//   x1 = x + (c·Wo + bo) ⊙ m₁;  h2 = LN(x1)·γ₂ + β₂
//   out = x1 + (gelu(h2·W1 + b1)·W2 + b2) ⊙ m₂
// m_p, m₁, m₂ are the dropout masks (int8 data inputs; the 1/(1−p) rescale is left out, it costs nothing).
// The train step around it: the layer input is a "harness" parameter (so that the backward pass computes
// the input gradient dx, which the layer below needs), and the loss is Σ out ⊙ g with g the output
// gradient handed down by the layer above (a data input): its VJP gives d(out) = g without an op.
// The activations carry Megatron's layouts as `with_sharding_constraint`s (batch over `data`; heads and the
// MLP's inner dimension over `model`; with sequence parallelism the residual stream's sequence over `model`,
// Korthikanti et al. 2022 §4.2.2); as in JAX, each cotangent gets its primal's constraint.
import { buildTrainStep } from '../program/autodiff.ts';
import type { Program, ValueId } from '../program/ir.ts';
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import type { PartitionSpec } from '../partitionSpec.ts';
import { DATA_AXIS, HARNESS_PREFIX, MODEL_AXIS } from './trainAxes.ts';

/** The layer's sizes at full scale. */
export interface LayerDims {
  /** Sequences in one microbatch summed over the data-parallel replicas (b·d). */
  readonly batch: number;
  readonly seq: number;
  readonly hidden: number;
  readonly heads: number;
  readonly ffn: number;
}

/** What each remat policy keeps for the backward pass, and what selective recompute runs again. */
export interface MegatronLayer {
  /** The training step: forward, backward (input gradient included), Adam update. */
  readonly program: Program;
  readonly dims: LayerDims;
  /**
   * Values kept for the backward pass without recompute, as Korthikanti et al. 2022 §4.1 count them (the
   * 34 sbh + 5as²b of Table 2): each layer norm's input, each matmul's activation inputs (h1, q, k, p ⊙ m_p,
   * v, c, h2, gelu output), the softmax output, the gelu input and the three dropout masks.
   */
  readonly savedNone: readonly ValueId[];
  /** Selective recompute keeps everything but the attention core's p, m_p and p ⊙ m_p. */
  readonly savedSelective: readonly ValueId[];
  /** Full recompute keeps the layer input only. */
  readonly savedFull: readonly ValueId[];
  /**
   * Forward values selective recompute computes again in the backward pass: Megatron's checkpointed
   * `CoreAttention`, QKᵀ through attention over V (whose output c stays saved as Wo's input).
   */
  readonly attentionCore: readonly ValueId[];
  /** Values named `harness/…` (the loss and the input's pretend update). */
  readonly harness: ReadonlySet<ValueId>;
  /** Einsums against the one-hot q/k/v selectors (forward and backward): priced, not model FLOPs. */
  readonly auxiliary: ReadonlySet<ValueId>;
}

/**
 * The optimizer every Megatron-shaped block trains with: Adam (β₁ 0.9, β₂ 0.95 as Megatron's GPT-3 runs); the
 * numbers do not change the price.
 */
export const MEGATRON_OPTIMIZER = {
  kind: 'adam',
  lr: 1e-4,
  beta1: 0.9,
  beta2: 0.95,
  eps: 1e-8,
  step: 1,
} as const;

/** LN(x)·γ + β with γ, β parameters of shape [1, 1, h]. */
function layerNormAffine(b: ProgramBuilder, x: ValueId, name: string): ValueId {
  const h = b.shape(x)[2]!;
  const dtype = b.value(x).dtype;
  const gamma = b.input(`${name}_gamma`, [1, 1, h], 'param', dtype);
  const beta = b.input(`${name}_beta`, [1, 1, h], 'param', dtype);
  return b.add(b.mul(b.layerNorm(x, `${name}_norm`), gamma, `${name}_scaled`), beta, name);
}

/** Builds the layer's training step at the given (full) size. */
export function megatronLayer(
  dims: LayerDims,
  sequenceParallel: boolean,
  dtype: 'bf16' | 'f32' = 'bf16',
  /** Without its MLP (a mixture-of-experts layer, whose experts moeBlock.ts prices): out = x1 + LN(x1). */
  mlp = true,
): MegatronLayer {
  const { batch, seq, hidden, heads, ffn } = dims;
  if (hidden % heads !== 0) throw new Error(`hidden ${hidden} is not a multiple of heads ${heads}`);
  const hd = hidden / heads;
  const b = new ProgramBuilder();
  const [D, M] = [DATA_AXIS, MODEL_AXIS];
  const streamSpec: PartitionSpec = [D, sequenceParallel ? M : null, null];
  const stream = (x: ValueId, name: string) => b.constraint(x, streamSpec, name);
  const bsh = [batch, seq, hidden];
  const x = b.input(`${HARNESS_PREFIX}x`, bsh, 'param', dtype);
  const mask = b.input('causal_mask', [1, 1, seq, seq], 'data', 'int8');
  const dropAttn = b.input('dropout_attn', [batch, heads, seq, seq], 'data', 'int8');
  const drop1 = b.input('dropout_1', bsh, 'data', 'int8');
  const drop2 = b.input('dropout_2', bsh, 'data', 'int8');
  const param = (name: string, shape: number[]) => b.input(name, shape, 'param', dtype);

  const heads4: PartitionSpec = [D, null, M, null];
  const scoresSpec: PartitionSpec = [D, M, null, null];
  const ffnSpec: PartitionSpec = [D, null, M];
  /** einsum whose result is constrained to `spec` at once (Megatron's layout, and its cotangent's). */
  const matmul = (eq: string, l: ValueId, r: ValueId, spec: PartitionSpec, name: string) =>
    b.constraint(b.einsum(eq, l, r, `${name}_raw`), spec, name);
  const biased = (y: ValueId, bias: ValueId, spec: PartitionSpec, name: string) =>
    b.constraint(b.add(y, bias, `${name}_sum`), spec, name);

  // Scopes (ir.ts `Value.scope`, as jax.named_scope): the two halves of the layer, so the static view groups
  // its passes as the tasting-scale block's (shared/sim/models/transformerBlock.ts).
  const { h1, q, k, v, ctx, probs, dropped, x1, coreStart, coreEnd } = b.within('attention', () => {
    const h1 = stream(layerNormAffine(b, x, 'ln1_affine'), 'ln1');
    // One fused QKV matmul as Megatron's (so the backward sums the three input gradients before one
    // all-reduce); q, k, v are picked out of it by one-hot selector einsums (6bsh FLOPs, memory-bound).
    const qkvSpec: PartitionSpec = [D, null, null, M, null];
    const wqkv = param('wqkv', [hidden, 3, heads, hd]);
    const qkvPre = matmul('bsd,dcnh->bscnh', h1, wqkv, qkvSpec, 'qkv_pre');
    const qkv = biased(qkvPre, param('bqkv', [1, 1, 3, heads, hd]), qkvSpec, 'qkv');
    const pick = (name: string) =>
      matmul('bscnh,c->bsnh', qkv, b.input(`select_${name}`, [3], 'data', dtype), heads4, name);
    const [q, k, v] = [pick('q'), pick('k'), pick('v')];
    const coreStart = b.build().values.length;
    const raw = matmul('bsnh,btnh->bnst', q, k, scoresSpec, 'scores_raw');
    const scores = b.add(b.scale(raw, 1 / Math.sqrt(hd), 'scores'), mask, 'scores_masked');
    const probs = b.constraint(b.softmax(scores, 3, 'softmax'), scoresSpec, 'probs');
    const dropped = b.constraint(b.mul(probs, dropAttn, 'probs_mul'), scoresSpec, 'probs_dropped');
    const ctx = matmul('bnst,btnh->bsnh', dropped, v, heads4, 'context');
    const coreEnd = b.build().values.length;
    const attnPre = matmul('bsnh,nhd->bsd', ctx, param('wo', [heads, hd, hidden]), streamSpec, 'attn_pre');
    const ao = biased(attnPre, param('bo', [1, 1, hidden]), streamSpec, 'attn_out');
    const x1 = stream(b.add(x, b.mul(ao, drop1, 'attn_dropped'), 'resid1_sum'), 'resid1');
    return { h1, q, k, v, ctx, probs, dropped, x1, coreStart, coreEnd };
  });
  if (!mlp) {
    // The experts' input and the residual add their output joins; the block between is priced apart.
    const h2 = stream(layerNormAffine(b, x1, 'ln2_affine'), 'ln2');
    const out = stream(b.add(x1, h2, 'out_sum'), 'out');
    const savedSelective = [x, h1, q, k, v, ctx, drop1, x1, h2];
    return finish(b, out, bsh, dtype, dims, {
      savedNone: [...savedSelective, probs, dropAttn, dropped],
      savedSelective,
      savedFull: [x],
      attentionCore: Array.from({ length: coreEnd - coreStart }, (_, i) => coreStart + i),
    });
  }
  const { h2, f, g, out } = b.within('mlp', () => {
    const h2 = stream(layerNormAffine(b, x1, 'ln2_affine'), 'ln2');
    const ffnPre = matmul('bsd,df->bsf', h2, param('w1', [hidden, ffn]), ffnSpec, 'ffn_pre');
    const f = biased(ffnPre, param('b1', [1, 1, ffn]), ffnSpec, 'ffn_in');
    const g = b.constraint(b.gelu(f, 'gelu'), ffnSpec, 'ffn_act');
    const mlpPre = matmul('bsf,fd->bsd', g, param('w2', [ffn, hidden]), streamSpec, 'mlp_pre');
    const o = biased(mlpPre, param('b2', [1, 1, hidden]), streamSpec, 'mlp_out');
    const out = stream(b.add(x1, b.mul(o, drop2, 'mlp_dropped'), 'out_sum'), 'out');
    return { h2, f, g, out };
  });
  const savedSelective = [x, h1, q, k, v, ctx, drop1, x1, h2, f, g, drop2];
  return finish(b, out, bsh, dtype, dims, {
    savedNone: [...savedSelective, probs, dropAttn, dropped],
    savedSelective,
    savedFull: [x],
    attentionCore: Array.from({ length: coreEnd - coreStart }, (_, i) => coreStart + i),
  });
}

/** The train step around the layer's output `out`: the harness loss Σ out ⊙ g, autodiff and Adam. */
function finish(
  b: ProgramBuilder,
  out: ValueId,
  bsh: number[],
  dtype: 'bf16' | 'f32',
  dims: LayerDims,
  kept: Pick<MegatronLayer, 'savedNone' | 'savedSelective' | 'savedFull' | 'attentionCore'>,
): MegatronLayer {
  const gradOut = b.input(`${HARNESS_PREFIX}g`, bsh, 'data', dtype);
  const prod = b.mul(out, gradOut, `${HARNESS_PREFIX}out_g`);
  const loss = b.sum(prod, [0, 1, 2], false, `${HARNESS_PREFIX}loss`);

  const program = buildTrainStep(
    b.build(),
    loss,
    MEGATRON_OPTIMIZER,
    dtype === 'f32' ? false : 'cast-labelled',
  );
  const harness = new Set(
    program.values
      .filter(
        (val) =>
          val.name.startsWith(HARNESS_PREFIX) ||
          (val.phase === 'update' && val.name.includes(HARNESS_PREFIX)),
      )
      .map((val) => val.id),
  );
  const selectors = new Set(
    program.values.filter((val) => val.name.startsWith('select_')).map((val) => val.id),
  );
  const auxiliary = new Set(
    program.values
      .filter((val) => val.node.kind === 'einsum' && val.node.operands.some((o) => selectors.has(o)))
      .map((val) => val.id),
  );
  return { program, dims, ...kept, harness, auxiliary };
}

/**
 * The backward collectives Megatron-LM runs while a GEMM of the same column-parallel linear computes
 * (`LinearWithGradAccumulationAndAsyncCommunication.backward`, megatron/mpu/layers.py of 2022), for a
 * linear whose input value is `input` and weight `weight` (the layer's ln1/wqkv and ln2/w1, the output
 * layer's final_hidden/unembed):
 *   without sequence parallelism, with `--async-tensor-model-parallel-allreduce`: the all-reduce of the
 *     input gradient d`input` runs during the weight-gradient GEMM grad/`weight`;
 *   with sequence parallelism (always): the re-gather of `input` runs during the input-gradient GEMM
 *     d`input`, and the reduce-scatter of d`input` during the weight-gradient GEMM.
 * Collectives and GEMMs are named by their values in the planned program.
 */
export function asyncBackward(
  linears: readonly { readonly input: string; readonly weight: string }[],
  sequenceParallel: boolean,
  asyncAllReduce: boolean,
): { readonly collective: string; readonly op: string }[] {
  return linears.flatMap(({ input, weight }) =>
    sequenceParallel
      ? [
          { collective: input, op: `d${input}` },
          { collective: `d${input}`, op: `grad/${weight}` },
        ]
      : asyncAllReduce
        ? [{ collective: `d${input}`, op: `grad/${weight}` }]
        : [],
  );
}
