// setPipeline: the courses. `stages` is the size of the grid's `stage` axis (pp); `microbatches` the tables
// served one after another per step (m; the bubble of GPipe and 1F1B is (p−1)/(m+p−1)); `schedule` GPipe,
// 1F1B or interleaved; `virtualStages` the chunks per device of the interleaved schedule. The Megatron
// request's parser and the pipeline simulation check the numbers with the whole plan.
import { STAGE_AXIS } from '../../sim/train/trainAxes.ts';
import { ruleError } from '../errors.ts';
import { text } from '../i18n.ts';
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
        'PlanRule',
        `pipeline.${name} must be a positive integer, got ${String(value)}.`,
        text(
          name === 'stages' ? '菜序站的数目必须是正整数。' : '每步上菜的轮数（微批数）必须是正整数。',
          name === 'stages'
            ? 'The number of course stations must be a whole, positive number.'
            : 'The rounds of tables per step (microbatches) must be a whole, positive number.',
        ),
      );
  if (stages !== undefined && !state.mesh.some((a) => a.name === STAGE_AXIS))
    return ruleError(
      'PlanRule',
      `The pipeline's stages are the '${STAGE_AXIS}' axis of the mesh, which this plan does not have.`,
      text(
        `菜序站就是网格里名为“${STAGE_AXIS}”的一排厨房，这个网格没有这一排。`,
        `The course stations are the grid's row called '${STAGE_AXIS}', which this grid does not have.`,
      ),
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
