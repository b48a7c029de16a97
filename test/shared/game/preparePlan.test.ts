// One door for plans: applyEdit hands the plan it validated to evaluatePlan, which then plans nothing again
// and gives the evaluation it would give from scratch; a prepared plan of another plan is not used; and the
// game's typed tasting request tastes the same through the command line's door (tastePlan: build, plan,
// run) as through the plan already prepared (tastePlanned).
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../../shared/game/applyEdit.ts';
import { evaluatePlan } from '../../../shared/game/evaluatePlan.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { preparePlan } from '../../../shared/game/preparePlan.ts';
import { tastePlan, tastePlanned } from '../../../shared/sim/taste/tastePlan.ts';
import { candidateEdits } from '../../../bench/support/distinctPlans.ts';

describe.each(LEVELS.map((l) => [l.id, l] as const))('%s', (_id, level) => {
  const prepared = preparePlan(level, level.reference);
  if (!prepared.ok) throw new Error(prepared.error.message);

  it('evaluates a prepared plan as it evaluates the plan from scratch', () => {
    expect(evaluatePlan(level, level.reference, prepared.value)).toEqual(
      evaluatePlan(level, level.reference),
    );
  });

  it('prepares again when the prepared plan is of another plan', () => {
    expect(evaluatePlan(level, level.start, prepared.value)).toEqual(evaluatePlan(level, level.start));
  });

  it("hands an accepted edit's prepared plan on, for the very plan it returns", () => {
    const edit = candidateEdits(level).find((e) => applyEdit(level, level.reference, e).ok);
    if (edit === undefined) return;
    const r = applyEdit(level, level.reference, edit);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.prepared.state).toBe(r.state);
    expect(r.prepared.level).toBe(level);
    expect(evaluatePlan(level, r.state, r.prepared)).toEqual(evaluatePlan(level, r.state));
  });

  if (prepared.value.engine === 'tasting+pricing') {
    const t = prepared.value.tasting;
    it('tastes the typed request the same through the command line door', () => {
      expect(tastePlanned(t.request, t.tastingStep, t.tasting)).toEqual(tastePlan(t.request));
    });
  }
});
