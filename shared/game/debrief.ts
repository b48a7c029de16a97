// The score screen's debrief (issue 13 item 1): the level's lesson (lesson.ts: its figures filled from the plans
// it names), followed by a comparison filled from the evaluations — the reference plan's step, rate and fullest fridge,
// then the learner's, with the passes each one uses — so a figure of the lesson is never mistaken for the
// learner's own. `sim level` and the score screen both call `debrief`.
import type { Evaluation } from './evaluation.ts';
import { evaluatePlan } from './evaluatePlan.ts';
import { formatGb, formatRate, formatSeconds } from './format.ts';
import { text, type Locale, type Text } from './i18n.ts';
import type { Level } from './level.ts';
import { lesson } from './lesson.ts';

/** What the screens print for the step time and rate of a plan that does not fit: it cannot be served. */
export const NOT_SERVED = '—';

/** The figures a debrief compares: step time, rate, fullest fridge and passes (as the screens print them). */
export interface PlanFigures {
  /** Whether every kitchen's fridge holds the plan; when not, stepTime and rate are NOT_SERVED. */
  readonly fits: boolean;
  readonly stepTime: string;
  readonly rate: string;
  readonly memory: string;
  /** 'all-gather ×2, reduce-scatter ×1' over the priced collectives; '' when there are none. */
  readonly passes: string;
}

/** The exact strings the screens show in `locale` for an evaluation's step time, worst-kitchen memory and rate. */
export function planFigures(e: Evaluation, locale: Locale = 'en'): PlanFigures {
  const counts = new Map<string, number>();
  for (const c of e.pricing.collectives) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  const fits = e.pricing.memory.fits;
  return {
    fits,
    stepTime: fits ? formatSeconds(e.pricing.stepS) : NOT_SERVED,
    rate: fits ? formatRate(e.pricing.tokensPerS, locale) : NOT_SERVED,
    memory: formatGb(e.pricing.memory.worst.total),
    passes: [...counts].map(([kind, n]) => `${kind} ×${n}`).join(', '),
  };
}

type Figures = Readonly<Record<Locale, PlanFigures>>;

const figuresOf = (e: Evaluation): Figures => ({
  'zh-CN': planFigures(e, 'zh-CN'),
  en: planFigures(e, 'en'),
});

function comparison(unit: 'tokens' | 'examples', yours: Figures, ref: Figures): Text {
  const en = (f: PlanFigures) =>
    f.fits
      ? `${f.stepTime} a step, ${f.rate} ${unit}/s, fullest fridge ${f.memory}, passes: ${f.passes || 'none'}`
      : `not served, it does not fit (fullest fridge ${f.memory}), passes: ${f.passes || 'none'}`;
  const zh = (f: PlanFigures) =>
    f.fits
      ? `一步 ${f.stepTime}，每秒 ${f.rate} 个${unit === 'tokens' ? ' token' : '样本'}，最满的冷柜 ${f.memory}，传菜：${f.passes || '无'}`
      : `放不下，没能上菜（最满的冷柜 ${f.memory}），传菜：${f.passes || '无'}`;
  return text(
    `参考计划：${zh(ref['zh-CN'])}。你的计划：${zh(yours['zh-CN'])}。`,
    `The reference plan: ${en(ref.en)}. Yours: ${en(yours.en)}.`,
  );
}

/** The debrief of `evaluation` (a plan of `level`): the lesson, then the reference plan's figures and yours. */
export function debrief(level: Level, evaluation: Evaluation): Text {
  const told = lesson(level);
  const reference = evaluatePlan(level, level.reference);
  if (!reference.ok) return told;
  const c = comparison(
    evaluation.pricing.throughputUnit,
    figuresOf(evaluation),
    figuresOf(reference.evaluation),
  );
  return text(`${told['zh-CN']}\n${c['zh-CN']}`, `${told.en}\n${c.en}`);
}
