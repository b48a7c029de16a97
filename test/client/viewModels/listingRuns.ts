// Shared by the static-view listing tests: a level's plan evaluated, and a listing's rows under each group.
import { evaluatePlan, levelById, type Evaluation, type Level } from '../../../shared/index.ts';
import type { GroupRow, ListingRow } from '../../../client/viewModels/planListing.ts';

/** Level `id` and the evaluation of its start or reference plan; throws if the plan is refused. */
export function evaluated(
  id: string,
  plan: 'start' | 'reference' = 'reference',
): {
  level: Level;
  evaluation: Evaluation;
} {
  const level = levelById(id)!;
  const r = evaluatePlan(level, level[plan]);
  if (!r.ok) throw new Error(r.error.message);
  return { level, evaluation: r.evaluation };
}

/** Each group heading with the rows under it, up to the next heading of any kind. */
export function runs(rows: readonly ListingRow[]): { group: GroupRow; run: ListingRow[] }[] {
  return rows.flatMap((r, i) => {
    if (r.type !== 'group') return [];
    let end = i + 1;
    while (end < rows.length && rows[end]!.type !== 'group' && rows[end]!.type !== 'phase') end++;
    return [{ group: r, run: rows.slice(i + 1, end) }];
  });
}
