// Kitchen lists read as ranges with the noun's number right in both languages: "kitchen 5", "kitchens 0–3",
// "Last to finish, kitchen 0", never "Kitchens 0:" or "kitchen 0, 1, 2, 3" (issue 13 item 7).
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById, text, type StepTimeline } from '../../../shared/index.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';
import { kitchensHeading, kitchensText } from '../../../client/viewModels/kitchensText.ts';
import { preview } from '../../../client/viewModels/preview.ts';
import { criticalShareText } from '../../../client/viewModels/stepHeadline.ts';

const zh: Translate = (key, params) => translate('zh-CN', key, params);
const en: Translate = (key, params) => translate('en', key, params);

const oneLane = (devices: number[]): StepTimeline => ({
  stepS: 1,
  criticalLane: 0,
  lanes: [{ label: text('厨房', 'kitchens'), devices, events: [{ kind: 'forward', startS: 0, endS: 1 }] }],
});
// Two stages, the second finishing last.
const twoLanes: StepTimeline = {
  stepS: 1,
  criticalLane: 1,
  lanes: [0, 1].map((d) => ({
    label: text(`${d} 号站`, `stage ${d}`),
    devices: [d],
    events: [{ kind: 'forward' as const, startS: 0, endS: 1 }],
  })),
};

describe('kitchensText', () => {
  it('one kitchen is singular, several are a plural range', () => {
    expect(kitchensText([5], en)).toBe('kitchen 5');
    expect(kitchensText([3, 0, 1, 2], en)).toBe('kitchens 0–3');
    expect(kitchensText([0, 1, 2, 3, 6], en)).toBe('kitchens 0–3, 6');
    expect(kitchensText([5], zh)).toBe('5 号厨房');
    expect(kitchensText([3, 0, 1, 2], zh)).toBe('0–3 号厨房');
  });
  it('a memory row is headed "Kitchen 4" or "Kitchens 0–3"', () => {
    expect(kitchensHeading({ kitchens: '4', count: 1 }, en)).toBe('Kitchen 4');
    expect(kitchensHeading({ kitchens: '0–3', count: 4 }, en)).toBe('Kitchens 0–3');
    expect(kitchensHeading({ kitchens: '4', count: 1 }, zh)).toBe('4 号厨房');
  });
  it('the preview counts the kitchens of each memory row', () => {
    const l = levelById('fridge-too-small')!;
    const r = evaluatePlan(l, l.start);
    if (!r.ok) throw new Error(r.error.message);
    const row = preview(r.evaluation).memory[0]!;
    expect(row).toMatchObject({ kitchens: '0–3', count: 4 });
    expect(kitchensHeading(row, en)).toBe('Kitchens 0–3');
  });
  it('the critical kitchens: every kitchen of an SPMD step, the last to finish of a pipeline', () => {
    expect(criticalShareText(oneLane([0]), 'cooking 100%', en)).toBe('Kitchen 0: cooking 100%');
    expect(criticalShareText(oneLane([2, 0, 1, 3]), 'cooking 100%', en)).toBe(
      'Every kitchen (0–3): cooking 100%',
    );
    expect(criticalShareText(oneLane([0, 1]), '做菜 100%', zh)).toBe('每间厨房（0–1）：做菜 100%');
    // the courses reference: stage 0 finishes last (1F1B's last backward), the heavier stage 7 does not
    const l = levelById('courses')!;
    const r = evaluatePlan(l, l.reference);
    if (!r.ok) throw new Error(r.error.message);
    expect(criticalShareText(r.evaluation.timeline, 'x', en)).toMatch(/^Last to finish, kitchens? 0\b/);
    expect(criticalShareText(r.evaluation.timeline, 'x', zh)).toMatch(/^最后完工的厨房（0/);
    expect(criticalShareText(twoLanes, 'x', en)).toBe('Last to finish, kitchen 1: x');
  });
  it('a failed tasting names its worst kitchens as a phrase', () => {
    expect(en('preview.tastingWrong', { names: 'pred', kitchens: kitchensText([0, 1, 2, 3], en) })).toBe(
      'Wrong: pred (kitchens 0–3)',
    );
    expect(zh('preview.tastingWrong', { names: 'pred', kitchens: kitchensText([2], zh) })).toBe(
      '不对：pred（2 号厨房）',
    );
  });
  it('the classroom timeline names a lane’s kitchens as a range', () => {
    expect(en('cls.idleShare', { pct: 20, kitchens: kitchensText([0, 1, 2, 3], en) })).toBe(
      'kitchens 0–3: idle 20%',
    );
    expect(zh('cls.idleShare', { pct: 20, kitchens: kitchensText([1], zh) })).toBe('1 号厨房：灶台空闲 20%');
  });
});
