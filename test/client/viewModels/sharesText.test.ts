// sharesText: the one line of a kitchen's step shares; in zh-CN each label keeps its figure on its line (no
// plain space to wrap at: Phaser's canvas text wraps there).
import { describe, expect, it } from 'vitest';
import { translate } from '../../../client/i18n/strings.ts';
import { sharesRows, sharesText } from '../../../client/viewModels/sharesText.ts';
import { sharesList } from '../../../shared/game/shareNames.ts';

const shares = { compute: 0.65, communication: 0.27, bubble: 0, other: 0.08 };

describe('sharesText', () => {
  it('keeps each Chinese label with its figure', () => {
    const zh = sharesText(shares, (key, params) => translate('zh-CN', key, params));
    expect(zh).toBe('做菜\u00a065%，传菜\u00a027%，空闲（气泡）0%，优化器更新\u00a08%');
    expect(zh).not.toContain(' ');
  });

  it('leaves the English line to wrap between its parts', () => {
    const en = sharesText(shares, (key, params) => translate('en', key, params));
    expect(en).toContain('65%');
    expect(en).toContain(' ');
  });

  it('lists the shares in the core’s words, as the verdicts do (shareNames.ts)', () => {
    const figures = { compute: '65%', communication: '27%', bubble: '0%', other: '8%' };
    for (const locale of ['en', 'zh-CN'] as const)
      expect(sharesText(shares, (key, params) => translate(locale, key, params))).toBe(
        sharesList(figures, locale),
      );
  });

  it('splits the same shares in two rows for the local view, each label with its figure', () => {
    const figures = { compute: '65%', communication: '27%', bubble: '0%', other: '8%' };
    for (const locale of ['en', 'zh-CN'] as const) {
      const [busy, rest] = sharesRows(shares, (key, params) => translate(locale, key, params));
      expect(busy).toBe(sharesList({ compute: '65%', communication: '27%' }, locale));
      expect(rest).toBe(sharesList({ bubble: '0%', other: '8%' }, locale));
      expect(sharesText(shares, (key, params) => translate(locale, key, params))).toBe(
        sharesList(figures, locale),
      );
    }
    expect(sharesRows(shares, (key, params) => translate('en', key, params))).toEqual([
      'cooking 65%, passing 27%',
      'idle (bubble) 0%, optimizer step 8%',
    ]);
  });
});
