// The debrief's comparison and the figures every screen prints (planFigures): a plan that does not fit is
// not served, so it has no step time and no rate (NOT_SERVED), and the comparison says so with its fridge;
// a plan that runs but is not served (a wrong tasting, too many guests turned away) has a step time and no
// rate — a wrong dish is never quoted as faster than par.
import { describe, expect, it } from 'vitest';
import { NOT_SERVED, debrief, planFigures } from '../../../shared/game/debrief.ts';
import { formatRate } from '../../../shared/game/format.ts';
import { levelById } from '../../../shared/game/levels/index.ts';
import { lessonEvaluations } from '../../../shared/game/lessonPlans.ts';
import { evaluate } from './helpers.ts';
import { criticalDevices } from '../../../shared/game/stepShares.ts';

describe('debrief figures', () => {
  const level = levelById('cook-again')!;
  const trap = evaluate(level, level.trap.plan);
  const reference = evaluate(level, level.reference);

  it('a plan out of memory has no step time and no rate, only its fullest fridge', () => {
    expect(trap.pricing.memory.fits).toBe(false);
    const f = planFigures(trap);
    expect(f).toMatchObject({
      fits: false,
      served: false,
      stepTime: NOT_SERVED,
      rate: NOT_SERVED,
      notServedBecause: 'it does not fit',
    });
    expect(planFigures(trap, 'zh-CN').notServedBecause).toBe('放不下');
    expect(f.memory).toMatch(/GB$/);
    const told = debrief(level, trap);
    expect(told.en).toContain(`Yours: not served, it does not fit (fullest fridge ${f.memory})`);
    expect(told['zh-CN']).toContain(`你的方案：放不下，没能上菜（最满的冷柜 ${f.memory}）`);
  });

  it('a plan that fits is quoted with its step time and rate', () => {
    const f = planFigures(reference);
    expect(f.fits).toBe(true);
    expect(f.stepTime).not.toBe(NOT_SERVED);
    expect(f).toMatchObject({ served: true, notServedBecause: '' });
    expect(debrief(level, reference).en).toContain(`Yours: ${f.stepTime} a step, ${f.rate} tokens/s`);
  });

  it('prints a zero rate as 0', () => {
    expect(formatRate(0)).toBe('0');
    expect(formatRate(12_200)).toBe('12.2k');
  });
  it('a plan that runs but tastes wrong has its step time and no rate, and the comparison says why', () => {
    const tasting = levelById('the-tasting')!;
    const wrong = evaluate(tasting, tasting.trap.plan);
    expect(wrong.tasting?.ok).toBe(false);
    const f = planFigures(wrong);
    expect(f).toMatchObject({
      fits: true,
      served: false,
      rate: NOT_SERVED,
      notServedBecause: 'the tasting failed',
    });
    expect(f.stepTime).not.toBe(NOT_SERVED);
    expect(planFigures(wrong, 'zh-CN').rate).toBe(NOT_SERVED);
    const told = debrief(tasting, wrong);
    expect(told.en).toContain(
      `Yours: ${f.stepTime} a step but not served, the tasting failed (fullest fridge`,
    );
    expect(told['zh-CN']).toContain(`你的方案：一步 ${f.stepTime}，但没能上菜：试菜不对（最满的冷柜`);
  });

  it('a plan that turns away too many guests has no rate either (full counters at capacity factor 1)', () => {
    const stations = levelById('full-stations')!;
    const factor1 = lessonEvaluations(stations)('factor1');
    expect(factor1.score.reason).toMatch(/^dropped /);
    const f = planFigures(factor1);
    expect(f).toMatchObject({ fits: true, served: false, rate: NOT_SERVED });
    expect(f.notServedBecause).toBe('too many guests turned away');
  });

  it("counts each kind of pass per step, as the views' ×N does, not the priced rows", () => {
    // Courses at 8 stations, 64 rounds: the critical station sends its output to the next one 64 times a
    // step (one priced row, perStep 64) and all-reduces the tied embedding's gradient once.
    const courses = levelById('courses')!;
    const e = evaluate(courses, courses.reference);
    const sends = e.pricing.collectives.filter((c) => c.kind === 'ppermute');
    expect(sends.map((c) => c.perStep)).toEqual([64]);
    expect(planFigures(e).passes).toBe('ppermute ×64, AllReduce ×1');
    // A pipeline's kitchens pass differently: the line names the kitchen it counts, the one that finishes last.
    expect(debrief(courses, e).en).toContain(
      'passes per step of kitchen 0, the last to finish: ppermute ×64, AllReduce ×1.',
    );
    expect(debrief(courses, e)['zh-CN']).toContain('最后完工的 0 号厨房每步传菜：ppermute');
    expect(criticalDevices(e.timeline)).toEqual([0]);
    // ZeRO-3's gathers run per layer and round: thousands a step, grouped by thousands.
    const banquet = levelById('the-banquet')!;
    const b = evaluate(banquet, banquet.reference);
    const gathers = b.pricing.collectives
      .filter((c) => c.kind === 'all-gather')
      .reduce((n, c) => n + c.perStep, 0);
    expect(gathers).toBeGreaterThan(1000);
    expect(planFigures(b).passes).toContain(`AllGather ×${gathers.toLocaleString('en-US')}`);
  });
});
