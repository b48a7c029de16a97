// One number style per locale (issue 13 item 7: zh-CN screens mixed "954k" with the level texts' "79.7 万"):
// formatRate counts by k / M / G in English and by 万 (10⁴) / 亿 (10⁸) in Chinese, three significant digits,
// and every zh-CN figure the core prints — the preview's rate, the debrief, the `sim level` display — uses 万.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { debrief, planFigures } from '../../../shared/game/debrief.ts';
import { formatRate, tidyZh } from '../../../shared/game/format.ts';
import { levelReport } from '../../../shared/game/levelReport.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { evaluate, level } from './helpers.ts';

/** An English-style rate in Chinese text: "每秒 954k", "1.19M 行" (not the article's "4G", gradients). */
const EN_RATE = /每秒 \d[\d.]*[kMG]|\d[\d.]*[kMG] ?(个|行|词元|样本|token)/;

describe('formatRate', () => {
  it('English: k, M, G (unchanged)', () => {
    expect(formatRate(954321)).toBe('954k');
    expect(formatRate(1_190_000, 'en')).toBe('1.19M');
    expect(formatRate(733)).toBe('733');
    expect(formatRate(0)).toBe('0');
  });
  it('Chinese: 万 and 亿, as the level texts write them (hand-worked)', () => {
    expect(formatRate(797_000, 'zh-CN')).toBe('79.7 万');
    expect(formatRate(954_321, 'zh-CN')).toBe('95.4 万');
    expect(formatRate(1_190_000, 'zh-CN')).toBe('119 万');
    expect(formatRate(16_000_000, 'zh-CN')).toBe('1600 万');
    expect(formatRate(250_000_000, 'zh-CN')).toBe('2.50 亿');
    expect(formatRate(5432, 'zh-CN')).toBe('5432');
    expect(formatRate(733, 'zh-CN')).toBe('733');
    expect(formatRate(0, 'zh-CN')).toBe('0');
  });
  it('Chinese: the printed figure reads back within half a unit of its last digit', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e12, noNaN: true }), (x) => {
        const s = formatRate(x, 'zh-CN');
        const m = /^([\d.]+)(?: (万|亿))?$/.exec(s);
        expect(m, s).not.toBeNull();
        const back = Number(m![1]) * (m![2] === '亿' ? 1e8 : m![2] === '万' ? 1e4 : 1);
        expect(Math.abs(back - x) / x).toBeLessThanOrEqual(0.005);
      }),
    );
  });
});

describe('tidyZh', () => {
  it('joins 万 and 亿 to the Han character after them, and nothing else', () => {
    expect(tidyZh('每秒 79.7 万 个样本，2.50 亿 个 token')).toBe('每秒 79.7 万个样本，2.50 亿个 token');
    expect(tidyZh('每秒 709 个样本，一步 1.40 s，1.2 万 tokens')).toBe(
      '每秒 709 个样本，一步 1.40 s，1.2 万 tokens',
    );
  });
});

describe('the zh-CN screens use one number style', () => {
  it('the-tasting: the preview, the debrief and `sim level` print its rate in 万', () => {
    const l = level('the-tasting');
    const e = evaluate(l, l.reference);
    expect(planFigures(e, 'zh-CN').rate).toMatch(/ 万$/);
    expect(planFigures(e, 'en').rate).toMatch(/k$/);
    const report = levelReport(l, l.reference, 'zh-CN');
    expect(report.ok && report.value.display.rate).toBe(planFigures(e, 'zh-CN').rate);
  });
  it.each(LEVELS.map((l) => l.id))('%s: no "954k" in the Chinese debrief, no 万 in the English one', (id) => {
    const l = level(id);
    for (const plan of [l.reference, l.start]) {
      const d = debrief(l, evaluate(l, plan));
      expect(d['zh-CN']).not.toMatch(EN_RATE);
      expect(d['zh-CN'], 'a count is typeset 79.7 万个, not 79.7 万 个').not.toMatch(
        /[万亿] \p{Script=Han}/u,
      );
      expect(d.en).not.toContain('万');
    }
  });
});
