// The dynamic view of a Megatron step: one lane per pipeline stage (all its data- and tensor-parallel
// devices run the same schedule), the simulated pipeline's events (pipelineSimulation.ts), then — as
// simulateTrain.ts finishes a device — the exposed data-parallel gradient reduction, the tied embeddings'
// all-reduce between the first and last stage, the optimizer step, and idle time up to the step's end.
// Each forward / backward / recompute task is drawn as its stove time followed by the passes priced inside
// it (blockCost.ts: tensor-parallel activation collectives over `model`, ZeRO-3 parameter gathers over
// `data`), and the optimizer step as its update followed by its parameter gathers (ZeRO), so the lane's
// shares (stepShares.ts) are the priced breakdown: compute, exposed communication, bubble.
import type { TrainSimulation } from '../../sim/train/simulateTrain.ts';
import { taskS } from '../../sim/train/blockCost.ts';
import type { StepEvent, StepTimeline } from '../evaluation.ts';
import { text } from '../i18n.ts';
import { tiedEmbeddingS } from './pipelinePasses.ts';

/** Mesh ids of pipeline stage `d` on the data × stage × model grid (row-major, model fastest). */
export function stageDevices(dp: number, pp: number, tp: number, d: number): number[] {
  const ids: number[] = [];
  for (let i = 0; i < dp; i++) for (let j = 0; j < tp; j++) ids.push((i * pp + d) * tp + j);
  return ids;
}

/** The lanes of `sim`. */
export function trainTimeline(sim: TrainSimulation): StepTimeline {
  const { tp, pp, dp } = sim.request.parallel;
  const tiedS = tiedEmbeddingS(sim);
  const lanes = Array.from({ length: pp }, (_, d) => {
    const end = sim.timeline.endS[d]!;
    const events: StepEvent[] = [];
    for (const e of sim.timeline.deviceEvents(d)) {
      if (e.startS >= end) continue;
      const mb = e.microbatch === undefined ? {} : { microbatch: e.microbatch };
      const task =
        e.kind === 'forward' || e.kind === 'backward' || e.kind === 'recompute'
          ? sim.stageTasks[(e.chunk ?? 0) * pp + d]?.[e.kind]
          : undefined;
      const total = task ? taskS(task) : 0;
      if (!task || total <= 0 || task.computeS >= total) {
        events.push({ kind: e.kind, startS: e.startS, endS: e.endS, ...mb });
        continue;
      }
      // Stove time, then the task's passes, scaled to the event's span.
      const scale = (e.endS - e.startS) / total;
      const cookEnd = e.startS + task.computeS * scale;
      const tensorEnd = cookEnd + task.tensorS * scale;
      if (cookEnd > e.startS) events.push({ kind: e.kind, startS: e.startS, endS: cookEnd, ...mb });
      if (task.tensorS > 0)
        events.push({
          kind: 'collective',
          startS: cookEnd,
          endS: task.dataS > 0 ? tensorEnd : e.endS,
          label: `tensor-parallel ${e.kind} collectives over model`,
          ...mb,
        });
      if (task.dataS > 0)
        events.push({
          kind: 'collective',
          startS: task.tensorS > 0 ? tensorEnd : cookEnd,
          endS: e.endS,
          label: 'ZeRO-3 parameter all-gather over data',
          ...mb,
        });
    }
    let clock = end;
    const add = (kind: StepEvent['kind'], durationS: number, label: string) => {
      if (durationS <= 0) return;
      events.push({ kind, startS: clock, endS: clock + durationS, label });
      clock += durationS;
    };
    add('collective', sim.exposedGradientS[d]!, 'gradient reduction over data');
    if (d === 0 || d === pp - 1) add('collective', tiedS, 'tied embedding all-reduce over stage');
    const mem = sim.memory[d]!;
    add('update', mem.updateComputeS, 'optimizer step');
    add('collective', mem.updateCommS, 'ZeRO parameter all-gather over data');
    add('idle', sim.stepS - clock, 'waiting for the last stage');
    return {
      // Short in both languages: a phone gives a lane name about 40 px (DynamicView.ts), and "第 0 个菜序站"
      // shrank there to 6 px.
      label: text(`${d} 号站`, `stage ${d}`),
      devices: stageDevices(dp, pp, tp, d),
      events,
    };
  });
  return { stepS: sim.stepS, criticalLane: sim.criticalStage, lanes };
}
