// What the plan on screen already does, read by the verdict's advice (remedies.ts) so that it never tells a
// plan to do what it does: a plan with sequence parallelism on was told to turn it on, one at full
// recomputation to cook again, one at ZeRO-3 or with one data kitchen to share the ledgers, one with no model
// kitchens to use sequence parallelism (its checkbox hidden), one whose rounds are single examples to use
// smaller rounds.
import type { Level } from '../level.ts';
import type { PlanState } from '../planState.ts';
import type { PipelineSchedule } from '../../sim/cost/pipelineSimulation.ts';
import type { RecomputePolicy } from '../../sim/train/trainRequest.ts';
import { DATA_AXIS, MODEL_AXIS } from '../../sim/train/trainAxes.ts';

export interface PlanSettings {
  readonly schedule: PipelineSchedule;
  readonly recompute: RecomputePolicy;
  readonly sequenceParallel: boolean;
  readonly zeroStage: 0 | 1 | 2 | 3;
  /** Kitchens on the grid's `model` row (1 without it): sequence parallelism splits over them. */
  readonly modelKitchens: number;
  /** Kitchens on the grid's `data` row (1 without it): ZeRO shares the ledgers over them. */
  readonly dataKitchens: number;
  /** Whether each round (microbatch) is already one example: the batch per data row over the rounds is 1. */
  readonly singleExampleRounds: boolean;
}

/** The settings of `plan` on `level`. */
export function planSettings(level: Level, plan: PlanState): PlanSettings {
  const size = (name: string) => plan.mesh.find((a) => a.name === name)?.size ?? 1;
  const dataKitchens = size(DATA_AXIS);
  const s = level.scenario;
  return {
    schedule: plan.pipeline.schedule,
    recompute: plan.recompute,
    sequenceParallel: plan.sequenceParallel,
    zeroStage: plan.zeroStage,
    modelKitchens: size(MODEL_AXIS),
    dataKitchens,
    singleExampleRounds:
      s.engine === 'train' && s.globalBatch / dataKitchens / plan.pipeline.microbatches <= 1,
  };
}
