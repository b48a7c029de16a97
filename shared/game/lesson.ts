// A level's lesson (its debrief text) with the figures of the plans it speaks of filled in from their
// evaluations, so that a text never quotes a figure its plan no longer has (issue 14: debriefs kept quoting a
// reference plan that par had replaced; issue 13: figures of plans described in words were written by hand).
// A placeholder names a plan and a figure:
//   {reference.stepTime}  {par.rate}  {start.memory}  {trap.overflow}  {gpipe1Round.waitingTime}  …
// plans: start, reference, trap, par and the level's `lessonPlans` (lessonPlans.ts); figures: LESSON_FIGURES
// (lessonFigures.ts), each formatted as the screens print it. An unknown placeholder is a bug of the level: it
// throws, and the level test fails.
import { tidyZh } from './format.ts';
import { text, type Locale, type Text } from './i18n.ts';
import type { Level } from './level.ts';
import { LESSON_FIGURES } from './lessonFigures.ts';
import { lessonEvaluations, lessonPlanNames } from './lessonPlans.ts';

export { LESSON_FIGURES } from './lessonFigures.ts';
export { LESSON_PLANS } from './lessonPlans.ts';

/** Any `{name.figure}`: what a lesson's placeholders look like. */
export const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\.([a-zA-Z]+)\}/g;

/** `level.debrief` with every placeholder filled; throws on a placeholder it cannot fill. */
export function lesson(level: Level): Text {
  const plans = new Set(lessonPlanNames(level));
  const evaluation = lessonEvaluations(level);
  const fill = (s: string, locale: Locale) =>
    s.replace(PLACEHOLDER, (_, which: string, figure: string) => {
      if (!plans.has(which)) throw new Error(`${level.id}: a placeholder names an unknown plan '${which}'`);
      const f = LESSON_FIGURES[figure];
      if (f === undefined) throw new Error(`${level.id}: no lesson figure '${figure}'`);
      try {
        return f(evaluation(which), locale);
      } catch (err) {
        throw new Error(`${level.id}: {${which}.${figure}}: ${(err as Error).message}`, { cause: err });
      }
    });
  return text(tidyZh(fill(level.debrief['zh-CN'], 'zh-CN')), fill(level.debrief.en, 'en'));
}
