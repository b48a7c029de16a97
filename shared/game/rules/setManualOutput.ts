// setManualOutput: which value of the shard_map body is served under an output name (tasted against the
// model's value of that name). The output must exist; the value is checked by the core's builder.
import { ruleError } from '../errors.ts';
import { manualOf, next, type Rule } from './rule.ts';

/** Serves a body value under an output name. */
export const setManualOutput: Rule<'setManualOutput'> = (_level, state, edit) => {
  const manual = manualOf(state);
  if (!manual.ok) return manual;
  if (!Object.hasOwn(manual.value.outputs, edit.output))
    return ruleError(
      'rule/no-such-output',
      { output: edit.output, outputs: Object.keys(manual.value.outputs) },
      `outputs: the shard_map has no output named '${edit.output}'; its outputs: ${Object.keys(manual.value.outputs).join(', ')}.`,
    );
  return next({
    ...state,
    manual: { ...manual.value, outputs: { ...manual.value.outputs, [edit.output]: edit.value } },
  });
};
