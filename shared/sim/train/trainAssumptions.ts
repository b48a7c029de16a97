// What a `sim train` answer rests on besides its figures: the request as priced, every default filled in
// (a request without `tp` is priced at tp = 1, and says so), and the modelling choices that move the answer
// and that no field of the request states (sim audit, stop 47). Pure.
import { stateBytesPerParam } from '../cost/memory.ts';
import { reducesEveryMicrobatch } from './gradientReductions.ts';
import type { TrainSimulation } from './simulateTrain.ts';
import type { GptModel, ParallelPlan } from './trainRequest.ts';

/** The request as it was priced. */
export interface ResolvedTrainRequest {
  readonly model: GptModel;
  readonly parallel: ParallelPlan;
  readonly precision: TrainSimulation['request']['precision'];
  readonly hardware: {
    readonly preset: string;
    readonly name: string;
    readonly devicesPerNode: number;
    readonly memoryBytes: number;
    /** The peak MFU and the share of peak are taken against, TFLOP/s. */
    readonly peakTflops: number;
  };
}

/** The resolved request and the assumptions behind `sim`'s answer, in words. */
export function trainAssumptions(sim: TrainSimulation): {
  readonly resolved: ResolvedTrainRequest;
  readonly assumptions: readonly string[];
} {
  const req = sim.request;
  const hw = sim.blocks.ctx.hardware;
  const computePrecision = sim.blocks.ctx.precision ?? 'bf16';
  const peakTflops = hw.peakFlops[computePrecision] / 1e12;
  const s = stateBytesPerParam(req.precision);
  const optimizer =
    req.precision === 'fp32'
      ? `Adam in fp32: ${s.params} + ${s.grads} + ${s.optimizer} bytes of model state per parameter (weights, gradients, two moments)`
      : `mixed-precision Adam: ${s.params} + ${s.grads} + ${s.optimizer} bytes of model state per parameter (16-bit weights and gradients; fp32 master copy and two moments, ZeRO's K = 12)`;
  return {
    resolved: {
      model: req.model,
      parallel: req.parallel,
      precision: req.precision,
      hardware: {
        preset: hw.id,
        name: hw.name,
        devicesPerNode: hw.devicesPerNode,
        memoryBytes: hw.memoryBytes,
        peakTflops,
      },
    },
    assumptions: [
      `${optimizer}, split over data-parallel ranks by ZeRO stage ${req.parallel.zeroStage}`,
      'attention as Megatron computed it before flash attention: without recompute each layer keeps its s×s softmax output, dropout mask and dropout output for the backward (Korthikanti et al. 2022: the 5as²b of 34sbh + 5as²b bytes per layer); selective recompute drops them',
      `MFU and TFLOP/s shares against ${hw.name}'s ${computePrecision} peak, ${peakTflops} TFLOP/s per device`,
      ...(req.parallel.sequenceParallel && req.parallel.tp === 1
        ? ['sequence parallelism at tp = 1 splits nothing: priced as off, as Megatron turns it off']
        : []),
      ...(req.parallel.dp > 1 && reducesEveryMicrobatch(req.parallel.zeroStage, sim.microbatches)
        ? [
            `ZeRO-${req.parallel.zeroStage} over ${sim.microbatches} microbatches: each rank keeps only its partition of the gradients, so every microbatch's are reduce-scattered as its backward makes them (DeepSpeed stage 2 and 3, FSDP outside no_sync), ${sim.microbatches} times a step where ZeRO-1 reduces once`,
          ]
        : []),
      ...(req.parallel.zeroStage >= 2 && req.parallel.pp > 1
        ? [
            `ZeRO-${req.parallel.zeroStage} with pipeline stages: DeepSpeed's pipeline engine refuses it (ZeRO-1 only); priced as sharded data parallelism beside the stages, as torchtitan runs FSDP with pipelines`,
          ]
        : []),
    ],
  };
}
