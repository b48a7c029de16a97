// The input embedding of the first pipeline stage, priced in closed form (a lookup is a gather, not a
// matmul: eq. (3) counts no FLOPs for it). Megatron's vocabulary-parallel embedding: each tensor-parallel
// rank holds V/t rows, looks up the tokens it owns, and the partial results are all-reduced over `model`
// (reduce-scattered onto the sequence with sequence parallelism); learned positions [s, h] are added.
// HBM traffic per device, 16-bit values, b' = local batch, s' = local sequence:
//   forward   read rows b'sh + write b'sh + read/write for the position add 2b's'h + positions s'h
//   backward  read the gradient b's'h, read-modify-write rows 2b'sh, sum into the position gradient b's'h
// The backward all-reduce is the identity (Megatron's conjugate f/g pair).
import { collectiveTimeOnAxesS } from '../cost/collectiveTime.ts';
import type { AxisLink } from '../cost/hardware.ts';
import { memoryTimeS, type PricingContext } from '../cost/pricePlan.ts';
import type { TaskCost } from './blockCost.ts';
import { MODEL_AXIS } from './trainAxes.ts';

/** The input embedding's tasks per microbatch on one device, and its parameters. */
export interface EmbeddingCost {
  readonly forward: TaskCost;
  readonly backward: TaskCost;
  /** Word-embedding rows one device holds before ZeRO: V/t · h (tied with the output layer's). */
  readonly wordParams: number;
  /** Learned positions, s · h, replicated over `model`. */
  readonly positionParams: number;
}

/**
 * Embedding parameters the first stage holds besides its layers: the positions, and the word embedding
 * unless the same device also holds the output layer (one stage: the tied matrix is stored once).
 */
export const firstStageEmbeddingParams = (e: EmbeddingCost, pipelineStages: number): number =>
  e.positionParams + (pipelineStages > 1 ? e.wordParams : 0);

/** Per microbatch of `localBatch` sequences on one device. */
export function embeddingCost(
  localBatch: number,
  seq: number,
  hidden: number,
  vocab: number,
  tp: number,
  sequenceParallel: boolean,
  ctx: PricingContext & { readonly links: readonly AxisLink[] },
): EmbeddingCost {
  const bytes = 2;
  const bsh = localBatch * seq * hidden * bytes;
  const localSeq = sequenceParallel ? seq / tp : seq;
  const bsLocalH = localBatch * localSeq * hidden * bytes;
  const forwardBytes = 2 * bsh + 2 * bsLocalH + localSeq * hidden * bytes;
  const backwardBytes = bsLocalH + 2 * bsh + bsLocalH;
  const kind = sequenceParallel ? 'reduce-scatter' : 'all-reduce';
  const tensorS = tp > 1 ? collectiveTimeOnAxesS(kind, ctx.links, [MODEL_AXIS], bsh) : 0;
  return {
    forward: { computeS: memoryTimeS(forwardBytes, ctx), tensorS, dataS: 0 },
    backward: { computeS: memoryTimeS(backwardBytes, ctx), tensorS: 0, dataS: 0 },
    wordParams: (vocab / tp) * hidden,
    positionParams: seq * hidden,
  };
}
