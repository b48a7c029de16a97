// The plan and its edits in the kitchen's words (planWords.ts, editWords.ts): hand-written expectations for
// the levels' reference plans, and properties over every level's start, reference and trap plans.
import { describe, expect, it } from 'vitest';
import { editInWords } from '../../../shared/game/editWords.ts';
import { LEVELS, levelById } from '../../../shared/game/levels/index.ts';
import { planState } from '../../../shared/game/planState.ts';
import { gridInWords, holdingInWords, planInWords } from '../../../shared/game/planWords.ts';

const en = (id: string, which: 'start' | 'reference' = 'reference') => {
  const level = levelById(id)!;
  return planInWords(level, level[which]).map((w) => w.en);
};

describe('planInWords', () => {
  it('reads the article’s column-then-row plan aloud', () => {
    expect(en('fridge-too-small')).toEqual([
      '4 kitchens in a row (model)',
      'each kitchen holds a column slice of W1 (1/4, cut along model)',
      'each kitchen holds a row slice of W2 (1/4, cut along model)',
    ]);
    const level = levelById('fridge-too-small')!;
    expect(planInWords(level, level.reference).map((w) => w['zh-CN'])).toEqual([
      '4 间厨房排成一排（model）',
      '每间厨房拿 W1 的一列切片（按 model 切成 4 份）',
      '每间厨房拿 W2 的一行切片（按 model 切成 4 份）',
    ]);
    // The start plan labels nothing: every dish whole.
    expect(en('fridge-too-small', 'start')).toEqual([
      '4 kitchens in a row (model)',
      'every dish whole in every kitchen',
    ]);
  });

  it('gives the Megatron levels’ axes their roles, and the courses and savers that differ', () => {
    expect(en('the-banquet')).toEqual([
      '512 kitchens in a 8 × 8 × 8 grid (data × stage × model)',
      'the menu copied 8 times, each copy cooking its own tables (data)',
      '8 courses, one after another (stage)',
      "every layer's matrices shared by 8 kitchens (model)",
      '192 rounds per step, 1F1B (one forward, one backward)',
      'cook again instead of storing: attention only',
      'sequence parallel: the norms cut along the sequence',
    ]);
    expect(en('courses')[0]).toBe('8 kitchens in a row (stage)');
    expect(en('seasoning-ledgers')).toContain(
      'seasoning ledger stage 1: optimizer state split over the copies of the menu',
    );
  });

  it('groups dishes with the same label and names manual plans and blocks', () => {
    expect(en('myth-gspmd-is-automatic')).toContain(
      'each kitchen holds a row slice of blk0/w2, blk1/w2 (1/4, cut along model)',
    );
    expect(en('the-tasting').slice(0, 2)).toEqual([
      '4 kitchens in a row (model)',
      'passes placed by hand (shard_map, 3 steps)',
    ]);
    const grid = [
      { name: 'data', size: 2 },
      { name: 'model', size: 4 },
    ];
    expect(holdingInWords('W1', ['data', 'model'], grid).en).toBe(
      'each kitchen holds a block of W1 (rows cut along data, columns along model: 1/8)',
    );
    expect(holdingInWords('W1', [['data', 'model'], null], grid).en).toBe(
      'each kitchen holds a row slice of W1 (1/8, cut along data and model)',
    );
    expect(holdingInWords('W1', [null, null], grid).en).toBe('every kitchen holds the whole of W1');
    expect(gridInWords(grid).en).toBe('8 kitchens in a 2 × 4 grid (data × model)');
    expect(gridInWords([{ name: 'x', size: 1 }]).en).toBe('one kitchen');
  });

  it('says something in both languages for every level’s start, reference and trap plan, grid first', () => {
    for (const level of LEVELS)
      for (const plan of [level.start, level.reference, level.trap.plan]) {
        const words = planInWords(level, plan);
        expect(words.length).toBeGreaterThanOrEqual(2);
        expect(words[0]).toEqual(gridInWords(plan.mesh));
        for (const w of words) {
          expect(w.en).not.toMatch(/undefined|NaN|\[object/u);
          expect(w['zh-CN']).not.toMatch(/undefined|NaN|\[object/u);
          expect(w['zh-CN']).not.toBe(w.en);
        }
      }
  });
});

describe('editInWords', () => {
  const plan = planState({ mesh: [{ name: 'model', size: 4 }] });
  it('says what a label did to the dish, by rows, columns or blocks', () => {
    const said = (spec: (string | null)[]) => editInWords({ type: 'setSpec', tensor: 'w1', spec }, plan);
    expect(said([null, 'model'])).toEqual({
      'zh-CN': '把 W1 按列切开（model）',
      en: 'cut W1 by columns (model)',
    });
    expect(said(['model', null]).en).toBe('cut W1 by rows (model)');
    expect(said([null, null]).en).toBe('kept W1 whole');
    expect(editInWords({ type: 'setSpec', tensor: 'wq', spec: [null, 'model', null] }, plan).en).toBe(
      'cut wq along dimension 1 (model)',
    );
  });

  it('says the other edits with the plan they produced', () => {
    const grid = planState({
      mesh: [
        { name: 'data', size: 2 },
        { name: 'model', size: 2 },
      ],
    });
    expect(editInWords({ type: 'setMesh', axes: grid.mesh }, grid).en).toBe(
      'made the grid 4 kitchens in a 2 × 2 grid (data × model)',
    );
    expect(editInWords({ type: 'setZero', stage: 2 }, plan).en).toBe('set the seasoning ledger to stage 2');
    expect(editInWords({ type: 'setMode', mode: 'manual' }, plan)['zh-CN']).toBe('改成手动传菜（shard_map）');
    expect(editInWords({ type: 'clearSpec', tensor: 'w2' }, plan).en).toBe('took the label off W2');
  });
});
