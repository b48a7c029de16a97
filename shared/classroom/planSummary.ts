// One line describing a plan for the results table and the CSV (contract TeamRoundResult.planSummary):
// the grid, the mode, the labels in JAX's Python spelling, then whatever differs from the defaults.
import { PLAN_DEFAULTS, type PlanState, type SpecJson } from '../game/planState.ts';

/** A PartitionSpec JSON in Python spelling: [None,'model'], [('data','model')]. */
export function pythonSpec(spec: SpecJson): string {
  const entry = (e: SpecJson[number]): string =>
    e === null
      ? 'None'
      : typeof e === 'string'
        ? `'${e}'`
        : `(${e.map((a) => `'${a}'`).join(',')}${e.length === 1 ? ',' : ''})`;
  return `[${spec.map(entry).join(',')}]`;
}

/**
 * @example planSummary(planState({ mesh: [{ name: 'data', size: 2 }, { name: 'model', size: 2 }], specs: { w1: [null, 'model'] } }))
 *   // "data×2 model×2 auto w1=[None,'model']"
 */
export function planSummary(plan: PlanState): string {
  const parts = [plan.mesh.map((a) => `${a.name}×${a.size}`).join(' '), plan.mode];
  for (const [name, spec] of Object.entries(plan.specs)) parts.push(`${name}=${pythonSpec(spec)}`);
  if (plan.manual !== null && plan.mode === 'manual') parts.push(`ops=${plan.manual.body.length}`);
  const p = plan.pipeline;
  const d = PLAN_DEFAULTS.pipeline;
  if (p.microbatches !== d.microbatches || p.schedule !== d.schedule || p.virtualStages !== d.virtualStages)
    parts.push(
      `pipeline=${p.schedule} m=${p.microbatches}${p.virtualStages > 1 ? ` v=${p.virtualStages}` : ''}`,
    );
  if (plan.recompute !== PLAN_DEFAULTS.recompute) parts.push(`recompute=${plan.recompute}`);
  if (plan.zeroStage !== 0) parts.push(`zero=${plan.zeroStage}`);
  if (plan.sequenceParallel) parts.push('sp');
  if (plan.capacityFactor !== null) parts.push(`cf=${plan.capacityFactor}`);
  return parts.join(' ');
}
