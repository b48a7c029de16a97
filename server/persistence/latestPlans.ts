// The stored snapshot made current: a change of plans alone (an accepted edit, a lock) writes the team's plan
// row and not the session's snapshot (sessionChange.ts), so the snapshot's plans of its current round can be
// older than the rows. Every change writes each plan it changed to its row, in the same transaction, so the
// rows of the snapshot's round are that round's plans: a row whose version or lock differs is the newer one.
import type { SessionSnapshot, TeamActivity, TeamPlan } from '../../shared/index.ts';
import type { PlanRow } from './SessionStore.ts';

/** `snapshotJson` with the plans of its round taken from `rows` where they are newer (the same text if none is). */
export function withLatestPlans(snapshotJson: string, rows: readonly PlanRow[]): string {
  const s = JSON.parse(snapshotJson) as SessionSnapshot;
  let plans: Record<string, TeamPlan> | undefined;
  for (const r of rows) {
    const stored = s.plans[r.team];
    if (r.round !== s.round || stored === undefined) continue;
    if (stored.version === r.version && stored.locked === r.locked) continue;
    plans ??= { ...s.plans };
    plans[r.team] = {
      plan: JSON.parse(r.planJson) as TeamPlan['plan'],
      version: r.version,
      locked: r.locked,
      ...(r.activityJson === null ? {} : { activity: JSON.parse(r.activityJson) as TeamActivity[] }),
    };
  }
  return plans === undefined ? snapshotJson : JSON.stringify({ ...s, plans });
}
