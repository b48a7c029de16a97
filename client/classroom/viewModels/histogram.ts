// The class histograms of one metric (DESIGN.md §5.2 results; peers.md idea 4, Opus Magnum style): equal-
// width bins over the teams' values, and where one team's value falls so its bar can be marked.

export interface Bin {
  /** Inclusive lower edge; the last bin also includes its upper edge. */
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/**
 * `binCount` equal bins from the smallest to the largest finite value; one bin when all values are equal;
 * none when there is no finite value. Non-finite values are left out.
 * @example histogramBins([0, 1, 2, 3, 4], 2) // [{from:0,to:2,count:2},{from:2,to:4,count:3}]
 */
export function histogramBins(values: readonly number[], binCount: number): Bin[] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0 || binCount < 1) return [];
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  if (lo === hi) return [{ from: lo, to: hi, count: finite.length }];
  const n = Math.floor(binCount);
  const width = (hi - lo) / n;
  const counts = new Array<number>(n).fill(0);
  for (const v of finite) counts[binIndex(v, lo, width, n)]! += 1;
  return counts.map((count, i) => ({
    from: lo + i * width,
    to: i === n - 1 ? hi : lo + (i + 1) * width,
    count,
  }));
}

/** The bin of `value` among `bins` (as histogramBins made them), or -1. */
export function binOf(bins: readonly Bin[], value: number): number {
  if (!Number.isFinite(value)) return -1;
  return bins.findIndex(
    (b, i) => value >= b.from && (value < b.to || (i === bins.length - 1 && value <= b.to)),
  );
}

function binIndex(v: number, lo: number, width: number, n: number): number {
  return Math.min(n - 1, Math.floor((v - lo) / width));
}

/** Bins for a class of `teams` teams: √teams rounded up, between 3 and 8 (Sturges-like for small classes). */
export const binsForClass = (teams: number): number => Math.min(8, Math.max(3, Math.ceil(Math.sqrt(teams))));
