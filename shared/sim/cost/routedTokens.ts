// How many routed tokens an expert can take at the banquet scale, where the routing is never run: the
// stated model of routed-token imbalance. With a router kept balanced by its auxiliary loss (Fedus et al.
// 2021 §2.2; Lepikhin et al. 2020 §2.2) every token picks its k distinct experts uniformly, so the tokens of
// one group of S that choose a given expert are X ~ Binomial(S, k/E). An expert keeps C of them (the
// capacity C = ⌈k·S·cf/E⌉) and drops the rest (they skip the layer through the residual), so the expected
// share of routed choices served is E[min(X, C)] / E[X]. GShard- and Switch-style layers pad every expert to
// C, so imbalance costs dropped tokens, never time (a dropless layer, MegaBlocks-style, would wait for the
// busiest expert instead).
import { expertCapacity, type MoeDims } from '../models/moeLayer.ts';

/** The capacity factors a plan may choose (GShard trains at 2, Switch at 1–1.25; below 1 drops by design). */
export const CAPACITY_FACTORS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/** E[min(X, C)] for X ~ Binomial(n, p), summed exactly: P(X = x+1) = P(X = x)·(n−x)/(x+1)·p/(1−p). */
export function expectedKept(n: number, p: number, capacity: number): number {
  if (p >= 1) return Math.min(n, capacity);
  if (p <= 0) return 0;
  let pmf = Math.exp(n * Math.log1p(-p)); // P(X = 0)
  let kept = 0;
  let below = 0; // P(X ≤ x)
  for (let x = 0; x <= n && x < capacity; x++) {
    kept += x * pmf;
    below += pmf;
    pmf *= ((n - x) / (x + 1)) * (p / (1 - p));
  }
  return kept + capacity * Math.max(0, 1 - below);
}

/**
 * Expected share of the routed token choices that find a place, in (0, 1].
 * @example servedShare({ seq: 2048, experts: 128, topK: 2, capacityFactor: 1.25 }) // ≈ 0.95
 */
export function servedShare(dims: Pick<MoeDims, 'seq' | 'experts' | 'topK' | 'capacityFactor'>): number {
  const p = Math.min(1, dims.topK / dims.experts);
  const mean = dims.seq * p;
  return mean === 0 ? 1 : expectedKept(dims.seq, p, expertCapacity(dims)) / mean;
}
