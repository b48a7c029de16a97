// addManualOp: put an op into the shard_map body — usually a collective the player places (psum,
// all_gather, psum_scatter, all_to_all, ppermute), or a local op. The op's fields, its arguments and the
// collectives' axes are checked by the core's shard_map parser and builder with the whole plan.
import { ruleError } from '../errors.ts';
import { manualOf, next, type Rule } from './rule.ts';

/** Inserts an op into the shard_map body. */
export const addManualOp: Rule<'addManualOp'> = (_level, state, edit) => {
  const manual = manualOf(state);
  if (!manual.ok) return manual;
  const body = manual.value.body;
  const index = edit.index ?? body.length;
  if (!Number.isSafeInteger(index) || index < 0 || index > body.length)
    return ruleError(
      'rule/op-position',
      { max: body.length, got: String(index) },
      `body: an op can go at positions 0 to ${body.length}, not ${String(index)}.`,
    );
  return next({
    ...state,
    manual: { ...manual.value, body: [...body.slice(0, index), edit.op, ...body.slice(index)] },
  });
};
