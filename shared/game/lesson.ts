// A level's lesson (its debrief text) with the figures of the plans it speaks of filled in from their
// evaluations, so that a text never quotes a figure its plan no longer has (issue 14: debriefs kept quoting a
// reference plan that par had replaced). A placeholder names a plan and a figure:
//   {reference.stepTime}  {par.rate}  {start.memory}  {trap.overflow}  {reference.activations}  …
// plans: start, reference, trap, par (levels/…, par/levelPar.ts); figures: stepTime (formatSeconds), rate
// (formatRate, the level's unit per second), memory (the fullest fridge, formatGb), its parts params, grads,
// optimizer, activations, temporaries, overflow (formatGb), and the critical kitchen's shares compute,
// communication, bubble (formatPercent, stepShares.ts). An unknown placeholder is a bug of the level: it
// throws, and the level test fails.
import type { Evaluation } from './evaluation.ts';
import { evaluatePlan } from './evaluatePlan.ts';
import { formatGb, formatPercent, formatRate, formatSeconds } from './format.ts';
import { text, type Locale, type Text } from './i18n.ts';
import type { Level } from './level.ts';
import { levelPar } from './par/levelPar.ts';
import type { PlanState } from './planState.ts';
import { stepShares } from './stepShares.ts';

/** The plans a lesson may quote. */
export const LESSON_PLANS = ['start', 'reference', 'trap', 'par'] as const;
type LessonPlan = (typeof LESSON_PLANS)[number];

const memoryPart = (k: 'params' | 'grads' | 'optimizer' | 'activations' | 'temporaries') => (e: Evaluation) =>
  formatGb(e.pricing.memory.worst[k]);

/** Each figure a lesson may quote, as the screens print it. */
export const LESSON_FIGURES: Readonly<Record<string, (e: Evaluation, locale: Locale) => string>> = {
  stepTime: (e) => formatSeconds(e.pricing.stepS),
  rate: (e, locale) => formatRate(e.pricing.tokensPerS, locale),
  memory: (e) => formatGb(e.pricing.memory.worst.total),
  params: memoryPart('params'),
  grads: memoryPart('grads'),
  optimizer: memoryPart('optimizer'),
  activations: memoryPart('activations'),
  temporaries: memoryPart('temporaries'),
  overflow: (e) => formatGb(e.pricing.memory.overflowBytes),
  compute: (e) => formatPercent(stepShares(e).compute),
  communication: (e) => formatPercent(stepShares(e).communication),
  bubble: (e) => formatPercent(stepShares(e).bubble),
};

const PLACEHOLDER = /\{(start|reference|trap|par)\.([a-zA-Z]+)\}/g;

function planOf(level: Level, which: LessonPlan): PlanState | undefined {
  if (which === 'trap') return level.trap.plan;
  if (which === 'par') return levelPar(level.id)?.plan;
  return level[which];
}

/** `level.debrief` with every placeholder filled; throws on a placeholder it cannot fill. */
export function lesson(level: Level): Text {
  const evaluations = new Map<LessonPlan, Evaluation>();
  const evaluation = (which: LessonPlan): Evaluation => {
    const known = evaluations.get(which);
    if (known) return known;
    const plan = planOf(level, which);
    if (plan === undefined)
      throw new Error(`${level.id}: the lesson quotes ${which}, which the level has not`);
    const r = evaluatePlan(level, plan);
    if (!r.ok)
      throw new Error(`${level.id}: the lesson quotes ${which}, which does not evaluate: ${r.error.message}`);
    evaluations.set(which, r.evaluation);
    return r.evaluation;
  };
  const fill = (s: string, locale: Locale) =>
    s.replace(PLACEHOLDER, (_, which: LessonPlan, figure: string) => {
      const f = LESSON_FIGURES[figure];
      if (f === undefined) throw new Error(`${level.id}: no lesson figure '${figure}'`);
      return f(evaluation(which), locale);
    });
  if (/\{[a-z]+\.[a-zA-Z]+\}/.test(level.debrief.en.replace(PLACEHOLDER, '')))
    throw new Error(`${level.id}: a placeholder names an unknown plan`);
  return text(fill(level.debrief['zh-CN'], 'zh-CN'), fill(level.debrief.en, 'en'));
}
