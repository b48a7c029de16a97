// Histogram bin labels on the projector: one shared number of decimals, at least 3 significant digits of
// the largest edge, more until neighbouring bins read differently ("1.395–1.397 s", never "1.40–1.40").
import { describe, expect, it } from 'vitest';
import { formatRate } from '../../../shared/index.ts';
import { binLabels, edgeTexts, histogramBins } from '../../../client/classroom/viewModels/histogram.ts';

describe('edgeTexts', () => {
  it.each([
    // 3 significant digits are enough when the edges differ in them
    [[8.99, 11.86, 14.73, 17.6], false, ['9.0', '11.9', '14.7', '17.6']],
    [[729.3, 730.6, 731.9, 733.2], false, ['729', '731', '732', '733']],
    // 1.40 four times → 3 decimals
    [[1.395, 1.3973, 1.3997, 1.402], false, ['1.395', '1.397', '1.400', '1.402']],
    // 0.5 s steps of a 1 200 s metric: whole seconds are not enough → 1 decimal
    [[1200, 1200.5, 1201], false, ['1200.0', '1200.5', '1201.0']],
    // rates get k / M / G; 12.3k and 12.3k would clash → 2 decimals of k
    [[12_300, 12_340, 12_380], true, ['12.30k', '12.34k', '12.38k']],
    [[2.5e6, 3e6], true, ['2.50M', '3.00M']],
    // 3 significant digits of the largest edge, 0.004 (10^-3): 5 decimals
    [[0, 0.004], false, ['0.00000', '0.00400']],
    // every team at 0 (no plan served): plain 0
    [[0], true, ['0']],
  ])('%j (prefix %s) → %j', (edges, prefix, want) => {
    expect(edgeTexts(edges, prefix)).toEqual(want);
  });
});

describe('binLabels', () => {
  it('labels close step times distinctly, with the unit', () => {
    // 1.395, 1.400, 1.402 in 3 bins: width 0.007 / 3; edges 1.395, 1.39733…, 1.39967…, 1.402
    const bins = histogramBins([1.395, 1.4, 1.402], 3);
    expect(binLabels(bins, 's')).toEqual(['1.395–1.397 s', '1.397–1.400 s', '1.400–1.402 s']);
  });

  it('gives one value when every team has the same value, and nothing without values', () => {
    expect(binLabels(histogramBins([9, 9], 3), 'GB')).toEqual(['9.00 GB']);
    expect(binLabels([], 's')).toEqual([]);
  });

  it('scales rates and leaves the unit to the caption', () => {
    const bins = histogramBins([1000, 2000, 4000], 3); // edges 1000, 2000, 3000, 4000
    expect(binLabels(bins, '', true)).toEqual(['1.00k–2.00k', '2.00k–3.00k', '3.00k–4.00k']);
  });

  it('scales Chinese rates by 万 and 亿, as formatRate does, never k beside "3.88 万"', () => {
    // The courses level's class: 0 and 38.8k tokens/s (the results line reads 每秒 3.88 万个 token).
    const bins = histogramBins([0, 38_800], 3);
    expect(binLabels(bins, '', true, 'zh-CN')).toEqual([
      '0.00 万–1.29 万',
      '1.29 万–2.59 万',
      '2.59 万–3.88 万',
    ]);
    expect(formatRate(38_800, 'zh-CN')).toBe('3.88 万');
    expect(binLabels(histogramBins([2e8, 4e8], 3), '', true, 'zh-CN')[0]).toMatch(/^2\.00 亿–/);
    // Below 10,000 there is no prefix in Chinese.
    expect(binLabels(histogramBins([1000, 4000], 3), '', true, 'zh-CN')).toEqual([
      '1000–2000',
      '2000–3000',
      '3000–4000',
    ]);
  });
});
