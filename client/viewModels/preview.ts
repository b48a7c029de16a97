// The live preview of an evaluation as figures ready to print: memory per group of equally loaded kitchens
// against the fridge, step time, tokens/s, stars now, the tasting's verdict and the passes. Pure. A class
// whose session hides the score (issue 18 item 6) gets no rate and no stars: they are not computed here.
import {
  criticalDevices,
  formatBytes,
  formatGb,
  formatKitchens,
  formatPercent,
  formatSeconds,
  passKind,
  planFigures,
  type Evaluation,
  type Locale,
} from '../../shared/index.ts';
import type { Translate } from '../ui/translate.ts';
import { fridgeGauge, type FridgeGauge } from './fridgeGauge.ts';
import { phaseOf } from './planListing.ts';

export interface MemoryRow {
  /** Device ids as text: '0–3' or '0, 2'. */
  readonly kitchens: string;
  /** How many kitchens the row holds (the noun's number: "Kitchen 0", "Kitchens 0–3"). */
  readonly count: number;
  readonly used: string;
  readonly capacity: string;
  /** How much too much, or null when it fits. */
  readonly over: string | null;
  readonly gauge: FridgeGauge;
}

export interface PassRow {
  /** The core's spelling ('all-reduce', 'psum'); passText names it as the screens do. */
  readonly kind: string;
  readonly tensor: string;
  readonly axes: string;
  /** 'forward', 'backward' or 'update'; passText says it in the page's language. */
  readonly phase: string;
  readonly bytes: string;
  readonly time: string;
}

export interface Preview {
  readonly memory: readonly MemoryRow[];
  readonly step: string;
  /** The rate and the stars now; null while the session hides the score until service. */
  readonly score: {
    readonly rate: string;
    /** What the rate counts: sequence positions, or whole examples (an MLP's rows, a recommender's requests). */
    readonly unit: 'tokens' | 'examples';
    readonly stars: 0 | 1 | 2 | 3;
  } | null;
  /** null when the level is priced only. */
  readonly tasting: {
    readonly ok: boolean;
    readonly wrong: string;
    /** The kitchens with the largest error (kitchensText prints them). */
    readonly worstDevices: readonly number[];
  } | null;
  readonly passes: readonly PassRow[];
  /**
   * Whose passes `passes` are where kitchens run different ones (a pipeline: the kitchens that finish last);
   * null where every kitchen runs them.
   */
  readonly passesOf: readonly number[] | null;
  /** A mixture of experts' routed tokens that find a seat ('99.3%'); null for models that drop none. */
  readonly served: string | null;
}

/**
 * Options: `hideScore` leaves the rate and the stars out (a classroom session's option while planning);
 * `locale` picks the rate's number style (formatRate: '954k', '95.4 万').
 */
export function preview(
  evaluation: Evaluation,
  options: { readonly hideScore?: boolean; readonly locale?: Locale } = {},
): Preview {
  const { pricing, tasting } = evaluation;
  const capacity = pricing.memory.capacityBytes;
  const figures = planFigures(evaluation, options.locale); // a plan that does not fit has no step time or rate (NOT_SERVED)
  const worstDevices = [...new Set((tasting?.outputs ?? []).flatMap((o) => (o.ok ? [] : o.worstDevices)))];
  return {
    memory: pricing.memory.groups.map((g) => ({
      kitchens: deviceList(g.devices),
      count: g.devices.length,
      used: formatGb(g.bytes.total),
      capacity: formatGb(capacity),
      over: g.bytes.total > capacity ? formatGb(g.bytes.total - capacity) : null,
      gauge: fridgeGauge(g.bytes, capacity),
    })),
    step: figures.stepTime,
    score:
      options.hideScore === true
        ? null
        : { rate: figures.rate, unit: pricing.throughputUnit, stars: evaluation.stars },
    tasting:
      tasting === null
        ? null
        : {
            ok: tasting.ok,
            wrong: tasting.wrong.join(', '),
            worstDevices: worstDevices.sort((a, b) => a - b),
          },
    passes: pricing.collectives.map((c) => ({
      kind: c.kind,
      tensor: c.tensor,
      axes: c.axes.map((a) => `'${a}'`).join(', '),
      phase: c.phase,
      bytes: formatBytes(c.bytesPerDevice),
      time: formatSeconds(c.timeS) + (c.perStep > 1 ? ` ×${c.perStep}` : ''),
    })),
    passesOf: pricing.passGroups ? criticalDevices(evaluation.timeline) : null,
    served: pricing.servedShare === null ? null : formatPercent(pricing.servedShare),
  };
}

/** Sorted ids, runs of consecutive ids as 'a–b' (the core's formatKitchens, as the serve report prints them). */
export const deviceList = formatKitchens;

/**
 * A pass as the preview lists it, in the words of the views: the kind by its name on every screen
 * (passNames.ts, 'AllReduce 汇总分发') and the phase as the views' listing says it ('前向', 'Forward').
 * @example passText(row, t) // 'Forward: AllReduce of pred over 'model', 101 MB per kitchen, 1.2 ms'
 */
export function passText(c: PassRow, t: Translate): string {
  const key = passKind(c.kind);
  return t('preview.pass', {
    ...c,
    kind: key ? t(`views.kind.${key}`) : c.kind,
    phase: t(`views.phase.${phaseOf(c.phase)}`),
  });
}
