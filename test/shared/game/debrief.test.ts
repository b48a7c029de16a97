// The debrief's comparison and the figures every screen prints (planFigures): a plan that does not fit is
// not served, so it has no step time and no rate (NOT_SERVED), and the comparison says so with its fridge.
import { describe, expect, it } from 'vitest';
import { NOT_SERVED, debrief, planFigures } from '../../../shared/game/debrief.ts';
import { formatRate } from '../../../shared/game/format.ts';
import { levelById } from '../../../shared/game/levels/index.ts';
import { evaluate } from './helpers.ts';

describe('debrief figures', () => {
  const level = levelById('cook-again')!;
  const trap = evaluate(level, level.trap.plan);
  const reference = evaluate(level, level.reference);

  it('a plan out of memory has no step time and no rate, only its fullest fridge', () => {
    expect(trap.pricing.memory.fits).toBe(false);
    const f = planFigures(trap);
    expect(f).toMatchObject({ fits: false, stepTime: NOT_SERVED, rate: NOT_SERVED });
    expect(f.memory).toMatch(/GB$/);
    const told = debrief(level, trap);
    expect(told.en).toContain(`Yours: not served, it does not fit (fullest fridge ${f.memory})`);
    expect(told['zh-CN']).toContain(`你的计划：放不下，没能上菜（最满的冷柜 ${f.memory}）`);
  });

  it('a plan that fits is quoted with its step time and rate', () => {
    const f = planFigures(reference);
    expect(f.fits).toBe(true);
    expect(f.stepTime).not.toBe(NOT_SERVED);
    expect(debrief(level, reference).en).toContain(`Yours: ${f.stepTime} a step, ${f.rate} tokens/s`);
  });

  it('prints a zero rate as 0', () => {
    expect(formatRate(0)).toBe('0');
    expect(formatRate(12_200)).toBe('12.2k');
  });
});
