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
import { formatBytes, formatGb } from '../../../shared/game/format.ts';
import { stepShares } from '../../../shared/game/stepShares.ts';
import { lessonPlan, lessonPlanNames } from '../../../shared/game/lessonPlans.ts';
import { levelCommand } from '../../../server/sim/levelCommand.ts';
import type { Level } from '../../../shared/game/level.ts';

/** `level`'s lesson for a debrief of `s` in both languages. */
const told = (level: Level, s: string) => lesson({ ...level, debrief: text(s, s) }).en;
const withPlans = LEVELS.filter((l) => l.lessonPlans !== undefined);

describe('lessons', () => {
  it.each(LEVELS.map((l) => [l.id, l] as const))('%s fills every placeholder in both languages', (_, l) => {
    const told = lesson(l);
    for (const locale of LOCALES) expect(told[locale]).not.toMatch(/\{[a-z]+\.[a-zA-Z]+\}/);
    expect(told.en, 'a figure filled into the English lesson is English').not.toMatch(/\p{Script=Han}/u);
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

  // The metrics panel names a level's rate by its pricing's unit ("Examples per second" / "每秒处理样本数",
  // "Tokens per second" / "每秒处理 token 数"): a debrief names the same figure the same way, not "rows" or
  // "orders" (the spice rack's debrief said orders per second under a panel of examples per second).
  it.each(LEVELS.map((l) => [l.id, l] as const))(
    '%s names every rate by the unit its panel shows',
    (_, l) => {
      const unit = evaluate(l, l.reference).pricing.throughputUnit;
      const after = {
        en: unit === 'tokens' ? ' tokens per second' : ' examples per second',
        'zh-CN': unit === 'tokens' ? ' 个 token' : ' 个样本',
      };
      for (const locale of LOCALES)
        for (const m of l.debrief[locale].matchAll(/\{[a-zA-Z0-9]+\.rate\}/g))
          expect(l.debrief[locale].slice(m.index + m[0].length), `${m[0]} (${locale})`).toMatch(
            new RegExp(`^${after[locale]}`),
          );
    },
  );

  // A plan that does not fit cannot run, so the screens show no step time for it (debrief.ts planFigures);
  // a lesson may still say what its step would cost, as the views' "were it to fit" does, but only in words
  // that say so, in the sentence that quotes it.
  const TIME_FIGURES = /^(stepTime|waitingTime|[a-zA-Z]+Time)$/;
  const HYPOTHETICAL: Record<(typeof LOCALES)[number], RegExp> = {
    en: /were it to fit/,
    'zh-CN': /假如放得下/,
  };
  it.each(LEVELS.map((l) => [l.id, l] as const))(
    '%s quotes a time of a plan that does not fit only as what it would be',
    (_, level) => {
      const fits = (name: string) => evaluate(level, lessonPlan(level, name)!).pricing.memory.fits;
      for (const locale of LOCALES)
        for (const sentence of level.debrief[locale].split(/(?<=[。；]|\. )/u))
          for (const [, plan, figure] of sentence.matchAll(/\{([a-zA-Z0-9]+)\.([a-zA-Z]+)\}/g))
            if (TIME_FIGURES.test(figure!) && !fits(plan!))
              expect(sentence, `${plan}.${figure}`).toMatch(HYPOTHETICAL[locale]);
    },
  );

  it('the profiler quotes what its reference plan is now, not the plan it replaced', () => {
    const level = levelById('the-profiler')!;
    const en = lesson(level).en;
    expect(en).not.toContain('23.3 s');
    expect(en).toContain(planFigures(evaluate(level, level.reference)).rate);
  });

  it.each(withPlans.map((l) => [l.id, l] as const))(
    '%s: each further plan evaluates, and the debrief quotes it in both languages',
    (_, l) => {
      const names = Object.keys(l.lessonPlans!);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        expect(evaluate(l, lessonPlan(l, name)!).pricing.stepS).toBeGreaterThan(0);
        for (const locale of LOCALES) expect(l.debrief[locale]).toContain(`{${name}.`);
      }
      expect(lessonPlanNames(l)).toEqual(['start', 'reference', 'trap', 'par', ...names]);
    },
  );

  it('courses: the range of fridges GPipe needs, the waiting of one round, from the described plans', () => {
    const level = levelById('courses')!;
    const gpipe = evaluate(level, level.trap.plan);
    const totals = gpipe.pricing.memory.groups.map((g) => g.bytes.total);
    expect(totals.length).toBe(8);
    const range = `${formatGb(Math.min(...totals))} to ${formatGb(Math.max(...totals))} per fridge`;
    expect(lesson(level).en).toContain(range);
    // One round on 8 stations: about (p−1)/p = 7/8 of the critical station's step is waiting.
    const oneRound = evaluate(level, level.start);
    const waiting = Number.parseFloat(told(level, '{start.waitingTime}'));
    expect(waiting / oneRound.pricing.stepS).toBeCloseTo(stepShares(oneRound).bubble, 2);
    expect(waiting / oneRound.pricing.stepS).toBeGreaterThan(7 / 8 - 0.01);
  });

  it('quotes the largest pass of a kind, and refuses a kind the plan has not', () => {
    const level = levelById('passing-styles')!;
    const e = evaluate(level, level.lessonPlans!.predRows!);
    const toAll = e.pricing.collectives.filter((c) => c.kind === 'all-to-all');
    expect(toAll.map((c) => c.tensor)).toEqual(['dh']);
    expect(told(level, '{predRows.allToAllBytes}')).toBe(formatBytes(toAll[0]!.bytesPerDevice));
    // The error's gather (50 MB), not the smaller second gather of W2 (12.6 MB).
    expect(told(level, '{predRows.allGatherBytes}')).toBe('50.3 MB');
    expect(() => told(level, '{hSplit.allToAllTime}')).toThrow(
      /\{hSplit.allToAllTime\}: the plan has no all-to-all/,
    );
  });

  it("the tasting quotes the trap's relative error as its verdict does", () => {
    const level = levelById('the-tasting')!;
    const err = told(level, '{trap.tastingError}');
    expect(err).toMatch(/^0\.\d\d$/);
    expect(evaluate(level, level.trap.plan).explanation.en).toContain(`relative error ${err}`);
    expect(() => told(level, '{reference.tastingError}')).toThrow(/tastes right/);
    // a wrong dish has a step time but no rate: the lesson cannot quote one
    expect(told(level, '{trap.stepTime}')).toMatch(/ ms$/);
    expect(() => told(level, '{trap.rate}')).toThrow(/not served \(tasting failed\)/);
  });

  it('full counters quote the guests turned away at each capacity factor', () => {
    const level = levelById('full-stations')!;
    expect(told(level, '{factor1.dropped}')).toBe('7%');
    expect(() => told(levelById('courses')!, '{reference.dropped}')).toThrow(/routes no tokens/);
  });

  it('refuses a further plan named like one of the four', () => {
    const level = levelById('courses')!;
    expect(() => lesson({ ...level, lessonPlans: { reference: level.start } })).toThrow(
      /may not be called 'reference'/,
    );
  });

  it('sim level prints the debrief with the described plans filled', () => {
    const r = levelCommand({ level: 'column-then-row', plan: 'reference', locale: 'en' });
    if (!r.ok) throw new Error(r.error.message);
    const { debrief: printed } = r.value as { debrief: string };
    expect(printed).toContain(lesson(levelById('column-then-row')!).en);
    expect(printed).toMatch(/Columns twice needs an AllGather of h first: [\d.]+ ms; rows twice: [\d.]+ ms/);
    expect(printed).not.toMatch(/\{[a-zA-Z0-9]+\.[a-zA-Z]+\}/);
  });

  it('refuses a figure or a plan it does not know', () => {
    const level = levelById('fridge-too-small')!;
    const bad = (s: string) => () => lesson({ ...level, debrief: text(s, s) });
    expect(bad('{reference.speed}')).toThrow(/no lesson figure 'speed'/);
    expect(bad('{best.stepTime}')).toThrow(/unknown plan/);
    expect(lesson({ ...level, debrief: text('{start.memory}', '{start.memory}') }).en).toBe('35.6 GB');
  });
});
