// One training step of a Megatron GPT at full scale (docs/design.md §4.4 `sim train`): the priced blocks
// (trainBlocks.ts) stacked into pipeline stages, the schedule simulated event by event, the data-parallel
// gradient reduction overlapped with each device's last backward pass, or with every microbatch's under
// ZeRO-2/3 (gradientReductions.ts, gradientOverlap.ts; after each when `parallel.overlapGradReduce` is
// false), then the tied embeddings' gradient all-reduce between the first and last stage and the optimizer
// step.
//   model stage k of K = p·v holds L/K layers (or `parallel.layersPerStage`, stageLayers.ts), stage 0 also
//   the embedding, stage K−1 the output layer;
//   forward / backward / recompute per microbatch = layers × the layer's task (+ those extras);
//   without gradient-accumulation fusion (`parallel.gradAccumulationFusion` false) each backward task also
//   adds its weight gradients into the gradient buffer, a memory-bound pass reading the buffer and the new
//   gradient and writing the buffer (3 × 2 bytes per parameter in 16 bits; PyTorch's AccumulateGrad),
//   which the first microbatch skips: (m − 1)/m of it per task, spread evenly;
//   the send between stages moves b·s·h activations (Megatron's scatter/gather across nodes: b·s·h/t per
//   GPU on the inter-node link, then an all-gather over `model`; with sequence parallelism only b·s·h/t).
import { ringCollectiveTimeS, collectiveTimeOnAxesS, combinedAxesLink } from '../cost/collectiveTime.ts';
import { simulatePipeline, type PipelineTimeline, type TimelineEvent } from '../cost/pipelineSimulation.ts';
import { withCollectives } from '../cost/withCollectives.ts';
import type { Calibration } from '../cost/calibration.ts';
import { stateBytesPerParam } from '../cost/memory.ts';
import { memoryTimeS } from '../cost/pricePlan.ts';
import { ok, type Result } from '../result.ts';
import { addTasks, NO_TASK, taskS, type TaskCost } from './blockCost.ts';
import { firstStageEmbeddingParams } from './embeddingCost.ts';
import {
  deviceReductions,
  linkEndS,
  reducesEveryMicrobatch,
  reductionTotalS,
  stageLinkProfile,
} from './gradientReductions.ts';
import { DATA_AXIS, MODEL_AXIS, STAGE_AXIS } from './trainAxes.ts';
import { trainBlocks, type TrainBlocks } from './trainBlocks.ts';
import { stageMemory, type StageMemory } from './stageMemory.ts';
import { stageLayers } from './stageLayers.ts';
import type { TrainRequest } from './trainRequest.ts';
import { zero3HookTasks, type LayerTasks } from './zero3HookTasks.ts';
import { stepTail, tailS, tiedEmbeddingS, type StepTail } from './stepTail.ts';

/** Where one device's step time goes; the parts sum to the step time. */
export interface TrainTimeBreakdown {
  readonly compute: number;
  readonly tensorComm: number;
  readonly pipelineComm: number;
  readonly dataComm: number;
  readonly bubble: number;
}

/** A simulated training step with everything the report and the exports need. */
export interface TrainSimulation {
  readonly request: TrainRequest;
  readonly blocks: TrainBlocks;
  readonly timeline: PipelineTimeline;
  /**
   * `timeline` plus each device's data-parallel gradient reductions as 'collective' events: they run on the
   * data link one at a time from when their gradients are final (gradientReductions.ts), overlap the
   * compute, and end `exposedGradientS[d]` after `endS[d]`.
   */
  readonly timelineWithCollectives: PipelineTimeline;
  /** Microbatches per pipeline per step. */
  readonly microbatches: number;
  readonly stepS: number;
  /** The pipeline device (stage index) whose step ends last. */
  readonly criticalStage: number;
  readonly breakdownS: TrainTimeBreakdown;
  /** Per pipeline device: the exposed data-parallel reduction, seconds. */
  readonly exposedGradientS: readonly number[];
  /** Per pipeline device: the whole data-parallel gradient reduction (hidden and exposed), seconds. */
  readonly gradientReductionS: readonly number[];
  /** Per pipeline device: what runs after its pipeline work until its step ends (stepTail.ts). */
  readonly tails: readonly StepTail[];
  readonly stageTasks: readonly { forward: TaskCost; backward: TaskCost; recompute: TaskCost }[];
  /** The layers of each model stage k of K = p·v (stageLayers.ts); pipeline device k mod p runs stage k. */
  readonly stageLayers: readonly number[];
  readonly memory: readonly StageMemory[];
  /** FLOPs per iteration over all devices: model (no recompute) and hardware (as executed). */
  readonly flops: { readonly model: number; readonly hardware: number };
  readonly parameters: number;
}

/** Seconds to hand one microbatch's activations (or their gradient) to the next stage. */
function sendS(req: TrainRequest, blocks: TrainBlocks): number {
  const { tp, pp, microBatch, sequenceParallel } = req.parallel;
  if (pp === 1) return 0;
  const bytes = microBatch * req.model.seq * req.model.hidden * (req.precision === 'fp32' ? 4 : 2);
  const stage = combinedAxesLink(blocks.ctx.links, [STAGE_AXIS]).link;
  const inter = blocks.ctx.links.find((l) => l.axis === STAGE_AXIS)?.link === 'inter';
  if (sequenceParallel) return ringCollectiveTimeS('point-to-point', 2, bytes / tp, stage);
  if (tp > 1 && inter)
    return (
      ringCollectiveTimeS('point-to-point', 2, bytes / tp, stage) +
      collectiveTimeOnAxesS('all-gather', blocks.ctx.links, [MODEL_AXIS], bytes)
    );
  return ringCollectiveTimeS('point-to-point', 2, bytes, stage);
}

/** Simulates one step of `req`. */
export function simulateTrain(req: TrainRequest, calibration?: Calibration): Result<TrainSimulation> {
  const { model, parallel: par } = req;
  const built = trainBlocks(model, req.hardware, par, req.precision, calibration);
  if (!built.ok) return built;
  const blocks = built.value;
  const { layer, output, embedding } = blocks;
  const p = par.pp;
  const v = par.virtualStages;
  const K = p * v;
  const perStage = stageLayers(model.layers, p, v, par.layersPerStage);
  const m = par.globalBatch / (par.microBatch * par.dp);
  const policy = par.recompute;
  // Under DeepSpeed's ZeRO-3 hooks the layers' gathers and gradient reductions are the replay's waits
  // (zero3HookTasks.ts), so the layers queue no reductions of their own below.
  const hooks = par.zero3Hooks === true;
  const lt: LayerTasks = hooks
    ? zero3HookTasks(req, blocks)
    : { forward: layer.forward, backward: layer.backward, recompute: layer.recompute[policy] };

  const gradBytes = stateBytesPerParam(req.precision).grads;
  const accumulateS = (params: number): TaskCost =>
    par.gradAccumulationFusion === false && m > 1
      ? { ...NO_TASK, computeS: (memoryTimeS(3 * gradBytes * params, blocks.ctx) * (m - 1)) / m }
      : NO_TASK;
  const stageTasks = Array.from({ length: K }, (_, k) => {
    const layers = perStage[k]!;
    let forward = addTasks(NO_TASK, lt.forward, layers);
    let backward = addTasks(NO_TASK, lt.backward, layers);
    let params = layers * layer.state.localParams;
    if (k === 0) {
      forward = addTasks(forward, embedding.forward);
      backward = addTasks(backward, embedding.backward);
      params += firstStageEmbeddingParams(embedding, p);
    }
    if (k === K - 1) {
      forward = addTasks(forward, output.forward);
      backward = addTasks(backward, output.backward);
      if (K > 1) params += output.state.localParams;
    }
    backward = addTasks(backward, accumulateS(params));
    return { forward, backward, recompute: addTasks(NO_TASK, lt.recompute, layers) };
  });
  const send = sendS(req, blocks);
  const simulated = simulatePipeline({
    schedule: par.schedule,
    stages: p,
    microbatches: m,
    chunks: v,
    forwardS: stageTasks.map((t) => taskS(t.forward)),
    backwardS: stageTasks.map((t) => taskS(t.backward)),
    ...(policy === 'none' ? {} : { recomputeS: stageTasks.map((t) => taskS(t.recompute)) }),
    sendS: send,
  });
  if (!simulated.ok) return simulated;
  const timeline = simulated.value;

  // The data-parallel reductions (gradientReductions.ts): behind each device's last backward tasks, or behind
  // every microbatch's under ZeRO-2/3. ZeRO ≥ 1 reduces each rank's partition only (flatZero.ts): a
  // reduce-scatter, as for the layers. ZeRO-3's parameter gathers (a task's `dataS`, fetched before its
  // compute) hold the same data link: the reductions run around them (gradientOverlap.ts `busy`).
  const embedReduceS =
    par.dp > 1
      ? collectiveTimeOnAxesS(
          par.zeroStage >= 1 ? 'reduce-scatter' : 'all-reduce',
          blocks.ctx.links,
          [DATA_AXIS],
          firstStageEmbeddingParams(embedding, p) * (req.precision === 'fp32' ? 4 : 2),
        )
      : 0;
  const profiles = perStage.map((layers, k) =>
    stageLinkProfile({
      layers,
      layer: { ...lt, gradients: hooks ? [] : layer.gradients },
      ...(k === 0 ? { embedding: { ...embedding, reduceS: embedReduceS } } : {}),
      ...(k === K - 1 ? { output } : {}),
    }),
  );
  const everyMicrobatch = reducesEveryMicrobatch(par.zeroStage, m);
  const reductions = Array.from({ length: p }, (_, d) =>
    deviceReductions(timeline, d, profiles, { everyMicrobatch, overlap: par.overlapGradReduce }),
  );
  const exposedGradientS = reductions.map((r) => Math.max(0, linkEndS(r) - r.windowS));
  const gradientReductionS = reductions.map(reductionTotalS);
  // Drawn only for a trace: one event per stretch the link is busy reducing (back-to-back reductions are one
  // stretch: ZeRO-2 over 192 microbatches of GPT-3 drew 221,578 events, three quarters of them contiguous).
  const collectives = (device: number): TimelineEvent[] => {
    const events: TimelineEvent[] = [];
    linkEndS(reductions[device]!, (startS, endS) => {
      if (!(endS > startS)) return;
      const last = events.at(-1);
      if (last?.endS === startS) events[events.length - 1] = { ...last, endS };
      else events.push({ device, kind: 'collective', startS, endS });
    });
    return events;
  };
  const timelineWithCollectives = withCollectives(timeline, collectives);

  // Tied word embeddings: first and last stage all-reduce their gradients (Megatron), once per step.
  const tiedS = tiedEmbeddingS(p, embedding.wordParams, req.precision === 'fp32' ? 4 : 2, blocks.ctx.links);
  const memory = stageMemory(req, blocks, timeline, m, perStage);
  const tails = Array.from({ length: p }, (_, d) =>
    stepTail(d, p, { exposedGradientS: exposedGradientS[d]!, tiedS, ...memory[d]! }),
  );
  const finish = tails.map((tail, d) => timeline.endS[d]! + tailS(tail));
  const criticalStage = finish.reduce((best, t, d) => (t > finish[best]! ? d : best), 0);
  const stepS = finish[criticalStage]!;

  // The critical device's breakdown.
  const d = criticalStage;
  let busy = NO_TASK;
  let sends = 0;
  for (let c = 0; c < v; c++) {
    const k = c * p + d;
    const t = stageTasks[k]!;
    busy = addTasks(addTasks(addTasks(busy, t.forward, m), t.backward, m), t.recompute, m);
    if (p > 1) sends += (k < K - 1 ? m : 0) + (k > 0 ? m : 0);
  }
  const endD = timeline.endS[d]!;
  const bubble = Math.max(0, timeline.idleS[d]! - (timeline.stepS - endD));
  // What is left of the stage's time is its waits for a neighbour; a residue under 1e-9 of it is the
  // rounding of summing the timeline's events (8.9e-16 s on a one-stage step), not a wait.
  const waits = endD - taskS(busy) - sends * send - bubble;
  const recv = waits > 1e-9 * endD ? waits : 0;
  const mem = memory[d]!;
  const breakdownS: TrainTimeBreakdown = {
    compute: busy.computeS + mem.updateComputeS,
    tensorComm: busy.tensorS,
    pipelineComm: sends * send + recv + (d === 0 || d === p - 1 ? tiedS : 0),
    dataComm: busy.dataS + exposedGradientS[d]! + mem.updateCommS,
    bubble,
  };

  // FLOPs per iteration from the priced matmuls: per device × the t·d devices of a microbatch × m.
  const perMicrobatch = par.tp * par.dp * m;
  const lf = layer.matmulFlops;
  const of = output.matmulFlops;
  const modelFlops = perMicrobatch * (model.layers * (lf.forward + lf.backward) + of.forward + of.backward);
  const recomputed = policy === 'full' ? lf.forward : policy === 'selective' ? lf.core : 0;
  const parameters = layer.state.globalParams * model.layers + (model.vocab + model.seq) * model.hidden;
  return ok({
    request: req,
    blocks,
    timeline,
    timelineWithCollectives,
    microbatches: m,
    stepS,
    criticalStage,
    breakdownS,
    exposedGradientS,
    gradientReductionS,
    tails,
    stageTasks,
    stageLayers: perStage,
    memory,
    flops: { model: modelFlops, hardware: modelFlops + perMicrobatch * model.layers * recomputed },
    parameters,
  });
}
