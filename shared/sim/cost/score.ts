// The game's score of a plan (docs/design.md §5.2): zero with the reason when the plan cannot be served — a
// fridge overflows, or the tasting shows wrong numbers — else its throughput in tokens per second, with
// stars against the level's thresholds.

/** A level's star thresholds, tokens per second: one star at `one`, two at `two`, three at `three`. */
export interface StarThresholds {
  readonly one: number;
  readonly two: number;
  readonly three: number;
}

/** What the score needs of an evaluated plan. */
export interface PlanOutcome {
  readonly tokensPerS: number;
  readonly memory: { readonly fits: boolean; readonly worstDevice: number; readonly overflowBytes: number };
  /** The tasting's verdict; absent when the plan was only priced. */
  readonly tastingOk?: boolean;
}

/** A score: tokens/s with stars, or zero with the reason. */
export type Score =
  | { readonly score: number; readonly stars: 0 | 1 | 2 | 3; readonly reason?: undefined }
  | { readonly score: 0; readonly stars: 0; readonly reason: string };

/** Decimal gigabytes with one decimal, as the fridges are labelled (16 GB = 16e9 B). */
export const formatGb = (bytes: number): string => `${(bytes / 1e9).toFixed(1)} GB`;

/**
 * Zero with a reason ('tasting failed'; 'out of memory on device 3 by 2.5 GB') or tokens/s with stars.
 * @example scorePlan({ tokensPerS: 1200, memory: { fits: true, worstDevice: 0, overflowBytes: 0 } }, { one: 500, two: 1000, three: 2000 })
 *   // { score: 1200, stars: 2 }
 */
export function scorePlan(outcome: PlanOutcome, thresholds: StarThresholds): Score {
  if (!(thresholds.one <= thresholds.two && thresholds.two <= thresholds.three))
    throw new Error('star thresholds must satisfy one ≤ two ≤ three');
  if (outcome.tastingOk === false) return { score: 0, stars: 0, reason: 'tasting failed' };
  if (!outcome.memory.fits)
    return {
      score: 0,
      stars: 0,
      reason: `out of memory on device ${outcome.memory.worstDevice} by ${formatGb(outcome.memory.overflowBytes)}`,
    };
  const t = outcome.tokensPerS;
  if (!Number.isFinite(t) || t < 0) throw new Error(`tokens per second must be finite and ≥ 0, got ${t}`);
  const stars = t >= thresholds.three ? 3 : t >= thresholds.two ? 2 : t >= thresholds.one ? 1 : 0;
  return { score: t, stars };
}
