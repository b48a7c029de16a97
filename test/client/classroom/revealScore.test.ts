// The revealed team's rank reads the same whether its plan served or not: '第 3 名：✗ 冷柜装不下…' beside
// '第 1 名：…' on a Chinese screen, never a hand-built '#3: …'.
import { describe, expect, it } from 'vitest';
import { rankedScoreLine, scoreLine } from '../../../client/classroom/viewModels/revealScore.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);
const explanation = { en: 'Limited by compute.', 'zh-CN': '受计算限制。' };
const served = {
  score: 733,
  stars: 3 as const,
  fits: true,
  tastingOk: true,
  worstMemoryBytes: 8e9,
  capacityBytes: 16e9,
  limitedBy: 'compute' as const,
  explanation,
  rank: 1,
  points: 1000,
};
const overflowing = {
  ...served,
  score: 0,
  stars: 0 as const,
  fits: false,
  worstMemoryBytes: 17.6e9,
  rank: 3,
  points: 0,
};

describe('rankedScoreLine', () => {
  it('ranks a plan that served nothing in the words of a served one, in Chinese', () => {
    expect(rankedScoreLine(served, 'examples', zh, 'zh-CN')).toMatch(/^第 1 名：/);
    expect(rankedScoreLine(overflowing, 'examples', zh, 'zh-CN')).toBe(
      '第 3 名：✗ 冷柜装不下：最满的厨房超出 1.6 GB。得 0 分。',
    );
    expect(rankedScoreLine(overflowing, 'examples', zh, 'zh-CN')).not.toContain('#');
  });
  it('keeps "#n:" in English for both', () => {
    expect(rankedScoreLine(served, 'examples', en, 'en')).toMatch(/^#1: 733 examples\/s, \+1000 points$/);
    expect(rankedScoreLine(overflowing, 'examples', en, 'en')).toMatch(/^#3: ✗ /);
  });
  it('leaves the best and par columns unranked', () => {
    expect(scoreLine(served, 'examples', zh, 'zh-CN')).toMatch(/^★★★ /);
    expect(scoreLine(overflowing, 'examples', zh, 'zh-CN')).toMatch(/^✗ 冷柜装不下/);
  });
});
