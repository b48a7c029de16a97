// setPipeline: the courses. `stages` is the size of the grid's `stage` axis (pp); `microbatches` the tables
// served one after another per step (m; the bubble of GPipe and 1F1B is (p−1)/(m+p−1)); `schedule` GPipe,
// 1F1B or interleaved; `virtualStages` the chunks per device of the interleaved schedule. The Megatron
// request's parser and the pipeline simulation check the numbers with the whole plan.
import { STAGE_AXIS } from '../../sim/train/trainAxes.ts';
import { ruleError } from '../errors.ts';
import { next, type Rule } from './rule.ts';

const positiveInt = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1;

/** Sets the pipeline stages, microbatches, schedule or interleaved chunks. */
export const setPipeline: Rule<'setPipeline'> = (_level, state, edit) => {
  const { stages, microbatches } = edit;
  for (const [name, value] of [
    ['stages', stages],
    ['microbatches', microbatches],
  ] as const)
    if (value !== undefined && !positiveInt(value))
      return ruleError(
        'rule/pipeline-not-positive',
        { field: name, got: String(value) },
        `pipeline.${name} must be a positive integer, got ${String(value)}.`,
      );
  if (stages !== undefined && !state.mesh.some((a) => a.name === STAGE_AXIS))
    return ruleError(
      'rule/no-stage-axis',
      { axis: STAGE_AXIS },
      `The pipeline's stages are the '${STAGE_AXIS}' axis of the mesh, which this plan does not have.`,
    );
  return next({
    ...state,
    mesh: state.mesh.map((a) => (a.name === STAGE_AXIS && stages !== undefined ? { ...a, size: stages } : a)),
    pipeline: {
      microbatches: microbatches ?? state.pipeline.microbatches,
      schedule: edit.schedule ?? state.pipeline.schedule,
      virtualStages: edit.virtualStages ?? state.pipeline.virtualStages,
    },
  });
};
