// "This is what a good plan looks like" only under a plan that earns three stars. The verdict used to praise
// any plan whose stoves waited under a fifth of the step: the always-model-parallel trap (two stars, its
// debrief showing data parallelism faster) and full recompute on cook-again (one star) were called good.
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { evaluate } from './helpers.ts';

const GOOD = { en: 'This is what a good plan looks like', 'zh-CN': '好方案就是这样' } as const;

describe('the compute-bound verdict', () => {
  it('calls the always-model-parallel trap busy but not good, in both languages', () => {
    const level = LEVELS.find((l) => l.id === 'myth-always-model-parallel')!;
    const e = evaluate(level, level.trap.plan);
    expect(e.limitedBy).toBe('compute');
    expect(e.stars).toBeLessThan(3);
    expect(e.explanation.en).not.toContain(GOOD.en);
    expect(e.explanation.en).toContain(
      'busy stoves do not make a fast plan: this one is short of three stars',
    );
    expect(e.explanation['zh-CN']).not.toContain(GOOD['zh-CN']);
    expect(e.explanation['zh-CN']).toContain('这个方案还不到三星');
  });

  it('praises no plan of any level below three stars, and still praises some at three', () => {
    let praised = 0;
    for (const level of LEVELS)
      for (const plan of [
        level.start,
        level.reference,
        level.trap.plan,
        ...Object.values(level.lessonPlans ?? {}),
      ]) {
        const e = evaluate(level, plan);
        const good = e.explanation.en.includes(GOOD.en);
        expect(good && e.stars < 3, `${level.id}: ${e.stars} stars called good`).toBe(false);
        expect(e.explanation['zh-CN'].includes(GOOD['zh-CN'])).toBe(good);
        if (good) praised++;
      }
    expect(praised).toBeGreaterThan(0);
  });
});
