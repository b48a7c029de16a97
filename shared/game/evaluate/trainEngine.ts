// The 'train' engine: a Megatron GPT at full scale (`sim train`: parseTrainRequest, simulateTrain,
// trainReport) — one transformer layer planned by the same auto-mode partitioner and priced, the pipeline
// simulated event by event, memory per stage with the capacity check. Nothing is tasted at this scale.
import { makeMesh } from '../../sim/mesh.ts';
import { unwrap } from '../../sim/result.ts';
import type { TrainSimulation } from '../../sim/train/simulateTrain.ts';
import { trainReport } from '../../sim/train/trainReport.ts';
import type { TrainRequest } from '../../sim/train/trainRequest.ts';
import type { Pricing } from '../evaluation.ts';
import type { TrainScenario } from '../level.ts';
import type { EngineResult } from './tastingEngine.ts';
import { topologyOf } from './topology.ts';
import { stageDevices, trainTimeline } from './trainTimeline.ts';
import { workShare } from './workShare.ts';

/** Prices scenario `s`'s plan from its parsed request and simulated step (preparePlan.ts). */
export function trainEngine(
  s: TrainScenario,
  request: TrainRequest,
  simulation: TrainSimulation,
): EngineResult {
  const r = trainReport(simulation);
  const { tp, pp, dp } = request.parallel;
  const b = r.breakdownS;
  const communication = b.tensorComm + b.pipelineComm + b.dataComm;
  const pricing: Pricing = {
    hardware: request.hardware.name,
    devices: r.devices,
    // Megatron's order: model (TP) innermost, so tensor-parallel groups stay inside a node.
    topology: topologyOf(
      unwrap(
        makeMesh([
          ['data', dp],
          ['stage', pp],
          ['model', tp],
        ]),
      ),
      request.hardware,
    ),
    step: 'train',
    stepS: r.iterationTimeS,
    tokensPerStep: s.globalBatch * s.model.seq,
    throughputUnit: 'tokens',
    tokensPerS: r.tokensPerS,
    memory: {
      worst: r.memory.perDeviceBytes,
      worstDevice: r.memory.worstDevice,
      capacityBytes: r.memory.capacityBytes,
      fits: r.memory.fits,
      overflowBytes: r.memory.overflowBytes,
      groups: simulation.memory.map((m, d) => ({ devices: stageDevices(dp, pp, tp, d), bytes: m.bytes })),
    },
    collectives: r.collectives.map((c) => ({
      kind: c.kind,
      axes: [...c.axes],
      tensor: c.value,
      phase: c.phase,
      role: c.role,
      link: c.link,
      bytesPerDevice: c.bytesPerDevice,
      timeS: c.timeS,
      perStep: c.perStep,
      overlapped: c.role === 'gradient',
    })),
    breakdownS: { compute: b.compute, communication, bubble: b.bubble },
    commTotalS: r.collectives.reduce((t, c) => t + c.timeS * c.perStep, 0) + b.pipelineComm,
    bubbleFraction: r.bubbleFraction,
    parallelEfficiency: r.parallelEfficiency,
    workShare: workShare(simulation.flops.hardware / r.devices, simulation.flops.model, r.devices),
  };
  return { tasting: null, pricing, timeline: trainTimeline(simulation) };
}
