// applyEdit (docs/design.md §3 "validate and apply a plan edit"): the level must offer the edit, its handler
// (rules/) makes the next plan, and the core validates and prepares the whole next plan (preparePlan.ts), once: evaluation reuses it.
// A refusal leaves the plan as it was and says why, in JAX's words and the kitchen's.
import type { PlanEdit, PlanEditType } from './actions.ts';
import { ruleError, type GameError } from './errors.ts';
import { EDIT_NAMES } from './editNames.ts';
import type { Level } from './level.ts';
import type { PlanState } from './planState.ts';
import { preparePlan, type PreparedPlan } from './preparePlan.ts';
import { addManualOp } from './rules/addManualOp.ts';
import { clearSpec } from './rules/clearSpec.ts';
import { removeManualOp } from './rules/removeManualOp.ts';
import { renameAxis } from './rules/renameAxis.ts';
import type { Rule } from './rules/rule.ts';
import { setManualOutput } from './rules/setManualOutput.ts';
import { setMesh } from './rules/setMesh.ts';
import { setMode } from './rules/setMode.ts';
import { setPipeline } from './rules/setPipeline.ts';
import { setRecompute } from './rules/setRecompute.ts';
import { setCapacityFactor } from './rules/setCapacityFactor.ts';
import { setSequenceParallel } from './rules/setSequenceParallel.ts';
import { setSpec } from './rules/setSpec.ts';
import { setZero } from './rules/setZero.ts';

/**
 * The next plan with what it was validated with (hand `prepared` to evaluatePlan: the plan is not planned
 * again), or why the edit was refused (the plan is unchanged).
 */
export type ApplyResult =
  | { readonly ok: true; readonly state: PlanState; readonly prepared: PreparedPlan }
  | { readonly ok: false; readonly error: GameError };

const RULES: { readonly [T in PlanEditType]: Rule<T> } = {
  setMesh,
  renameAxis,
  setSpec,
  clearSpec,
  setMode,
  setPipeline,
  setRecompute,
  setZero,
  setSequenceParallel,
  setCapacityFactor,
  addManualOp,
  removeManualOp,
  setManualOutput,
};

/**
 * Applies `edit` to `state` in `level`.
 * @example applyEdit(level, level.start, { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] })
 *   // { ok: true, state: { …, specs: { w1: [null, 'model'] } } }
 */
export function applyEdit(level: Level, state: PlanState, edit: PlanEdit): ApplyResult {
  const type = (edit as { type?: unknown }).type;
  const rule =
    typeof type === 'string' && Object.hasOwn(RULES, type) ? RULES[type as PlanEditType] : undefined;
  if (rule === undefined)
    return ruleError('rule/unknown-edit', { edit: String(type) }, `Unknown edit '${String(type)}'.`);
  if (!level.editable.includes(edit.type)) {
    const en = EDIT_NAMES[edit.type][1];
    return ruleError(
      'level/edit-not-offered',
      { edit: edit.type },
      `This level does not let the player change ${en} (${edit.type}).`,
    );
  }
  const result = (rule as Rule<PlanEditType>)(level, state, edit);
  if (!result.ok) return result;
  const prepared = preparePlan(level, result.value);
  return prepared.ok ? { ok: true, state: result.value, prepared: prepared.value } : prepared;
}
