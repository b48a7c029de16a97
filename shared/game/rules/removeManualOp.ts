// removeManualOp: take the op that defines `name` out of the shard_map body. An op that a later op or an
// output still reads cannot go (the core's builder names the reader).
import { ruleError } from '../errors.ts';
import { text } from '../i18n.ts';
import { manualOf, next, type Rule } from './rule.ts';

/** Removes an op from the shard_map body. */
export const removeManualOp: Rule<'removeManualOp'> = (_level, state, edit) => {
  const manual = manualOf(state);
  if (!manual.ok) return manual;
  const body = manual.value.body;
  if (!body.some((op) => op.name === edit.name))
    return ruleError(
      'PlanRule',
      `body: no op defines '${edit.name}'.`,
      text(`菜谱里没有名为“${edit.name}”的步骤。`, `No step of the recipe is called '${edit.name}'.`),
    );
  return next({ ...state, manual: { ...manual.value, body: body.filter((op) => op.name !== edit.name) } });
};
