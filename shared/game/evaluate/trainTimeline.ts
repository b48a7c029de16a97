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
import { afterParts } from '../../sim/train/stepTail.ts';
import { DATA_AXIS, MODEL_AXIS, STAGE_AXIS } from '../../sim/train/trainAxes.ts';
import { eventPass, type EventPass } from '../passNames.ts';

/** A remainder of the step under this fraction of it is the rounding of summing its parts, not a wait. */
const ROUNDING = 1e-9;

/** Mesh ids of pipeline stage `d` on the data × stage × model grid (row-major, model fastest). */
export function stageDevices(dp: number, pp: number, tp: number, d: number): number[] {
  const ids: number[] = [];
  for (let i = 0; i < dp; i++) for (let j = 0; j < tp; j++) ids.push((i * pp + d) * tp + j);
  return ids;
}

const TENSOR_LABEL = {
  forward: 'tensor-parallel forward collectives over model',
  backward: 'tensor-parallel backward collectives over model',
  recompute: 'tensor-parallel recompute collectives over model',
} as const;

/** The lanes of `sim`. */
export function trainTimeline(sim: TrainSimulation): StepTimeline {
  const par = sim.request.parallel;
  const { tp, pp, dp } = par;
  // Under DeepSpeed's hooks a task's data time is what the replay waited for: gathers and reductions alike.
  const dataLabel =
    par.zero3Hooks === true
      ? 'ZeRO-3 waits at DeepSpeed hooks (gathers, reductions) over data'
      : 'ZeRO-3 parameter all-gather over data';
  // A task's tensor-parallel passes are Megatron's all-reduces; no one kind under sequence parallelism
  // (all-gathers and reduce-scatters) or with experts (their all-to-alls and gathers join them, moeBlock.ts).
  // Its data time is ZeRO-3's gathers, or the hooks' waits for gathers and reductions alike.
  const mixed = par.sequenceParallel || sim.request.model.moe !== undefined;
  const tensorPass = eventPass(mixed ? undefined : 'all-reduce', [MODEL_AXIS]);
  const tensorPassing = {
    forward: { label: TENSOR_LABEL.forward, pass: tensorPass },
    backward: { label: TENSOR_LABEL.backward, pass: tensorPass },
    recompute: { label: TENSOR_LABEL.recompute, pass: tensorPass },
  };
  const dataPassing = {
    label: dataLabel,
    pass: eventPass(par.zero3Hooks === true ? undefined : 'all-gather', [DATA_AXIS]),
  };
  // As simulateTrain.ts prices the gradients' reduction and the tied embedding's.
  const gradientPass = eventPass(par.zeroStage >= 1 ? 'reduce-scatter' : 'all-reduce', [DATA_AXIS]);
  const tiedPass = eventPass('all-reduce', [STAGE_AXIS]);
  const gatherPass = eventPass('all-gather', [DATA_AXIS]);
  const lanes = Array.from({ length: pp }, (_, d) => {
    const end = sim.timeline.endS[d]!;
    const events: StepEvent[] = [];
    // The simulation's compact record, read without an object per simulated event: this runs on every
    // preview, and building ~20,000 short-lived events per banquet edit cost more than the simulation.
    const push = (
      kind: StepEvent['kind'],
      startS: number,
      endS: number,
      microbatch: number,
      passing?: { readonly label: string; readonly pass: EventPass },
    ) => {
      if (passing === undefined)
        events.push(microbatch < 0 ? { kind, startS, endS } : { kind, startS, endS, microbatch });
      else
        events.push(
          microbatch < 0
            ? { kind, startS, endS, ...passing }
            : { kind, startS, endS, ...passing, microbatch },
        );
    };
    sim.timeline.forEachEvent(d, (kind, startS, endS, microbatch, chunk) => {
      if (startS >= end) return;
      const cooking = kind === 'forward' || kind === 'backward' || kind === 'recompute' ? kind : undefined;
      const task = cooking && sim.stageTasks[Math.max(chunk, 0) * pp + d]?.[cooking];
      const total = task ? taskS(task) : 0;
      if (!cooking || !task || total <= 0 || task.computeS >= total)
        return push(kind, startS, endS, microbatch);
      // Stove time, then the task's passes, scaled to the event's span.
      const scale = (endS - startS) / total;
      const cookEnd = startS + task.computeS * scale;
      const tensorEnd = cookEnd + task.tensorS * scale;
      if (cookEnd > startS) push(kind, startS, cookEnd, microbatch);
      if (task.tensorS > 0)
        push('collective', cookEnd, task.dataS > 0 ? tensorEnd : endS, microbatch, tensorPassing[cooking]);
      if (task.dataS > 0)
        push('collective', task.tensorS > 0 ? tensorEnd : cookEnd, endS, microbatch, dataPassing);
    });
    let clock = end;
    const add = (kind: StepEvent['kind'], durationS: number, label: string, pass?: EventPass) => {
      if (durationS <= 0) return;
      events.push({ kind, startS: clock, endS: clock + durationS, label, ...(pass ? { pass } : {}) });
      clock += durationS;
    };
    // the tail (stepTail.ts) in the order and words of `sim train`'s trace, each pass with its kind
    const tailPasses = [gradientPass, tiedPass, undefined, gatherPass];
    afterParts(sim.tails[d]!).forEach((part, i) => add(part.cat, part.durationS, part.name, tailPasses[i]));
    // What is left of the step is idle, unless it is the rounding of the sums (1e-16 of a step without a
    // pipeline read "idle (bubble) <1%").
    const idleS = sim.stepS - clock;
    add('idle', idleS > ROUNDING * sim.stepS ? idleS : 0, 'waiting for the last stage');
    return {
      // Short in both languages: a phone gives a lane name about 40 px (DynamicView.ts), and "第 0 个菜序站"
      // shrank there to 6 px.
      label: text(`${d} 号站`, `station ${d}`),
      devices: stageDevices(dp, pp, tp, d),
      events,
    };
  });
  return { stepS: sim.stepS, criticalLane: sim.criticalStage, lanes };
}
