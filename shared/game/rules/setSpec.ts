// setSpec: label a dish. The spec is canonicalised as `P(*entries)` does (a ragged nested tuple keeps JAX's
// ValueError); whether it fits the grid and the dish at both scales is checked with the whole plan.
import { canonicalizeSpec } from '../../sim/partitionSpec.ts';
import { fromSim } from '../explain.ts';
import { labelTarget } from './labels.ts';
import { next, type Rule } from './rule.ts';

/** Labels a dish (auto: its spec; manual: its in_specs / out_specs entry). */
export const setSpec: Rule<'setSpec'> = (level, state, edit) => {
  const target = labelTarget(level, state, edit.tensor);
  if (!target.ok) return target;
  const spec = fromSim(canonicalizeSpec(edit.spec));
  if (!spec.ok) return spec;
  if (target.value === 'specs')
    return next({ ...state, specs: { ...state.specs, [edit.tensor]: spec.value } });
  const manual = state.manual!;
  return next({
    ...state,
    manual: { ...manual, [target.value]: { ...manual[target.value], [edit.tensor]: spec.value } },
  });
};
