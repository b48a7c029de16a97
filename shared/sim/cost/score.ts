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
  /** Share of the routed tokens an MoE layer serves (routedTokens.ts); absent or 1 for other models. */
  readonly servedShare?: number;
}

/**
 * The game's quality bar for a mixture of experts: at most 1% of the routed tokens dropped. Dropped tokens
 * skip the experts and degrade the model (Fedus et al. 2021 §2.2 and Table 1 train at low drop rates; GShard
 * sizes the capacity so that few overflow), so a plan that turns more guests away is not served.
 */
export const MIN_SERVED_SHARE = 0.99;

/** A score: tokens/s with stars, or zero with the reason. */
export type Score =
  | { readonly score: number; readonly stars: 0 | 1 | 2 | 3; readonly reason?: undefined }
  | { readonly score: 0; readonly stars: 0; readonly reason: string };

/**
 * A fridge's figure: decimal gigabytes with one decimal, as the fridges are labelled (16 GB = 16e9 B); from
 * 1 TB (what would print as "1000.0 GB") in terabytes with two, the unit formatBytes gives its parts, so a
 * verdict does not read "must hold 2804.3 GB" beside an optimizer state of "2.10 TB".
 * @example formatGb(16e9) // '16.0 GB'
 * @example formatGb(2.8043e12) // '2.80 TB'
 */
export const formatGb = (bytes: number): string =>
  bytes >= 999.95e9 ? `${(bytes / 1e12).toFixed(2)} TB` : `${(bytes / 1e9).toFixed(1)} GB`;

/**
 * Zero with a reason ('tasting failed'; 'out of memory on device 3 by 2.5 GB') or tokens/s with stars.
 * @example scorePlan({ tokensPerS: 1200, memory: { fits: true, worstDevice: 0, overflowBytes: 0 } }, { one: 500, two: 1000, three: 2000 })
 *   // { score: 1200, stars: 2 }
 */
export function scorePlan(outcome: PlanOutcome, thresholds: StarThresholds): Score {
  if (!(thresholds.one <= thresholds.two && thresholds.two <= thresholds.three))
    throw new Error('star thresholds must satisfy one ≤ two ≤ three');
  if (outcome.tastingOk === false) return { score: 0, stars: 0, reason: 'tasting failed' };
  const served = outcome.servedShare ?? 1;
  if (served < MIN_SERVED_SHARE)
    return { score: 0, stars: 0, reason: `dropped ${((1 - served) * 100).toFixed(1)}% of the routed tokens` };
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
