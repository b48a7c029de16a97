// Distinct valid plans of a level, as a class of teams would submit them: a breadth-first walk from the
// level's reference and start plans over the edits the level offers (labels of every dish on every axis,
// grids whose sizes are powers of two filling the kitchens, pipeline, recompute, ZeRO, sequence parallel);
// every plan is one applyEdit accepted, so the list is deterministic and contains no invalid plan.
import { applyEdit } from '../../shared/game/applyEdit.ts';
import type { PlanEdit } from '../../shared/game/actions.ts';
import type { Level } from '../../shared/game/level.ts';
import type { MeshAxisState, PlanState, SpecJson } from '../../shared/game/planState.ts';

/** Spec ranks tried for a dish (a refused rank is simply not a candidate). */
const RANKS = [1, 2, 3];
const MICROBATCHES = [8, 32, 64, 192];

/** Axis sizes (powers of two) for `names` whose product is exactly `devices`, major axis first. */
function grids(names: readonly string[], devices: number): MeshAxisState[][] {
  if (names.length === 0) return devices === 1 ? [[]] : [];
  const [first, ...rest] = names;
  const out: MeshAxisState[][] = [];
  for (let size = 1; size <= devices; size *= 2)
    if (devices % size === 0)
      for (const tail of grids(rest, devices / size)) out.push([{ name: first!, size }, ...tail]);
  return out;
}

/** Every edit of the kinds `level` offers, with arguments from its limits. */
export function candidateEdits(level: Level): PlanEdit[] {
  const { tensors, axisNames, maxDevices } = level.limits;
  const edits: PlanEdit[] = [];
  for (const tensor of tensors) {
    for (const ax of axisNames)
      for (const rank of RANKS)
        for (let at = 0; at < rank; at++) {
          const spec: SpecJson = Array.from({ length: rank }, (_, i) => (i === at ? ax : null));
          edits.push({ type: 'setSpec', tensor, spec });
        }
    edits.push({ type: 'clearSpec', tensor });
  }
  for (const axes of grids(axisNames, maxDevices)) edits.push({ type: 'setMesh', axes });
  for (const microbatches of MICROBATCHES) edits.push({ type: 'setPipeline', microbatches });
  for (const policy of ['none', 'selective', 'full'] as const) edits.push({ type: 'setRecompute', policy });
  for (const stage of [0, 1, 2, 3] as const) edits.push({ type: 'setZero', stage });
  for (const enabled of [false, true]) edits.push({ type: 'setSequenceParallel', enabled });
  return edits.filter((e) => level.editable.includes(e.type));
}

/**
 * `n` distinct plans of `level` (reference first, then start, then plans one, two, … accepted edits away).
 * Throws when the level offers fewer than `n` (a benchmark needs exactly `n` teams).
 */
export function distinctPlans(level: Level, n: number): PlanState[] {
  const edits = candidateEdits(level);
  const seen = new Set<string>();
  const plans: PlanState[] = [];
  const add = (plan: PlanState) => {
    const key = JSON.stringify(plan);
    if (seen.has(key)) return;
    seen.add(key);
    plans.push(plan);
  };
  add(level.reference);
  add(level.start);
  for (let i = 0; i < plans.length && plans.length < n; i++)
    for (const edit of edits) {
      const r = applyEdit(level, plans[i]!, edit);
      if (r.ok) add(r.state);
      if (plans.length >= n) break;
    }
  if (plans.length < n) throw new Error(`${level.id} offers only ${plans.length} distinct plans, not ${n}.`);
  return plans.slice(0, n);
}
