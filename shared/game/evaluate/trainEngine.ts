// The 'train' engine: a Megatron GPT at full scale (`sim train`: parseTrainRequest, simulateTrain,
// trainReport) — one transformer layer planned by the same auto-mode partitioner and priced, the pipeline
// simulated event by event, memory per stage with the capacity check. Nothing is tasted at this scale.
import { makeMesh } from '../../sim/mesh.ts';
import { unwrap } from '../../sim/result.ts';
import type { TrainSimulation } from '../../sim/train/simulateTrain.ts';
import { stepCollectives } from '../../sim/train/trainCollectives.ts';
import { trainReport } from '../../sim/train/trainReport.ts';
import type { TrainRequest } from '../../sim/train/trainRequest.ts';
import { MEGATRON_OPTIMIZER } from '../../sim/train/megatronLayer.ts';
import type { CollectiveCost, Pricing } from '../evaluation.ts';
import type { TrainScenario } from '../level.ts';
import type { EngineResult } from './tastingEngine.ts';
import { topologyOf } from './topology.ts';
import { pipelinePasses } from './pipelinePasses.ts';
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
  // A collective's part of the model: its block, then its value's scope in that block's program if any.
  const scopeOf = (block: 'layer' | 'output' | 'experts', value: string): string => {
    const program = block === 'experts' ? undefined : simulation.blocks[block].plan.program;
    const inner = program?.values.find((v) => v.name === value)?.scope ?? '';
    return inner === '' ? block : `${block}/${inner}`;
  };
  // One stage's passes: its blocks' collectives (the critical stage's are the report's), then its sends.
  const stagePasses = (d: number): CollectiveCost[] => [
    ...(d === simulation.criticalStage ? r.collectives : stepCollectives(simulation, d).collectives).map(
      (c) => ({
        kind: c.kind,
        axes: [...c.axes],
        tensor: c.tensor,
        phase: c.phase,
        role: c.role,
        link: c.link,
        bytesPerDevice: c.bytesPerDevice,
        timeS: c.timeS,
        perStep: c.perStep,
        overlapped: c.role === 'gradient',
        scope: scopeOf(c.block, c.tensor),
      }),
    ),
    ...pipelinePasses(simulation, d),
  ];
  const passGroups =
    pp > 1
      ? simulation.memory.map((_, d) => ({
          devices: stageDevices(dp, pp, tp, d),
          collectives: stagePasses(d),
        }))
      : undefined;
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
    optimizer: MEGATRON_OPTIMIZER.kind,
    masterCopy: s.precision !== 'fp32', // stateBytesPerParam: the 12 optimizer bytes hold the fp32 copy
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
    collectives: passGroups?.[simulation.criticalStage]!.collectives ?? stagePasses(simulation.criticalStage),
    passGroups,
    breakdownS: { compute: b.compute, communication, bubble: b.bubble },
    commTotalS: r.collectives.reduce((t, c) => t + c.timeS * c.perStep, 0) + b.pipelineComm,
    bubbleFraction: r.bubbleFraction,
    servedShare: null,
    parallelEfficiency: r.parallelEfficiency,
    workShare: workShare(simulation.flops.hardware / r.devices, simulation.flops.model, r.devices),
  };
  return { tasting: null, pricing, timeline: trainTimeline(simulation) };
}
