// One door for plans: applyEdit hands the plan it validated to evaluatePlan, which then plans nothing again
// and gives the evaluation it would give from scratch; a prepared plan of another plan is not used; and the
// game's typed tasting request tastes the same through the command line's door (tastePlan: build, plan,
// run) as through the plan already prepared (tastePlanned). A plan met again is the plan kept (memo.ts),
// and it evaluates as a cold one does; "from scratch" below empties the kept plans first.
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../../shared/game/applyEdit.ts';
import { evaluatePlan } from '../../../shared/game/evaluatePlan.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { PREPARED_PLANS_CACHE, preparePlan } from '../../../shared/game/preparePlan.ts';
import type { PlanState } from '../../../shared/game/planState.ts';
import { resetCaches } from '../../../shared/sim/memo.ts';
import { tastePlan, tastePlanned } from '../../../shared/sim/taste/tastePlan.ts';
import { candidateEdits } from '../../../bench/support/distinctPlans.ts';

/** `evaluatePlan(level, state)` with no plan kept from before: planned from scratch. */
const fromScratch = (level: (typeof LEVELS)[number], state: PlanState) => {
  resetCaches(PREPARED_PLANS_CACHE);
  return evaluatePlan(level, state);
};

describe.each(LEVELS.map((l) => [l.id, l] as const))('%s', (_id, level) => {
  const prepared = preparePlan(level, level.reference);
  if (!prepared.ok) throw new Error(prepared.error.message);

  it('keeps a prepared plan: an equal plan met again is prepared once, and holds the new plan object', () => {
    const first = preparePlan(level, level.reference);
    const again = structuredClone(level.reference) as PlanState;
    const kept = preparePlan(level, again);
    if (!first.ok || !kept.ok) throw new Error('the reference is refused');
    expect(kept.value.state).toBe(again);
    const [a, b] = [first.value, kept.value];
    if (a.engine === 'tasting+pricing' && b.engine === 'tasting+pricing') expect(b.tasting).toBe(a.tasting);
    else if (a.engine === 'train' && b.engine === 'train') expect(b.sim).toBe(a.sim);
    else throw new Error('one plan, two engines');
  });

  it('evaluates a kept plan again and again as a cold one', () => {
    const first = evaluatePlan(level, level.reference, prepared.value);
    const second = evaluatePlan(level, level.reference, prepared.value);
    expect(second).toEqual(first);
    expect(fromScratch(level, level.reference)).toEqual(first);
  });

  it('evaluates a prepared plan as it evaluates the plan from scratch', () => {
    expect(evaluatePlan(level, level.reference, prepared.value)).toEqual(fromScratch(level, level.reference));
  });

  it('prepares again when the prepared plan is of another plan', () => {
    expect(evaluatePlan(level, level.start, prepared.value)).toEqual(fromScratch(level, level.start));
  });

  it("hands an accepted edit's prepared plan on, for the very plan it returns", () => {
    const edit = candidateEdits(level).find((e) => applyEdit(level, level.reference, e).ok);
    if (edit === undefined) return;
    const r = applyEdit(level, level.reference, edit);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.prepared.state).toBe(r.state);
    expect(r.prepared.level).toBe(level);
    expect(evaluatePlan(level, r.state, r.prepared)).toEqual(fromScratch(level, r.state));
  });

  if (prepared.value.engine === 'tasting+pricing') {
    const t = prepared.value.tasting;
    it('tastes the typed request the same through the command line door', () => {
      expect(tastePlanned(t.request, t.tastingStep, t.tasting)).toEqual(tastePlan(t.request));
    });
  }
});
