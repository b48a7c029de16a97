// The class histograms of one metric (docs/design.md §5.2 results, as Opus Magnum shows a solution against its players' histogram): equal-
// width bins over the teams' values, and where one team's value falls so its bar can be marked.
import type { Locale } from '../../../shared/index.ts';

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

/** Metric prefixes for rates: 1e9 → G, 1e6 → M, 1e3 → k; in Chinese 亿 and 万, as formatRate writes them. */
const PREFIXES: Readonly<Record<Locale, readonly [number, string][]>> = {
  en: [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ],
  'zh-CN': [
    [1e8, '亿'],
    [1e4, '万'],
  ],
};

/**
 * The edges as text with one shared number of decimals: at least 3 significant digits of the largest edge,
 * more until edges that differ read differently (at most 12 decimals). `prefix` scales rates by k / M / G.
 * @example edgeTexts([1.395, 1.3973, 1.4, 1.402], false) // ['1.395', '1.397', '1.400', '1.402'] (2 decimals would read 1.40 four times)
 */
export function edgeTexts(edges: readonly number[], prefix = false, locale: Locale = 'en'): string[] {
  const largest = Math.max(0, ...edges.map(Math.abs));
  const [scale, suffix] = (prefix && PREFIXES[locale].find(([p]) => largest >= p)) || [1, ''];
  const scaled = edges.map((e) => e / scale);
  const magnitude = largest > 0 ? Math.floor(Math.log10(largest / scale)) : 0;
  // All zeros (no plan served): "0", not "0.00".
  let decimals = largest > 0 ? Math.max(0, 2 - magnitude) : 0;
  const texts = (d: number) => scaled.map((v) => v.toFixed(d));
  const clash = (t: readonly string[]) =>
    t.some((x, i) => i > 0 && x === t[i - 1] && edges[i] !== edges[i - 1]);
  while (decimals < 12 && clash(texts(decimals))) decimals += 1;
  // "79.7 万" (formatRate's Chinese style): the prefix after a space; "12.9k" in English.
  const glued = locale === 'zh-CN' && suffix !== '' ? ` ${suffix}` : suffix;
  return texts(decimals).map((x) => `${x}${glued}`);
}

/**
 * One label per bin, "from–to unit" (one value when the single bin holds equal values), with enough digits
 * that neighbouring bins read differently.
 * @example binLabels([{ from: 1.395, to: 1.4, count: 1 }, { from: 1.4, to: 1.405, count: 2 }], 's') // ['1.395–1.400 s', '1.400–1.405 s']
 */
export function binLabels(
  bins: readonly Bin[],
  unit: string,
  prefix = false,
  locale: Locale = 'en',
): string[] {
  const first = bins[0];
  if (first === undefined) return [];
  const unitText = unit === '' ? '' : ` ${unit}`;
  if (bins.length === 1 && first.from === first.to)
    return [`${edgeTexts([first.from], prefix, locale)[0]}${unitText}`];
  const edges = edgeTexts([first.from, ...bins.map((b) => b.to)], prefix, locale);
  return bins.map((_, i) => `${edges[i]}–${edges[i + 1]}${unitText}`);
}
