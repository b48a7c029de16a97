// The 'tasting+pricing' engine (docs/design.md §4.2 "two scales, one plan"): the plan tasted for real at the
// tasting scale (tastePlan: every op on every simulated device, compared with one device in float64) and
// the same mesh and labels priced at banquet scale on the level's hardware — pricePlan over GSPMD's
// partitioned program (auto, pmap), or the player's shard_map body op by op (manual).
import { HARDWARE_PRESETS, meshAxisLinks, type DeviceSpec } from '../../sim/cost/hardware.ts';
import { topologyOf } from './topology.ts';
import { pricePlan, type PricingContext } from '../../sim/cost/pricePlan.ts';
import { ok, type Result } from '../../sim/result.ts';
import { tastePlanned, type TasteReport } from '../../sim/taste/tastePlan.ts';
import { matmulPrecision } from '../../sim/train/trainBlocks.ts';
import type { MemoryReport, Pricing, StepTimeline, Tasting } from '../evaluation.ts';
import { text } from '../i18n.ts';
import type { TastingScenario } from '../level.ts';
import type { PlanState } from '../planState.ts';
import type { PreparedTasting } from '../prepareTasting.ts';
import { planScenario, servedShareOf, throughputUnit, tokensPerStep } from '../scenarioProgram.ts';
import { manualStep } from './manualStep.ts';
import { spmdMemory, allDevices } from './spmdMemory.ts';
import { spmdStep, type DeviceStep } from './spmdStep.ts';
import { programMatmulFlops, workShare } from './workShare.ts';

/** What an engine hands to evaluatePlan. */
export interface EngineResult {
  readonly tasting: Tasting | null;
  readonly pricing: Pricing;
  readonly timeline: StepTimeline;
}

/** The level's hardware with its devices-per-node override. */
export function scenarioHardware(s: {
  hardware: keyof typeof HARDWARE_PRESETS;
  devicesPerNode?: number;
}): DeviceSpec {
  const preset = HARDWARE_PRESETS[s.hardware];
  return s.devicesPerNode === undefined ? preset : { ...preset, devicesPerNode: s.devicesPerNode };
}

function tastingOf(r: TasteReport): Tasting {
  const outputs = r.outputs.map((o) => ({
    name: o.name,
    ok: o.ok,
    relError: o.relError,
    maxAbsError: o.maxAbsError,
    worstDevices: o.ok ? [] : (o.worst?.devices ?? []),
    ...(o.expectedShape ? { shapeMismatch: { served: o.shape, expected: o.expectedShape } } : {}),
  }));
  return {
    ok: r.ok,
    devices: r.devices,
    tolerance: r.tolerance,
    outputs,
    wrong: outputs.filter((o) => !o.ok).map((o) => o.name),
    tensors: r.tensors.map((t) => ({
      name: t.name,
      phase: t.phase,
      scope: t.scope,
      spec: t.spec,
      shape: t.shape,
      localShape: t.localShape,
      operands: t.operands,
      passesAt: r.collectives.flatMap((c, k) => (c.at === t.name ? [k] : [])),
    })),
    collectives: r.collectives.map((c) => ({
      kind: c.kind,
      axes: [...c.axes],
      tensor: c.tensor,
      phase: c.phase,
      bytesSent: c.bytesSent,
    })),
  };
}

/** Tastes and prices `state` in scenario `s`, as prepareTasting made it ready. */
export function tastingEngine(
  scenario: TastingScenario,
  state: PlanState,
  prepared: PreparedTasting,
): Result<EngineResult> {
  const s = planScenario(scenario, state);
  const { request, mesh, tastingStep, tasting, banquetProgram, banquet } = prepared;
  const report = tastePlanned(request, tastingStep, tasting);
  if (!report.ok) return report;
  const hardware = scenarioHardware(s);
  const ctx: PricingContext = {
    hardware,
    links: meshAxisLinks(mesh, hardware),
    precision: matmulPrecision(s.precision),
  };
  const step = state.mode === 'manual' ? 'forward' : s.step;
  let device: DeviceStep;
  let memory: MemoryReport;
  if (banquet.kind === 'spmd') {
    const price = pricePlan(banquet.plan, ctx);
    device = spmdStep(banquet.plan, price, step);
    memory = spmdMemory(banquet.plan, s.precision, step, hardware.memoryBytes);
  } else {
    const priced = manualStep(banquet.shardMap, mesh, ctx, s.precision, hardware.memoryBytes);
    device = priced;
    memory = priced.memory;
  }
  const tokens = tokensPerStep(s);
  const phases = step === 'train' ? (['forward', 'backward', 'update'] as const) : (['forward'] as const);
  const whole = programMatmulFlops(banquetProgram, phases);
  const calc = device.computeS;
  const pricing: Pricing = {
    hardware: hardware.name,
    devices: mesh.deviceCount,
    topology: topologyOf(mesh, hardware),
    step,
    optimizer: step === 'train' ? prepared.tastingStep.optimizer : null,
    // the banquet program updates master copies exactly when the scenario trains in a mixed precision (scenarioProgram.ts)
    masterCopy: step === 'train' && s.precision !== 'fp32',
    stepS: device.stepS,
    tokensPerStep: tokens,
    throughputUnit: throughputUnit(s),
    tokensPerS: device.stepS > 0 ? tokens / device.stepS : 0,
    memory,
    collectives: device.collectives,
    breakdownS: { compute: calc, communication: device.exposedCommS, bubble: 0 },
    commTotalS: device.commTotalS,
    bubbleFraction: 0,
    servedShare: servedShareOf(s),
    parallelEfficiency: calc + device.exposedCommS > 0 ? calc / (calc + device.exposedCommS) : 1,
    workShare: workShare(device.matmulFlops, whole, mesh.deviceCount),
  };
  const timeline: StepTimeline = {
    stepS: device.stepS,
    criticalLane: 0,
    lanes: [
      {
        label: text('每间厨房（SPMD：步骤都一样）', 'every kitchen (SPMD: the same step)'),
        devices: allDevices(mesh.deviceCount),
        events: device.events,
      },
    ],
  };
  return ok({ tasting: tastingOf(report.value), pricing, timeline });
}
