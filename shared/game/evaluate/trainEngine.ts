// The 'train' engine: a Megatron GPT at full scale (`sim train`: parseTrainRequest, simulateTrain,
// trainReport) — one transformer layer planned by the same auto-mode partitioner and priced, the pipeline
// simulated event by event, memory per stage with the capacity check. Nothing is tasted at this scale.
import { makeMesh } from '../../sim/mesh.ts';
import { ok, unwrap, type Result } from '../../sim/result.ts';
import { simulateTrain } from '../../sim/train/simulateTrain.ts';
import { trainReport } from '../../sim/train/trainReport.ts';
import { parseTrainRequest } from '../../sim/train/trainRequest.ts';
import type { GameResult } from '../errors.ts';
import { fromSim } from '../explain.ts';
import type { Pricing } from '../evaluation.ts';
import type { TrainScenario } from '../level.ts';
import { trainDocument } from '../planDocuments.ts';
import type { PlanState } from '../planState.ts';
import type { EngineResult } from './tastingEngine.ts';
import { topologyOf } from './topology.ts';
import { pipelinePasses } from './pipelinePasses.ts';
import { stageDevices, trainTimeline } from './trainTimeline.ts';
import { workShare } from './workShare.ts';

/** Prices `state` in scenario `s`. */
export function trainEngine(s: TrainScenario, state: PlanState): GameResult<EngineResult> {
  const doc = trainDocument(s, state);
  if (!doc.ok) return doc;
  const run = (): Result<EngineResult> => {
    const req = parseTrainRequest(doc.value);
    if (!req.ok) return req;
    const sim = simulateTrain(req.value);
    if (!sim.ok) return sim;
    const r = trainReport(sim.value);
    const { tp, pp, dp } = req.value.parallel;
    const b = r.breakdownS;
    const communication = b.tensorComm + b.pipelineComm + b.dataComm;
    const pricing: Pricing = {
      hardware: req.value.hardware.name,
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
        req.value.hardware,
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
        groups: sim.value.memory.map((m, d) => ({ devices: stageDevices(dp, pp, tp, d), bytes: m.bytes })),
      },
      collectives: [
        ...r.collectives.map((c) => ({
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
        ...pipelinePasses(sim.value),
      ],
      breakdownS: { compute: b.compute, communication, bubble: b.bubble },
      commTotalS: r.collectives.reduce((t, c) => t + c.timeS * c.perStep, 0) + b.pipelineComm,
      bubbleFraction: r.bubbleFraction,
      parallelEfficiency: r.parallelEfficiency,
      workShare: workShare(sim.value.flops.hardware / r.devices, sim.value.flops.model, r.devices),
    };
    return ok({ tasting: null, pricing, timeline: trainTimeline(sim.value) });
  };
  return fromSim(run());
}
