// The dynamic view of a Megatron step: one lane per pipeline stage (all its data- and tensor-parallel
// devices run the same schedule), the simulated pipeline's events (pipelineSimulation.ts), then — as
// simulateTrain.ts finishes a device — the exposed data-parallel gradient reduction, the tied embeddings'
// all-reduce between the first and last stage, the optimizer step, and idle time up to the step's end.
import { combinedAxesLink, ringCollectiveTimeS } from '../../sim/cost/collectiveTime.ts';
import type { TrainSimulation } from '../../sim/train/simulateTrain.ts';
import { STAGE_AXIS } from '../../sim/train/trainAxes.ts';
import type { StepEvent, StepTimeline } from '../evaluation.ts';
import { text } from '../i18n.ts';

/** Mesh ids of pipeline stage `d` on the data × stage × model grid (row-major, model fastest). */
export function stageDevices(dp: number, pp: number, tp: number, d: number): number[] {
  const ids: number[] = [];
  for (let i = 0; i < dp; i++) for (let j = 0; j < tp; j++) ids.push((i * pp + d) * tp + j);
  return ids;
}

/** The lanes of `sim`. */
export function trainTimeline(sim: TrainSimulation): StepTimeline {
  const { tp, pp, dp } = sim.request.parallel;
  const bytes = sim.request.precision === 'fp32' ? 4 : 2;
  // Tied word embeddings: simulateTrain.ts's all-reduce between the first and last stage, once per step.
  const tiedS =
    pp > 1
      ? ringCollectiveTimeS(
          'all-reduce',
          2,
          sim.blocks.embedding.wordParams * bytes,
          combinedAxesLink(sim.blocks.ctx.links, [STAGE_AXIS]).link,
        )
      : 0;
  const lanes = Array.from({ length: pp }, (_, d) => {
    const end = sim.timeline.endS[d]!;
    const events: StepEvent[] = sim.timeline
      .deviceEvents(d)
      .filter((e) => e.startS < end)
      .map((e) => ({
        kind: e.kind,
        startS: e.startS,
        endS: e.endS,
        ...(e.microbatch === undefined ? {} : { microbatch: e.microbatch }),
      }));
    let clock = end;
    const add = (kind: StepEvent['kind'], durationS: number, label: string) => {
      if (durationS <= 0) return;
      events.push({ kind, startS: clock, endS: clock + durationS, label });
      clock += durationS;
    };
    add('collective', sim.exposedGradientS[d]!, 'gradient reduction over data');
    if (d === 0 || d === pp - 1) add('collective', tiedS, 'tied embedding all-reduce over stage');
    const mem = sim.memory[d]!;
    add('update', mem.updateComputeS + mem.updateCommS, 'optimizer step');
    add('idle', sim.stepS - clock, 'waiting for the last stage');
    return {
      label: text(`第 ${d} 个菜序站`, `stage ${d}`),
      devices: stageDevices(dp, pp, tp, d),
      events,
    };
  });
  return { stepS: sim.stepS, lanes };
}
