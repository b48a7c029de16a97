// Hints that teach (issue 14): at most three, and together they never write out the whole reference plan —
// of a labelled reference, fewer labels appear in the hints (as P(…)) than the plan has distinct labels.
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../../../shared/game/levels/index.ts';
import type { SpecJson } from '../../../../shared/game/planState.ts';

const written = (spec: SpecJson): string =>
  `P(${spec.map((e) => (e === null ? 'None' : typeof e === 'string' ? `'${e}'` : `(${e.map((x) => `'${x}'`).join(', ')})`)).join(', ')})`;

describe.each(LEVELS.map((l) => [l.id, l] as const))('hints of %s', (_id, level) => {
  it('do not spell out the whole reference plan', () => {
    expect(level.hints.length).toBeLessThanOrEqual(3);
    const labels = new Set(Object.values(level.reference.specs).map(written));
    if (labels.size < 2) return;
    for (const locale of ['en', 'zh-CN'] as const) {
      const all = level.hints.map((h) => h[locale]).join('\n');
      const shown = [...labels].filter((l) => all.includes(l));
      expect(shown.length, `${level.id} (${locale}) writes out ${shown.join(', ')}`).toBeLessThan(
        labels.size,
      );
    }
  });
});
