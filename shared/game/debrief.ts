// The score screen's debrief (issue 13 item 1): the level's lesson (lesson.ts: its figures filled from the
// plans it names), followed by a comparison filled from the evaluations — the reference plan's step, rate and
// fullest fridge, then the learner's, with how often each kind of pass runs in its step — so a figure of the
// lesson is never mistaken for the learner's own. `sim level` and the score screen both call `debrief`.
import type { Evaluation } from './evaluation.ts';
import { evaluatePlan } from './evaluatePlan.ts';
import { formatGb, formatKitchens, formatRate, formatSeconds, tidyZh } from './format.ts';
import { text, type Locale, type Text } from './i18n.ts';
import type { Level } from './level.ts';
import { passName } from './passNames.ts';
import { lesson } from './lesson.ts';
import { criticalDevices } from './stepShares.ts';

/**
 * What the screens print for a figure a plan has not: the step time of a plan that does not fit (it cannot
 * run), the rate of a plan that is not served (it does not fit, its tasting failed, or it turns away too many
 * guests: score.ts gives it 0 with the reason). A wrong dish has a step time but serves nothing.
 */
export const NOT_SERVED = '—';

/** Why a plan is not served, as the debrief's comparison and the par line say it (not fitting comes first). */
export const NOT_SERVED_BECAUSE: Readonly<Partial<Record<Evaluation['limitedBy'], Text>>> = {
  memory: text('放不下', 'it does not fit'),
  tasting: text('试菜不对', 'the tasting failed'),
  dropped: text('被拒的客人太多', 'too many guests turned away'),
};

/** The figures a debrief compares: step time, rate, fullest fridge and passes (as the screens print them). */
export interface PlanFigures {
  /** Whether every kitchen's fridge holds the plan; when not, stepTime is NOT_SERVED. */
  readonly fits: boolean;
  /** Whether the plan is served (score.ts: no reason for a zero score); when not, rate is NOT_SERVED. */
  readonly served: boolean;
  /** Why the plan is not served ('it does not fit', 'the tasting failed'); '' when it is. */
  readonly notServedBecause: string;
  readonly stepTime: string;
  readonly rate: string;
  readonly memory: string;
  /**
   * How often each kind of pass runs in a step on the critical kitchen, summed over the priced collectives'
   * `perStep` ('AllGather ×13,824, ReduceScatter ×9,216'; passNames.ts): the ×N of the views' and the
   * preview's pass rows, totalled by kind. '' when there are none.
   */
  readonly passes: string;
  /**
   * Whose passes `passes` counts, as a heading: every kitchen's (one program on every kitchen), or, in a
   * pipeline, the stage's that finishes last ("passes per step of kitchens 12–15, the last to finish").
   */
  readonly passesHeading: string;
}

/** PlanFigures.passesHeading of `e` in `locale`. */
function passesHeading(e: Evaluation, locale: Locale): string {
  if (e.pricing.passGroups === undefined)
    return locale === 'zh-CN' ? '每间厨房每步传菜' : "each kitchen's passes per step";
  const devices = criticalDevices(e.timeline);
  const ids = formatKitchens(devices);
  return locale === 'zh-CN'
    ? `最后完工的 ${ids} 号厨房每步传菜`
    : `passes per step of ${devices.length === 1 ? 'kitchen' : 'kitchens'} ${ids}, the last to finish`;
}

/** The exact strings the screens show in `locale` for an evaluation's step time, worst-kitchen memory and rate. */
export function planFigures(e: Evaluation, locale: Locale = 'en'): PlanFigures {
  const counts = new Map<string, number>();
  for (const c of e.pricing.collectives) counts.set(c.kind, (counts.get(c.kind) ?? 0) + c.perStep);
  const fits = e.pricing.memory.fits;
  const served = e.score.reason === undefined;
  return {
    fits,
    served,
    notServedBecause: served ? '' : (NOT_SERVED_BECAUSE[fits ? e.limitedBy : 'memory']?.[locale] ?? ''),
    stepTime: fits ? formatSeconds(e.pricing.stepS) : NOT_SERVED,
    rate: served ? formatRate(e.pricing.tokensPerS, locale) : NOT_SERVED,
    memory: formatGb(e.pricing.memory.worst.total),
    passes: [...counts]
      .map(([kind, n]) => `${passName(kind, locale)} ×${n.toLocaleString('en-US')}`)
      .join(locale === 'zh-CN' ? '、' : ', '),
    passesHeading: passesHeading(e, locale),
  };
}

type Figures = Readonly<Record<Locale, PlanFigures>>;

const figuresOf = (e: Evaluation): Figures => ({
  'zh-CN': planFigures(e, 'zh-CN'),
  en: planFigures(e, 'en'),
});

/** Whose figures come first: the level's reference plan, or in the sandbox (no solution) its starting plan. */
const FIRST_PLAN = {
  reference: text('参考方案', 'The reference plan'),
  start: text('起始方案', 'The starting plan'),
} as const;

function comparison(
  unit: 'tokens' | 'examples',
  yours: Figures,
  ref: Figures,
  first: keyof typeof FIRST_PLAN,
): Text {
  const en = (f: PlanFigures) => {
    const passes = `${f.passesHeading}: ${f.passes || 'none'}`;
    return f.served
      ? `${f.stepTime} a step, ${f.rate} ${unit}/s, fullest fridge ${f.memory}, ${passes}`
      : f.fits
        ? `${f.stepTime} a step but not served, ${f.notServedBecause} (fullest fridge ${f.memory}), ${passes}`
        : `not served, it does not fit (fullest fridge ${f.memory}), ${passes}`;
  };
  const zh = (f: PlanFigures) => {
    const passes = `${f.passesHeading}：${f.passes || '无'}`;
    return f.served
      ? `一步 ${f.stepTime}，每秒 ${f.rate} 个${unit === 'tokens' ? ' token' : '样本'}，最满的冷柜 ${f.memory}，${passes}`
      : f.fits
        ? `一步 ${f.stepTime}，但没能上菜：${f.notServedBecause}（最满的冷柜 ${f.memory}），${passes}`
        : `放不下，没能上菜（最满的冷柜 ${f.memory}），${passes}`;
  };
  return text(
    tidyZh(`${FIRST_PLAN[first]['zh-CN']}：${zh(ref['zh-CN'])}。你的方案：${zh(yours['zh-CN'])}。`),
    `${FIRST_PLAN[first].en}: ${en(ref.en)}. Yours: ${en(yours.en)}.`,
  );
}

/**
 * The debrief of `evaluation` (a plan of `level`): the lesson, then the reference plan's figures and yours. A
 * sandbox has no solution (its reference is its start, sandbox.ts), so there the first figures are said to be
 * the starting plan's.
 */
export function debrief(level: Level, evaluation: Evaluation): Text {
  const told = lesson(level);
  const reference = evaluatePlan(level, level.reference);
  if (!reference.ok) return told;
  const c = comparison(
    evaluation.pricing.throughputUnit,
    figuresOf(evaluation),
    figuresOf(reference.evaluation),
    level.concept === 'sandbox' ? 'start' : 'reference',
  );
  return text(`${told['zh-CN']}\n${c['zh-CN']}`, `${told.en}\n${c.en}`);
}
