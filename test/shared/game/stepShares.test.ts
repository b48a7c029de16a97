// One breakdown of a kitchen's step (issue 13 item 2): the critical kitchen's shares read from the timeline
// equal the priced breakdown for every level's start, reference and trap plan; the serve report quotes the
// same percentages; the profiler's handed-over plan is communication-bound in every view.
import { describe, expect, it } from 'vitest';
import {
  criticalKitchen,
  evaluatePlan,
  formatPercent,
  kitchenShares,
  LEVELS,
  levelById,
  makeMesh,
  meshPairs,
  stepShares,
  unwrap,
  type Evaluation,
  type Level,
  type PlanState,
} from '../../../shared/index.ts';
import { kitchenDetails } from '../../../client/viewModels/kitchenDetails.ts';

const seen = new Map<PlanState, Evaluation>();
function evaluated(level: Level, plan: PlanState): Evaluation {
  const known = seen.get(plan);
  if (known) return known;
  const r = evaluatePlan(level, plan);
  if (!r.ok) throw new Error(r.error.message);
  seen.set(plan, r.evaluation);
  return r.evaluation;
}

const cases = LEVELS.flatMap((level) =>
  (
    [
      ['start', level.start],
      ['reference', level.reference],
      ['trap', level.trap.plan],
    ] as const
  ).map(([name, plan]) => ({ id: `${level.id} ${name}`, level, plan })),
);

describe('stepShares', () => {
  it.each(cases)('$id: sums to 1 and is the priced breakdown', ({ level, plan }) => {
    const e = evaluated(level, plan);
    const s = stepShares(e);
    const { stepS, breakdownS: b } = e.pricing;
    expect(s.compute + s.communication + s.bubble + s.other).toBeCloseTo(1, 9);
    expect(s.compute + s.other).toBeCloseTo(b.compute / stepS, 9);
    expect(s.communication).toBeCloseTo(b.communication / stepS, 9);
    expect(s.bubble).toBeCloseTo(b.bubble / stepS, 9);
    // The local view opened on a critical kitchen shows the same figures.
    const mesh = unwrap(makeMesh(meshPairs(plan)));
    const k = criticalKitchen(e.timeline);
    expect(kitchenDetails(level, e, mesh, k).stove).toEqual(s);
    expect(kitchenShares(e, k)).toEqual(s);
    // Without a pipeline nothing waits for a stage: the bubble is 0, not the rounding of the sums ("<1%").
    const stages = plan.mesh.find((a) => a.name === 'stage')?.size ?? 1;
    if (stages === 1) expect(formatPercent(s.bubble)).toBe('0%');
  });

  it("the profiler's handed-over plan: passing is three quarters of the step, in the report and the local view", () => {
    const level = levelById('the-profiler')!;
    const e = evaluated(level, level.start);
    const s = stepShares(e);
    expect(s.communication).toBeGreaterThan(0.7);
    expect(s.compute).toBeLessThan(0.3);
    const mesh = unwrap(makeMesh(meshPairs(level.start)));
    expect(kitchenDetails(level, e, mesh, 0).stove.communication).toBeCloseTo(s.communication, 9);
    expect(e.limitedBy).toBe('communication');
    expect(e.explanation.en).toContain(`takes ${formatPercent(s.communication)} of the`);
    // The dynamic view draws the tensor-parallel collectives inside the courses.
    const passing = e.timeline.lanes[0]!.events.filter((x) => x.kind === 'collective' && !x.overlapped);
    expect(passing.length).toBeGreaterThan(64);
  });

  it('never calls a plan good while its stoves wait more than a fifth of the step', () => {
    for (const { level, plan } of cases) {
      const e = evaluated(level, plan);
      const s = stepShares(e);
      if (s.communication + s.bubble > 0.2)
        expect(e.explanation.en, `${level.id}`).not.toContain('what a good plan looks like');
      // A compute-bound verdict quotes the cooking share the views show.
      if (e.explanation.en.startsWith('The stoves cook for'))
        expect(e.explanation.en).toContain(`cook for ${formatPercent(s.compute)} of`);
    }
    const courses = levelById('courses')!;
    const e = evaluated(courses, courses.reference);
    expect(stepShares(e).bubble).toBeGreaterThan(0.2);
    expect(e.explanation.en).toContain(`idle (bubble) ${formatPercent(stepShares(e).bubble)}`);
  });
});
