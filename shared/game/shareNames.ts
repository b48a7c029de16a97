// What the screens call each share of a kitchen's step (stepShares.ts; docs/glossary.md: the stove cooks, a
// dish passes through a window, an idle stove is a bubble): the views' stove line, the service screen and the
// verdict the reveal and the score screen read all list the shares in these words, so the same figures never
// read 'idle (bubble) 0%, optimizer step 1%' on one screen and 'waiting 0%, the optimizer's update 1%' on the next.
import { text, type Locale, type Text } from './i18n.ts';
import type { StepShares } from './stepShares.ts';

type SharePart = keyof StepShares;

/** In the order the screens list them. */
const PARTS: readonly SharePart[] = ['compute', 'communication', 'bubble', 'other'];

export const SHARE_NAMES: Readonly<Record<SharePart, Text>> = {
  compute: text('做菜', 'cooking'),
  communication: text('传菜', 'passing'),
  bubble: text('空闲（气泡）', 'idle (bubble)'),
  other: text('优化器更新', 'optimizer step'),
};

/**
 * The shares given a figure, each name with it, in the screens' order. In Chinese a name keeps its figure on
 * its line (a no-break space; none after a closing bracket), since Phaser's canvas text wraps at a space.
 * The figures are printed ones ('27%'), or a string table's placeholders ('{pass}').
 * @example sharesList({ communication: '27%', bubble: '0%' }, 'en') // 'passing 27%, idle (bubble) 0%'
 * @example sharesList({ communication: '27%', bubble: '0%' }, 'zh-CN') // '传菜\u00a027%，空闲（气泡）0%'
 */
export function sharesList(figures: Readonly<Partial<Record<SharePart, string>>>, locale: Locale): string {
  const parts = PARTS.flatMap((p) => {
    const figure = figures[p];
    if (figure === undefined) return [];
    const name = SHARE_NAMES[p][locale];
    return [
      locale === 'zh-CN' ? `${name}${name.endsWith('）') ? '' : '\u00a0'}${figure}` : `${name} ${figure}`,
    ];
  });
  return parts.join(locale === 'zh-CN' ? '，' : ', ');
}
