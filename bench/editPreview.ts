// One accepted edit, as the two sides pay for it (issue 11): the server's applyEdit (what a classroom
// MSG_EDIT costs the room besides the network) and the browser's applyEdit + preview (evaluatePlan of the
// edited plan with the plan applyEdit prepared, what LevelSession and TeamPlanSession run on every change). For each measured level: the
// first edit the level offers that is accepted from its reference plan, alternated with its inverse (back
// to the reference), so every call is one real accepted edit; medians, milliseconds.
// `node --import tsx bench/editPreview.ts` runs it alone (under a minute); BENCH_EDIT_LEVELS=id,id picks
// the levels (default: a label level, the transformer-block level and the Megatron banquet). The plans a
// level met before are kept (preparePlan.ts): `applyEdit` and `applyEditAndPreview` time a first visit
// (the kept plans emptied before each call), `applyEditKept` an edit to a plan met before.
import { fileURLToPath } from 'node:url';
import { applyEdit } from '../shared/game/applyEdit.ts';
import { evaluatePlan } from '../shared/game/evaluatePlan.ts';
import type { Level } from '../shared/game/level.ts';
import { levelById } from '../shared/game/levels/index.ts';
import type { PlanEdit } from '../shared/game/actions.ts';
import type { PlanState } from '../shared/game/planState.ts';
import { candidateEdits } from './support/distinctPlans.ts';
import { measure, type Measurement } from './measure.ts';
import { PREPARED_PLANS_CACHE } from '../shared/game/preparePlan.ts';
import { resetCaches } from '../shared/sim/memo.ts';

const LEVEL_IDS = (
  process.env.BENCH_EDIT_LEVELS ?? 'fridge-too-small,myth-model-parallel-is-copying,the-banquet'
).split(',');
const OPTIONS = { warmup: 3, minRuns: 10, budgetMs: 1500 };

/** An edit accepted from the reference, and the edit that takes the plan back (the reference's own value). */
function editPair(level: Level): {
  readonly there: PlanEdit;
  readonly back: PlanEdit;
  readonly edited: PlanState;
} {
  const ref = JSON.stringify(level.reference);
  for (const there of candidateEdits(level)) {
    const r = applyEdit(level, level.reference, there);
    if (!r.ok || JSON.stringify(r.state) === ref) continue;
    for (const back of candidateEdits(level)) {
      const b = applyEdit(level, r.state, back);
      if (b.ok && JSON.stringify(b.state) === ref) return { there, back, edited: r.state };
    }
  }
  throw new Error(`${level.id}: no edit and inverse accepted from the reference plan.`);
}

export interface EditPreviewReport {
  readonly level: string;
  readonly edit: PlanEdit;
  /** applyEdit alone, to a plan not met before: the server's cost of one accepted edit. */
  readonly applyEdit: Measurement;
  /** applyEdit alone, to a plan met before (kept). */
  readonly applyEditKept: Measurement;
  /** applyEdit, then evaluatePlan of the edited plan: the browser's cost of one accepted edit. */
  readonly applyEditAndPreview: Measurement;
}

/** Both costs for every measured level. */
export function benchEditPreview(): { readonly name: string; readonly levels: readonly EditPreviewReport[] } {
  const levels = LEVEL_IDS.map((id) => {
    const level = levelById(id);
    if (level === undefined) throw new Error(`No level ${id}.`);
    const { there, back, edited } = editPair(level);
    const step = (preview: boolean, kept = false) => {
      let at = 0;
      return () => {
        if (!kept) resetCaches(PREPARED_PLANS_CACHE);
        const [from, edit] = at++ % 2 === 0 ? [level.reference, there] : [edited, back];
        const r = applyEdit(level, from, edit);
        if (!r.ok) throw new Error(`${id}: the edit was refused: ${r.error.message}`);
        if (preview && !evaluatePlan(level, r.state, r.prepared).ok)
          throw new Error(`${id}: the preview failed.`);
      };
    };
    return {
      level: id,
      edit: there,
      applyEdit: measure(`applyEdit ${id} (server, per accepted edit)`, step(false), OPTIONS),
      applyEditKept: measure(`applyEdit ${id} (server, plan met before)`, step(false, true), OPTIONS),
      applyEditAndPreview: measure(`applyEdit + evaluatePlan ${id} (browser, per edit)`, step(true), OPTIONS),
    };
  });
  return { name: 'one accepted edit: applyEdit (server) and applyEdit + preview (browser)', levels };
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(JSON.stringify({ node: process.version, results: [benchEditPreview()] }, null, 2));
