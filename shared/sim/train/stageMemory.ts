// Memory of each pipeline device (all its data- and tensor-parallel peers hold the same amounts) and the
// cost of its optimizer step.
//   model states   its layers' shards (from the layer plan's specs: ZeRO follows from them), plus the
//                  word and position embeddings on the first stage and the tied output copy on the last;
//   activations    the layer's kept bytes per microbatch (Korthikanti Table 2 for the policy) × its layers
//                  per model stage (stageLayers.ts; an uneven split has one chunk per device) × the most
//                  chunk-microbatches it holds at once in the simulated schedule
//                  (1F1B, first stage: p, so L layers' worth; GPipe: m), plus the output layer's on the last
//                  stage (one microbatch at a time; m with GPipe);
//   temporaries    the largest op's working set, plus what recompute rematerialises for one layer;
//   optimizer step Megatron's mixed-precision step over the optimizer state the device holds
//                  (optimizerStep.ts: 42 bytes per element in bf16), memory-bound.
// With one stage the tied word embedding is the output layer's matrix, stored once.
// The embeddings are not in a planned program: their states use the same bytes per parameter and ZeRO's
// padded partition over dp, ⌈n/dp⌉ per matrix (stage ≥ 1 optimizer state, ≥ 2 gradients, 3 parameters),
// and their optimizer step costs what the layer's costs per parameter (its communication: ZeRO's gathers).
import { memoryBreakdown, stateBytesPerParam, type MemoryBreakdown } from '../cost/memory.ts';
import { memoryTimeS } from '../cost/pricePlan.ts';
import type { PipelineTimeline } from '../cost/pipelineSimulation.ts';
import { firstStageEmbeddingParams } from './embeddingCost.ts';
import { flatPartition } from './flatZero.ts';
import { optimizerStepBytesPerParam } from './optimizerStep.ts';
import { deviceLayers } from './stageLayers.ts';
import type { TrainBlocks } from './trainBlocks.ts';
import type { TrainRequest } from './trainRequest.ts';

/** One pipeline device's memory and optimizer step. */
export interface StageMemory {
  /** Mesh id of the stage's first device (data 0, expert 0, model 0). */
  readonly device: number;
  readonly bytes: MemoryBreakdown;
  readonly updateComputeS: number;
  readonly updateCommS: number;
}

/** One entry per pipeline device (stage index); `perStage` the layers of each model stage (stageLayers.ts). */
export function stageMemory(
  req: TrainRequest,
  blocks: TrainBlocks,
  timeline: PipelineTimeline,
  microbatches: number,
  perStage: readonly number[],
): StageMemory[] {
  const { tp, pp: p, dp, recompute, zeroStage, schedule } = req.parallel;
  const { layer, output, embedding } = blocks;
  const per = stateBytesPerParam(req.precision);
  const embParams = firstStageEmbeddingParams(embedding, p);
  // Each embedding matrix partitioned over dp as DeepSpeed pads a flat one: ⌈n/dp⌉ elements per rank.
  const embShard = (stage: number) =>
    zeroStage >= stage
      ? flatPartition(embedding.positionParams, dp) + (p > 1 ? flatPartition(embedding.wordParams, dp) : 0)
      : embParams;
  const emb = {
    params: embShard(3) * per.params,
    grads: embShard(2) * per.grads,
    optimizer: embShard(1) * per.optimizer,
  };
  const perParam = (s: number) => (layer.state.localParams > 0 ? s / layer.state.localParams : 0);
  const stepBytes = optimizerStepBytesPerParam(req.precision);
  const outputInFlight = schedule === 'gpipe' ? microbatches : 1;
  return Array.from({ length: p }, (_, d) => {
    const first = d === 0;
    const last = d === p - 1;
    const layers = deviceLayers(perStage, p, d);
    const perChunk = perStage[d]!; // every chunk of device d holds as many (uneven splits have one chunk)
    const state = (key: 'params' | 'grads' | 'optimizer') =>
      layers * layer.state[key] + (first ? emb[key] : 0) + (last ? output.state[key] : 0);
    const activations =
      layer.activationBytes[recompute] * perChunk * timeline.peakInFlight[d]! +
      (last ? output.activationBytes.none * outputInFlight : 0);
    const temporaries = Math.max(layer.temporaryBytes[recompute], last ? output.temporaryBytes.none : 0);
    return {
      device: d * tp * (req.parallel.ep ?? 1),
      bytes: memoryBreakdown({
        params: state('params'),
        grads: state('grads'),
        optimizer: state('optimizer'),
        activations,
        temporaries,
      }),
      updateComputeS: memoryTimeS((state('optimizer') / per.optimizer) * stepBytes, blocks.ctx),
      updateCommS:
        layers * layer.update.commS +
        (first ? embParams * perParam(layer.update.commS) : 0) +
        (last ? output.update.commS : 0),
    };
  });
}
