// A level's lesson quotes the plans it names through placeholders filled from their evaluations
// (shared/game/lesson.ts), so a figure cannot outlive its plan: every level's lesson fills in both languages,
// the levels whose reference moved to par quote the reference's own figures, and a placeholder the core
// cannot fill is an error.
import { describe, expect, it } from 'vitest';
import { planFigures } from '../../../shared/game/debrief.ts';
import { LOCALES } from '../../../shared/game/i18n.ts';
import { lesson } from '../../../shared/game/lesson.ts';
import { LEVELS, levelById } from '../../../shared/game/levels/index.ts';
import { text } from '../../../shared/game/i18n.ts';
import { evaluate } from './helpers.ts';

describe('lessons', () => {
  it.each(LEVELS.map((l) => [l.id, l] as const))('%s fills every placeholder in both languages', (_, l) => {
    const told = lesson(l);
    for (const locale of LOCALES) expect(told[locale]).not.toMatch(/\{[a-z]+\.[a-zA-Z]+\}/);
  });

  it.each([
    'tasting-menu',
    'courses',
    'seasoning-ledgers',
    'the-profiler',
    'the-banquet',
    'myth-gspmd-is-automatic',
    'passing-styles',
  ])("%s quotes its reference plan's step time, as the screens print it", (id) => {
    const level = levelById(id)!;
    const figures = planFigures(evaluate(level, level.reference));
    for (const locale of LOCALES) expect(lesson(level)[locale]).toContain(figures.stepTime);
  });

  it('the profiler quotes what its reference plan is now, not the plan it replaced', () => {
    const level = levelById('the-profiler')!;
    const en = lesson(level).en;
    expect(en).not.toContain('23.3 s');
    expect(en).toContain(planFigures(evaluate(level, level.reference)).rate);
  });

  it('refuses a figure or a plan it does not know', () => {
    const level = levelById('fridge-too-small')!;
    const bad = (s: string) => () => lesson({ ...level, debrief: text(s, s) });
    expect(bad('{reference.speed}')).toThrow(/no lesson figure 'speed'/);
    expect(bad('{best.stepTime}')).toThrow(/unknown plan/);
    expect(lesson({ ...level, debrief: text('{start.memory}', '{start.memory}') }).en).toBe('35.6 GB');
  });
});
