// The score screen's heading adds no colon of its own (issue 13 item 4): a myth's title has one already, and
// "Service report: Myth: model parallelism is copying" / "出菜报告：误区：…" read as two labels in a row.
import { describe, expect, it } from 'vitest';
import { translate } from '../../../client/i18n/strings.ts';
import { LEVELS } from '../../../shared/index.ts';

const colons = (s: string) => [...s].filter((c) => c === ':' || c === '：').length;

describe('score.headingOf', () => {
  it.each(['en', 'zh-CN'] as const)('%s: as many colons as the level’s title, for every level', (locale) => {
    for (const level of LEVELS) {
      const title = level.title[locale];
      const heading = translate(locale, 'score.headingOf', { title });
      expect(heading).toContain(title);
      expect(colons(heading)).toBe(colons(title));
    }
  });
});
