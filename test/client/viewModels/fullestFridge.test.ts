// The fridge line of the preview's headline and the score screen names the fullest kitchens when kitchens
// differ: the courses trap's bar said 246.2 GB beside the local view's 225.5 GB for kitchen 0, unexplained.
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById } from '../../../shared/index.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';
import { fullestFridgeText, fullestRow } from '../../../client/viewModels/fullestFridge.ts';
import { preview } from '../../../client/viewModels/preview.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);
const previewOf = (id: string, plan: 'trap' | 'reference') => {
  const level = levelById(id)!;
  const r = evaluatePlan(level, plan === 'trap' ? level.trap.plan : level.reference);
  if (!r.ok) throw new Error(r.error.message);
  return preview(r.evaluation, { locale: 'en' });
};

describe('fullestFridgeText', () => {
  it('names the fullest kitchens of a pipeline whose stages hold different amounts', () => {
    const p = previewOf('courses', 'trap');
    expect(p.memory.length).toBeGreaterThan(1);
    const worst = fullestRow(p);
    expect(p.memory.every((row) => row.gauge.totalBytes <= worst.gauge.totalBytes)).toBe(true);
    const kitchens = en(worst.count === 1 ? 'kitchens.one' : 'kitchens.many', { ids: worst.kitchens });
    // the word and the number held together by a no-break space ("kitchen" above "7)" on a phone)
    expect(fullestFridgeText(p, en)).toBe(
      `${worst.used} of ${worst.capacity}: over by ${worst.over} (fullest: ${kitchens.replace(' ', '\u00a0')})`,
    );
    expect(fullestFridgeText(p, en)).toMatch(/\(fullest: kitchens?\u00a0[\d–, ]+\)$/);
    expect(fullestFridgeText(p, zh)).toMatch(/（最满：[\d–]+\u00a0号厨房）$/);
  });

  it('says no kitchens where every kitchen holds the same', () => {
    const p = previewOf('fridge-too-small', 'reference');
    expect(p.memory).toHaveLength(1);
    expect(fullestFridgeText(p, en)).toBe(`${p.memory[0]!.used} of ${p.memory[0]!.capacity}: fits`);
  });
});
