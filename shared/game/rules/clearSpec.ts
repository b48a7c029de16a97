// clearSpec: remove a dish's label. In auto mode the tensor is unannotated again (GSPMD decides; an input
// is replicated); in manual mode an input's in_specs entry and an output's out_specs entry become `P()`.
import { labelTarget } from './labels.ts';
import { next, type Rule } from './rule.ts';

/** Removes a dish's label. */
export const clearSpec: Rule<'clearSpec'> = (level, state, edit) => {
  const target = labelTarget(level, state, edit.tensor);
  if (!target.ok) return target;
  if (target.value === 'specs') {
    const specs = Object.fromEntries(Object.entries(state.specs).filter(([k]) => k !== edit.tensor));
    return next({ ...state, specs });
  }
  const manual = state.manual!;
  return next({
    ...state,
    manual: { ...manual, [target.value]: { ...manual[target.value], [edit.tensor]: [] } },
  });
};
