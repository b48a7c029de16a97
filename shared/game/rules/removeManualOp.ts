// removeManualOp: take the op that defines `name` out of the shard_map body. An op that a later op or an
// output still reads cannot go (the core's builder names the reader).
import { ruleError } from '../errors.ts';
import { manualOf, next, type Rule } from './rule.ts';

/** Removes an op from the shard_map body. */
export const removeManualOp: Rule<'removeManualOp'> = (_level, state, edit) => {
  const manual = manualOf(state);
  if (!manual.ok) return manual;
  const body = manual.value.body;
  if (!body.some((op) => op.name === edit.name))
    return ruleError('rule/no-such-op', { name: edit.name }, `body: no op defines '${edit.name}'.`);
  return next({ ...state, manual: { ...manual.value, body: body.filter((op) => op.name !== edit.name) } });
};
