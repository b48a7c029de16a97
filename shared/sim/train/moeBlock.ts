// The mixture-of-experts feed-forward block of a `sim train` layer, priced in closed form per microbatch on
// one device. At full scale tokens are moved by permutation (Megatron-Core's all-to-all token dispatcher,
// DeepSpeed-MoE), not by GShard's one-hot einsum, whose cost grows with the square of the tokens; so the block
// is not a planned program (the game's tasting-scale layer, models/moeLayer.ts, is).
//   T   tokens of one data-parallel rank's microbatch (b·s); T_l = T/t per device (sequence parallel)
//   C   = ⌈k·T_l·cf/E⌉, each expert's capacity for one device's tokens (GShard §2.2; Megatron-Core's
//       capacity is per rank as well); every expert is padded to C, so cf costs compute and bytes
//   E_l = E/ep experts per device; after the dispatch each holds R = t·ep·C rows (E_l·R ≈ k·T·cf)
//   forward   router GEMM [T_l, h]·[h, E]; permute the kept tokens into the [E, C, h] send buffer;
//             all-to-all over `expert` (each device sends (ep−1)/ep of E·C·h); with t > 1 all-gather the rows
//             over `model`; per local expert GEMMs [R, h]·[h, F/t] and [R, F/t]·[F/t, h] with GELU between;
//             reduce-scatter over `model`; the combine all-to-all; un-permute and weight by the gates
//   backward  the same passes (an all-to-all's transpose is an all-to-all), GEMMs twice (data and weight
//             gradients)
//   gradients the experts' (E_l·(2hF/t + F/t + h) elements) reduce over the expert-data group (the dp/ep
//             replicas of the same experts, the `data` axis); the router's (h·E) over every replica
//   imbalance routedTokens.ts: with a balanced router each expert's load is Binomial; a padded expert drops
//             what exceeds C (the expected share served is reported), so imbalance costs tokens, not time
import { expertCapacity } from '../models/moeLayer.ts';
import { combinedAxesLink, ringCollectiveTimeS } from '../cost/collectiveTime.ts';
import type { AxisLink, LinkSpec } from '../cost/hardware.ts';
import { stateBytesPerParam, type ModelStateBytes, type TrainingPrecision } from '../cost/memory.ts';
import { matmulTimeS, memoryTimeS, type PricingContext } from '../cost/pricePlan.ts';
import { servedShare } from '../cost/routedTokens.ts';
import type { QueuedReduction } from '../cost/gradientOverlap.ts';
import type { TaskCost } from './blockCost.ts';
import { DATA_AXIS, EXPERT_AXIS, MODEL_AXIS } from './trainAxes.ts';

/** The routing of a mixture-of-experts model. */
export interface MoeSpec {
  readonly experts: number;
  /** Experts each token is sent to. */
  readonly topK: number;
  readonly capacityFactor: number;
}

/** One pass of the block, as the report lists it. */
export interface MoePass {
  readonly name: 'dispatch' | 'combine' | 'gather rows' | 'scatter rows' | 'expert grads' | 'router grads';
  readonly kind: 'all-to-all' | 'all-gather' | 'reduce-scatter' | 'all-reduce';
  readonly axes: readonly string[];
  readonly phase: 'forward' | 'backward';
  readonly role: 'activation' | 'gradient';
  readonly link: 'intra' | 'inter';
  readonly bytesPerDevice: number;
  readonly timeS: number;
}

/** The block priced for one microbatch on one device. */
export interface MoeBlockCost {
  readonly forward: TaskCost;
  readonly backward: TaskCost;
  /** Ready times from the start of the block's backward task. */
  readonly gradients: readonly QueuedReduction[];
  readonly passes: readonly MoePass[];
  readonly state: ModelStateBytes;
  /** Optimizer-state elements on the device: the parameters its optimizer step updates. */
  readonly updatedParams: number;
  /** ZeRO 1–2: the updated experts all-gathered over the expert-data group after the step. */
  readonly updateCommS: number;
  /** Bytes kept per microbatch for the backward pass (no full recompute). */
  readonly activationBytes: number;
  /** Send and receive buffers plus the largest expert GEMM's operands. */
  readonly temporaryBytes: number;
  /** Useful matmul FLOPs (no capacity padding) per device per microbatch. */
  readonly matmulFlops: { readonly forward: number; readonly backward: number };
  readonly expertsPerDevice: number;
  /** C: each expert's places for one device's tokens. */
  readonly capacity: number;
  /** Expected share of routed choices an expert has a place for (routedTokens.ts). */
  readonly servedShare: number;
}

/** What the block needs of the layer it sits in. */
export interface MoeBlockInput {
  readonly moe: MoeSpec;
  readonly tokens: number;
  readonly hidden: number;
  readonly ffn: number;
  readonly tp: number;
  readonly ep: number;
  readonly dp: number;
  readonly zeroStage: 0 | 1 | 2 | 3;
  readonly precision: TrainingPrecision;
}

const linkOf = (links: readonly AxisLink[], axes: readonly string[]) => {
  const c = combinedAxesLink(links, axes);
  const inter = axes.some((a) => links.find((l) => l.axis === a && l.size > 1)?.link === 'inter');
  return { ...c, kind: inter ? ('inter' as const) : ('intra' as const) };
};

/**
 * Prices the block. `links` hold `data` as the expert-data group (dp/ep), `expert`, `model`, and `dense` is
 * the link of the whole data-parallel group (dp) the router's gradient reduces over.
 */
export function moeBlockCost(
  x: MoeBlockInput,
  ctx: PricingContext & { readonly links: readonly AxisLink[] },
  dense: { readonly groupSize: number; readonly link: LinkSpec; readonly kind: 'intra' | 'inter' },
): MoeBlockCost {
  const { experts: E, topK: k, capacityFactor: cf } = x.moe;
  const { hidden: h, ffn: F, tp: t, ep, precision } = x;
  const a = precision === 'fp32' ? 4 : 2;
  const localTokens = x.tokens / t;
  const C = expertCapacity({ seq: localTokens, experts: E, topK: k, capacityFactor: cf });
  const El = E / ep;
  const R = t * ep * C;
  const f = F / t;

  const passes: MoePass[] = [];
  const pass = (
    name: MoePass['name'],
    kind: MoePass['kind'],
    axes: readonly string[],
    groupBytes: number,
    phase: MoePass['phase'],
    role: MoePass['role'] = 'activation',
  ): number => {
    const l = linkOf(ctx.links, axes);
    if (l.groupSize <= 1) return 0;
    const timeS = ringCollectiveTimeS(kind, l.groupSize, groupBytes, l.link, l.split);
    const n = l.groupSize;
    const share =
      kind === 'all-to-all' ? (n - 1) / n / n : kind === 'all-reduce' ? (2 * (n - 1)) / n : (n - 1) / n;
    passes.push({ name, kind, axes, phase, role, link: l.kind, bytesPerDevice: share * groupBytes, timeS });
    return timeS;
  };
  const buffer = E * C * h * a; // one device's [E, C, h] send (or receive) buffer
  const rows = El * R * h * a; // the rows its experts read after the gather
  // At t > 1 the dispatched rows are gathered over `model` and scattered back (forward; the transposes backward).
  const comm = (phase: MoePass['phase']) =>
    pass('dispatch', 'all-to-all', [EXPERT_AXIS], ep * buffer, phase) +
    pass('gather rows', 'all-gather', [MODEL_AXIS], rows, phase) +
    pass('scatter rows', 'reduce-scatter', [MODEL_AXIS], rows, phase) +
    pass('combine', 'all-to-all', [EXPERT_AXIS], ep * buffer, phase);

  // Compute: the expert GEMMs (batched over the local experts), the router, GELU and the permutations.
  const gemm = (m: number, n: number, kk: number) =>
    matmulTimeS(2 * El * m * n * kk, El * (m * kk + kk * n + m * n) * a, ctx, { batch: El, m, n, k: kk });
  const expertS = gemm(R, f, h) + gemm(R, h, f);
  const routerS = matmulTimeS(
    2 * localTokens * h * E,
    (localTokens * h + h * E) * a + localTokens * E * 4,
    ctx,
    {
      batch: 1,
      m: localTokens,
      n: E,
      k: h,
    },
  );
  const geluElements = El * R * f;
  const permuteBytes = 2 * 2 * localTokens * k * h * a; // into the buffer and back, read + write
  const softmaxBytes = 3 * localTokens * E * 4;
  const forwardComputeS =
    routerS + expertS + memoryTimeS(2 * geluElements * a + permuteBytes + softmaxBytes, ctx);
  const backwardComputeS =
    2 * routerS + 2 * expertS + memoryTimeS(3 * geluElements * a + permuteBytes + softmaxBytes, ctx);

  // Parameters and their reduction.
  const expertParams = El * (2 * h * f + f + h);
  const routerParams = h * E;
  const edp = x.dp / ep;
  const per = stateBytesPerParam(precision);
  const z = x.zeroStage;
  const gradKind = z >= 2 ? 'reduce-scatter' : 'all-reduce';
  const expertGradS = pass(
    'expert grads',
    gradKind,
    [DATA_AXIS],
    expertParams * per.grads,
    'backward',
    'gradient',
  );
  const routerGradS =
    dense.groupSize > 1
      ? ringCollectiveTimeS(gradKind, dense.groupSize, routerParams * per.grads, dense.link)
      : 0;
  if (routerGradS > 0)
    passes.push({
      name: 'router grads',
      kind: gradKind,
      axes: [DATA_AXIS, EXPERT_AXIS],
      phase: 'backward',
      role: 'gradient',
      link: dense.kind,
      bytesPerDevice:
        ((gradKind === 'all-reduce' ? 2 : 1) * (dense.groupSize - 1) * routerParams * per.grads) /
        dense.groupSize,
      timeS: routerGradS,
    });
  const zero3 = z >= 3 && edp > 1 ? linkOf(ctx.links, [DATA_AXIS]) : undefined;
  const gatherS = zero3 ? ringCollectiveTimeS('all-gather', edp, expertParams * a, zero3.link) : 0;
  const forwardTensorS = comm('forward');
  const backwardTensorS = comm('backward');
  const backwardS = backwardComputeS + backwardTensorS + gatherS;
  const shard = (stage: number, n: number) => (z >= stage ? n : 1);
  const updatedParams = expertParams / shard(1, edp) + routerParams / shard(1, x.dp);
  const updateCommS =
    (z === 1 || z === 2) && edp > 1
      ? ringCollectiveTimeS('all-gather', edp, expertParams * a, linkOf(ctx.links, [DATA_AXIS]).link)
      : 0;

  const saved =
    localTokens * E * 4 + // router probabilities (fp32)
    localTokens * k * 4 + // the chosen experts (int32)
    El * R * (h + 2 * f) * a + // each expert GEMM's activation input, and GELU's input
    localTokens * k * h * a; // the experts' outputs, for the gates' gradient
  return {
    forward: { computeS: forwardComputeS, tensorS: forwardTensorS, dataS: gatherS },
    backward: { computeS: backwardComputeS, tensorS: backwardTensorS, dataS: gatherS },
    gradients: [
      { readyS: backwardS, durationS: expertGradS },
      { readyS: backwardS, durationS: routerGradS },
    ].filter((g) => g.durationS > 0),
    passes,
    state: {
      params: (expertParams * per.params) / shard(3, edp) + (routerParams * per.params) / shard(3, x.dp),
      grads: (expertParams * per.grads) / shard(2, edp) + (routerParams * per.grads) / shard(2, x.dp),
      optimizer: updatedParams * per.optimizer,
      localParams: expertParams + routerParams,
      globalParams: E * (2 * h * F + F + h) + routerParams,
    },
    updatedParams,
    updateCommS,
    activationBytes: saved,
    temporaryBytes: 2 * buffer + El * R * (h + f) * a,
    matmulFlops: {
      forward: 2 * localTokens * h * E + (4 * k * x.tokens * h * F) / t,
      backward: 2 * (2 * localTokens * h * E + (4 * k * x.tokens * h * F) / t),
    },
    expertsPerDevice: El,
    capacity: C,
    servedShare: servedShare({ seq: localTokens, experts: E, topK: k, capacityFactor: cf }),
  };
}
