// The `sim train` answer (docs/design.md §4.4) from a simulated step: throughput in both FLOP conventions
// (docs/cost-model.md §1: "model" without the recomputed forward, as MFU counts; "hardware" as executed, as
// Megatron's TFLOP/s per GPU counts), the worst device's memory, and where the critical device's time goes.
import { combinedAxesLink } from '../cost/collectiveTime.ts';
import { capacityCheck } from '../cost/memory.ts';
import { toChromeTrace, type ChromeTrace } from '../export/chromeTrace.ts';
import { jaxSnippet } from '../export/jaxSnippet.ts';
import { CALIBRATION, type Calibration } from '../cost/calibration.ts';
import { axisIndex, deviceCoords, type Mesh } from '../mesh.ts';
import { ok, type Result } from '../result.ts';
import { EXPERT_AXIS, STAGE_AXIS } from './trainAxes.ts';
import { simulateTrain, type TrainTimeBreakdown, type TrainSimulation } from './simulateTrain.ts';
import { afterParts } from './stepTail.ts';
import { stepCollectives, type CollectiveLine } from './trainCollectives.ts';
import { PUBLISHED_RUNS } from './publishedRuns.ts';
import { parseTrainRequest } from './trainRequest.ts';
import { trainAssumptions, type ResolvedTrainRequest } from './trainAssumptions.ts';

/** The `sim train` answer (docs/design.md §4.4), plus the requested exports. */
export interface TrainReport {
  readonly parameters: number;
  readonly iterationTimeS: number;
  readonly tokensPerS: number;
  readonly tflopsPerDevice: { readonly model: number; readonly hardware: number };
  readonly mfu: number;
  readonly bubbleFraction: number;
  readonly memory: {
    readonly perDeviceBytes: {
      readonly params: number;
      readonly grads: number;
      readonly optimizer: number;
      readonly activations: number;
      readonly temporaries: number;
      readonly total: number;
    };
    readonly capacityBytes: number;
    readonly fits: boolean;
    readonly worstDevice: number;
    readonly overflowBytes: number;
  };
  readonly breakdownS: TrainTimeBreakdown;
  /** The seed article's `T_calc / (T_calc + T_comm)` on the critical device (exposed communication; no bubble). */
  readonly parallelEfficiency: number;
  /** The blocks' collectives with their times and how often the critical device runs each per step. */
  readonly collectives: readonly CollectiveLine[];
  /** Bytes the critical device sends per step inside its node and across nodes. */
  readonly bytesPerLinkPerStep: { readonly intra: number; readonly inter: number };
  readonly microbatches: number;
  readonly devices: number;
  /** What the times rest on, so that a figure for hardware no published run checks is not read as measured. */
  readonly basis: TrainBasis;
  /** A mixture of experts: how the experts are split and how many routed tokens find a place. */
  readonly experts?: {
    readonly experts: number;
    readonly topK: number;
    readonly capacityFactor: number;
    readonly expertParallel: number;
    readonly expertsPerDevice: number;
    /** C: each expert's places for one device's tokens per microbatch. */
    readonly capacity: number;
    /** Expected share of routed token choices served (Binomial loads, routedTokens.ts); the rest are dropped. */
    readonly servedShare: number;
    /** Where the dispatch and combine all-to-alls run. */
    readonly allToAllLink: 'intra' | 'inter' | 'none';
    /**
     * Of the ep − 1 devices each one sends a block to in an all-to-all, those on its own node (NVLink) and
     * those on other nodes: both kinds of sends run at once (docs/cost-model.md §4).
     */
    readonly allToAllPeers: { readonly sameNode: number; readonly otherNodes: number };
  };
  /** The request as priced, every default filled in (trainAssumptions.ts). */
  readonly resolved: ResolvedTrainRequest;
  /** Modelling choices that move the answer and that no field of the request states. */
  readonly assumptions: readonly string[];
  readonly trace?: ChromeTrace;
  readonly jax?: string;
}

/** The matmul and memory model a report's times come from, and the published runs that check it. */
export interface TrainBasis {
  /** `tile-model`: GEMM efficiency from tile and wave quantisation (gemmEfficiency.ts); `flat`: one share of peak. */
  readonly matmul: 'tile-model' | 'flat';
  /** e_max of the tile model, or the flat share of peak (calibration.ts). */
  readonly matmulEfficiency: number;
  /** Share of the datasheet HBM bandwidth a memory-bound kernel gets (calibration.ts). */
  readonly hbmEfficiency: number;
  /** Published runs on this hardware preset that `sim validate` prices (0: an extrapolation, unchecked). */
  readonly publishedRuns: number;
}

/** The report of a simulated step. */
export function trainReport(sim: TrainSimulation): TrainReport {
  const { request: req, stepS, flops } = sim;
  const { tp, pp, dp, globalBatch } = req.parallel;
  const devices = tp * pp * dp;
  const peak = sim.blocks.ctx.hardware.peakFlops[sim.blocks.ctx.precision ?? 'bf16'];
  const check = capacityCheck(
    sim.memory.map((s) => s.bytes.total),
    sim.memory.map((s) => s.device),
    req.hardware.memoryBytes,
  );
  const worst = sim.memory.find((s) => s.device === check.worstDevice)!;
  const perDevice = (f: number) => f / (stepS * devices);
  const b = sim.breakdownS;
  const { collectives, bytesPerLinkPerStep } = stepCollectives(sim);
  const report: TrainReport = {
    parameters: sim.parameters,
    iterationTimeS: stepS,
    tokensPerS: (globalBatch * req.model.seq) / stepS,
    tflopsPerDevice: { model: perDevice(flops.model) / 1e12, hardware: perDevice(flops.hardware) / 1e12 },
    mfu: perDevice(flops.model) / peak,
    bubbleFraction: sim.timeline.bubbleFraction,
    memory: {
      perDeviceBytes: worst.bytes,
      capacityBytes: req.hardware.memoryBytes,
      fits: check.fits,
      worstDevice: check.worstDevice,
      overflowBytes: check.overflowBytes,
    },
    breakdownS: b,
    parallelEfficiency: b.compute / (b.compute + b.tensorComm + b.pipelineComm + b.dataComm),
    collectives,
    bytesPerLinkPerStep,
    microbatches: sim.microbatches,
    devices,
    basis: basisOf(sim),
    ...expertsReport(sim),
    ...trainAssumptions(sim),
  };
  if (req.exports.length === 0) return report;
  return {
    ...report,
    ...(req.exports.includes('trace')
      ? {
          trace: toChromeTrace(sim.timelineWithCollectives, {
            stageDevices: stageDevices(sim.blocks.mesh, pp),
            after: sim.tails.map(afterParts),
          }),
        }
      : {}),
    ...(req.exports.includes('jax')
      ? {
          jax: jaxSnippet(sim.blocks.layer.plan, {
            mesh: sim.blocks.mesh,
            skip: sim.blocks.megatron.harness,
            constraints: sim.blocks.layerConstraints,
            title:
              `One transformer layer of the plan (tp ${tp}, dp ${dp}; ${stagesRun(req.model.layers, pp, req.parallel.layersPerStage)})` +
              (req.model.moe
                ? '; its experts are priced in closed form (moeBlock.ts) and not written here: the levels export the MoE layer itself'
                : ''),
          }),
        }
      : {}),
  };
}

function basisOf(sim: TrainSimulation): TrainBasis {
  const { hardware, calibration } = sim.blocks.ctx;
  const cal = calibration ?? CALIBRATION;
  const tiled = hardware.gemmTiling !== undefined;
  return {
    matmul: tiled ? 'tile-model' : 'flat',
    matmulEfficiency: tiled ? cal.gemmPeakEfficiency : cal.matmulEfficiency,
    hbmEfficiency: tiled ? cal.gemmHbmEfficiency : cal.hbmEfficiency,
    publishedRuns: PUBLISHED_RUNS.filter((r) => r.request.hardware.preset === hardware.id).length,
  };
}

/** Mesh ids of the devices each pipeline stage holds (its coordinate on the `stage` axis). */
export function stageDevices(mesh: Mesh, pp: number): number[][] {
  const axis = axisIndex(mesh, STAGE_AXIS);
  const stages = Array.from({ length: pp }, (): number[] => []);
  for (let id = 0; id < mesh.deviceCount; id++)
    stages[axis < 0 ? 0 : deviceCoords(mesh, id)[axis]!]!.push(id);
  return stages;
}

function expertsReport(sim: TrainSimulation): Pick<TrainReport, 'experts'> {
  const moe = sim.request.model.moe;
  const block = sim.blocks.experts;
  if (moe === undefined || block === undefined) return {};
  const dispatch = block.passes.find((c) => c.name === 'dispatch');
  const { groupSize, nodeMembers } = combinedAxesLink(sim.blocks.ctx.links, [EXPERT_AXIS]);
  return {
    experts: {
      ...moe,
      expertParallel: sim.request.parallel.ep ?? 1,
      expertsPerDevice: block.expertsPerDevice,
      capacity: block.capacity,
      servedShare: block.servedShare,
      allToAllLink: dispatch?.link ?? 'none',
      allToAllPeers: { sameNode: nodeMembers - 1, otherNodes: groupSize - nodeMembers },
    },
  };
}

/** `sim train`: parse, simulate, report. */
export function trainCommand(input: unknown, calibration?: Calibration): Result<TrainReport> {
  const req = parseTrainRequest(input);
  if (!req.ok) return req;
  const sim = simulateTrain(req.value, calibration);
  if (!sim.ok) return sim;
  return ok(trainReport(sim.value));
}

/** How many layers the pipeline stages run, for the JAX export's title. */
function stagesRun(layers: number, pp: number, counts: readonly number[] | undefined): string {
  if (counts === undefined) return `each of the ${pp} pipeline stages runs ${layers / pp} of them`;
  return `the ${pp} pipeline stages run ${counts.join(', ')} of them`;
}
