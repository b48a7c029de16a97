// The edits that make a plan from another with the editors' own edits (the `session.edit` the controls
// call): the browser tests and scripts/levelScreenshots.ts play a level's reference or trap through them.
import type { PlanEdit } from '../../shared/game/actions.ts';
import type { PlanState } from '../../shared/game/planState.ts';

/** The edits that take `from` to `to`, in an order every level accepts (grid first, labels last). */
export function editsBetween(from: PlanState, to: PlanState): PlanEdit[] {
  const out: PlanEdit[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (from.mode !== to.mode) out.push({ type: 'setMode', mode: to.mode });
  const renamedOnly =
    from.mesh.length === to.mesh.length && from.mesh.every((a, i) => a.size === to.mesh[i]!.size);
  if (renamedOnly)
    from.mesh.forEach((a, i) => {
      if (a.name !== to.mesh[i]!.name) out.push({ type: 'renameAxis', from: a.name, to: to.mesh[i]!.name });
    });
  else if (!same(from.mesh, to.mesh)) out.push({ type: 'setMesh', axes: to.mesh });
  if (!same(from.pipeline, to.pipeline))
    out.push({
      type: 'setPipeline',
      microbatches: to.pipeline.microbatches,
      schedule: to.pipeline.schedule,
      virtualStages: to.pipeline.virtualStages,
    });
  if (from.recompute !== to.recompute) out.push({ type: 'setRecompute', policy: to.recompute });
  if (from.zeroStage !== to.zeroStage) out.push({ type: 'setZero', stage: to.zeroStage });
  if (from.sequenceParallel !== to.sequenceParallel)
    out.push({ type: 'setSequenceParallel', enabled: to.sequenceParallel });
  if (to.capacityFactor !== null && from.capacityFactor !== to.capacityFactor)
    out.push({ type: 'setCapacityFactor', factor: to.capacityFactor });
  for (const tensor of Object.keys(from.specs))
    if (!(tensor in to.specs)) out.push({ type: 'clearSpec', tensor });
  for (const [tensor, spec] of Object.entries(to.specs))
    if (!same(from.specs[tensor], spec)) out.push({ type: 'setSpec', tensor, spec });
  const [fm, tm] = [from.manual, to.manual];
  if (fm && tm) {
    for (const op of fm.body)
      if (!tm.body.some((o) => same(o, op))) out.push({ type: 'removeManualOp', name: op.name });
    tm.body.forEach((op, index) => {
      if (!fm.body.some((o) => same(o, op))) out.push({ type: 'addManualOp', op, index });
    });
    for (const [output, value] of Object.entries(tm.outputs))
      if (fm.outputs[output] !== value) out.push({ type: 'setManualOutput', output, value });
  }
  return out;
}
