// The passes a Megatron pipeline adds to the priced collectives (issue 13: the static view and the preview
// list a pipeline's stage sends as passes): on stage d of K = p·v model stages, each chunk's
// microbatch activations go forward to the next model stage and their gradients come back —
//   forward sends per step  = m · #{chunks c : c·p + d < K − 1}
//   backward sends per step = m · #{chunks c : c·p + d > 0}
// each b·s·h values (b·s·h / t with sequence parallelism or a tensor-parallel stage boundary between nodes,
// Megatron's scatter/gather), timed as the simulated send events; and the tied word embeddings' gradient
// all-reduce between the first and last stage (stepTail.ts), once per step on those stages.
// Megatron's scatter/gather without sequence parallelism (`gather_split_1d_tensor`) has the receiver
// all-gather the t slices over its model kitchens, inside the send's time (simulateTrain.ts `sendS`): listed
// as its own AllGather of b·s·h, once per tensor received, and the ppermute's time is the wire's alone (a
// 6.29 MB ppermute said 4.18 ms on a 25 GB/s window, the 94 MB gather in it and listed nowhere).
import { collectiveTimeOnAxesS } from '../../sim/cost/collectiveTime.ts';
import type { TrainSimulation } from '../../sim/train/simulateTrain.ts';
import { MODEL_AXIS, STAGE_AXIS } from '../../sim/train/trainAxes.ts';
import type { CollectiveCost } from '../evaluation.ts';

/** One stage's pipeline passes (the critical stage's by default), as priced collectives; [] without a pipeline. */
export function pipelinePasses(sim: TrainSimulation, stage: number = sim.criticalStage): CollectiveCost[] {
  const { pp: p, tp, virtualStages: v, microBatch, sequenceParallel } = sim.request.parallel;
  if (p <= 1) return [];
  const d = stage;
  const K = p * v;
  const m = sim.microbatches;
  const stageLink = sim.blocks.ctx.links.find((l) => l.axis === STAGE_AXIS)?.link ?? 'intra';
  const link = stageLink === 'inter' ? 'inter' : 'intra';
  const split = sequenceParallel || (tp > 1 && link === 'inter');
  const elementBytes = sim.request.precision === 'fp32' ? 4 : 2;
  const wholeBytes = microBatch * sim.request.model.seq * sim.request.model.hidden * elementBytes;
  const bytes = wholeBytes / (split ? tp : 1);
  const gathered = split && !sequenceParallel;
  const gatherS = gathered
    ? collectiveTimeOnAxesS('all-gather', sim.blocks.ctx.links, [MODEL_AXIS], wholeBytes)
    : 0;
  let sendS = -1; // the first send's span (every send of the step is priced alike)
  sim.timeline.forEachEvent(d, (kind, startS, endS) => {
    if (sendS < 0 && kind === 'send') sendS = endS - startS;
  });
  const timeS = Math.max(sendS - gatherS, 0);
  let forward = 0;
  let backward = 0;
  for (let c = 0; c < v; c++) {
    const k = c * p + d;
    if (k < K - 1) forward += m;
    if (k > 0) backward += m;
  }
  const pass = (tensor: string, phase: string, perStep: number): CollectiveCost => ({
    kind: 'ppermute',
    axes: [STAGE_AXIS],
    tensor,
    phase,
    role: 'activation',
    link,
    bytesPerDevice: bytes,
    timeS,
    perStep,
    overlapped: false,
    scope: 'pipeline',
  });
  const passes: CollectiveCost[] = [];
  // Named like the program's values (identifiers, the same in every language): a ppermute forward sends the
  // stage's output activations to the next stage, backward their gradient to the previous one.
  if (forward > 0) passes.push(pass('stage_out', 'forward', forward));
  if (backward > 0) passes.push(pass('grad/stage_out', 'backward', backward));
  // Received: an activation on every chunk but the first model stage's, a gradient on every one but the last's.
  const gather = (tensor: string, phase: string, perStep: number): CollectiveCost => ({
    kind: 'all-gather',
    axes: [MODEL_AXIS],
    tensor,
    phase,
    role: 'activation',
    link: sim.blocks.ctx.links.find((l) => l.axis === MODEL_AXIS)?.link === 'inter' ? 'inter' : 'intra',
    bytesPerDevice: (wholeBytes * (tp - 1)) / tp,
    timeS: gatherS,
    perStep,
    overlapped: false,
    scope: 'pipeline',
  });
  if (gathered && backward > 0) passes.push(gather('stage_in', 'forward', backward));
  if (gathered && forward > 0) passes.push(gather('grad/stage_in', 'backward', forward));
  if (d === 0 || d === p - 1)
    passes.push({
      kind: 'all-reduce',
      axes: [STAGE_AXIS],
      tensor: 'grad/tied_embed',
      phase: 'update',
      role: 'gradient',
      link,
      // A ring all-reduce of n = 2 sends 2(n−1)/n · S = S bytes per device.
      bytesPerDevice: sim.blocks.embedding.wordParams * elementBytes,
      timeS: sim.tails[d]!.tiedS,
      perStep: 1,
      overlapped: false,
      scope: 'embedding',
    });
  return passes;
}
