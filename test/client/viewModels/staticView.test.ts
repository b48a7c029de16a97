// The static view grouped by phase and by layer, with both scales named (issue 13 item 6): a tasting's rows
// are its small arrays, the totals are the banquet's step split from the core's one breakdown.
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById, stepShares, type Level } from '../../../shared/index.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';
import { layerOf, planListing } from '../../../client/viewModels/planListing.ts';
import { sharesText } from '../../../client/viewModels/sharesText.ts';
import { staticNote, stepSharesLine } from '../../../client/viewModels/staticNote.ts';

const en: Translate = (key, params) => translate('en', key, params);
const zh: Translate = (key, params) => translate('zh-CN', key, params);

function evaluated(id: string) {
  const level: Level = levelById(id)!;
  const r = evaluatePlan(level, level.reference);
  if (!r.ok) throw new Error(r.error.message);
  return { level, evaluation: r.evaluation };
}

describe('layerOf', () => {
  it('takes the first segment once the gradient and update prefixes are stripped', () => {
    expect(layerOf('blk0/ln1_mean')).toBe('blk0');
    expect(layerOf('grad/blk1/wqkv')).toBe('blk1');
    expect(layerOf('new/blk1/wqkv')).toBe('blk1');
    expect(layerOf('grad/w1')).toBe('');
    expect(layerOf('loss')).toBe('');
  });
});

describe('static view of a two-layer GPT (myth-gspmd-is-automatic)', () => {
  const { level, evaluation } = evaluated('myth-gspmd-is-automatic');
  const rows = planListing(evaluation, level.limits.tensors);

  it('names the tasting scale on every phase heading', () => {
    const phases = rows.filter((r) => r.type === 'phase');
    expect(phases.map((r) => r.type === 'phase' && [r.phase, r.scale])).toEqual([
      ['forward', 'tasting'],
      ['backward', 'tasting'],
      ['update', 'tasting'],
    ]);
  });

  it('heads each layer’s run inside a phase, and the headings count exactly the rows under them', () => {
    const forward = rows.slice(
      1,
      rows.findIndex((r, i) => i > 0 && r.type === 'phase'),
    );
    const layers = forward.flatMap((r) => (r.type === 'layer' ? [r.layer] : []));
    expect(layers).toEqual(expect.arrayContaining(['', 'blk0', 'blk1']));
    expect(forward[0]!.type).toBe('layer');
    rows.forEach((r, i) => {
      if (r.type !== 'layer') return;
      let end = i + 1;
      while (end < rows.length && rows[end]!.type !== 'layer' && rows[end]!.type !== 'phase') end++;
      const run = rows.slice(i + 1, end);
      expect(run.filter((x) => x.type === 'node')).toHaveLength(r.values);
      expect(run.filter((x) => x.type === 'edge')).toHaveLength(r.passes);
      for (const x of run) if (x.type === 'node') expect(layerOf(x.name)).toBe(r.layer);
    });
    // Nothing lost: every value is listed once.
    expect(rows.filter((r) => r.type === 'node')).toHaveLength(evaluation.tasting!.tensors.length);
  });

  it('says the rows are the tasting’s small arrays and the totals the banquet’s, in both languages', () => {
    const [scale, totals] = staticNote(evaluation, en);
    expect(scale).toMatch(/banquet scale/);
    expect(scale).toMatch(/tasting-scale shapes and bytes/);
    expect(totals).toBe(stepSharesLine(evaluation, en));
    expect(staticNote(evaluation, zh)[0]).toMatch(/宴席规模.*试菜规模/);
  });
});

describe('static view totals', () => {
  it.each(['fridge-too-small', 'the-banquet', 'the-profiler', 'courses'])(
    '%s: the totals are the core’s step split (stepShares), as the score screen prints it',
    (id) => {
      const { level, evaluation } = evaluated(id);
      const note = staticNote(evaluation, en);
      expect(note[1]).toContain(sharesText(stepShares(evaluation), en));
      const s = stepShares(evaluation);
      expect(s.compute + s.communication + s.bubble + s.other).toBeCloseTo(1, 9);
      const priced = evaluation.tasting === null;
      expect(note[0]).toBe(en(priced ? 'views.pricedOnly' : 'views.tastingNote'));
      const phases = planListing(evaluation, level.limits.tensors).filter((r) => r.type === 'phase');
      for (const p of phases) expect(p.type === 'phase' && p.scale).toBe(priced ? 'banquet' : 'tasting');
    },
  );
  it('a one-block level has no layer headings (nothing to group)', () => {
    const { level, evaluation } = evaluated('fridge-too-small');
    expect(planListing(evaluation, level.limits.tensors).some((r) => r.type === 'layer')).toBe(false);
  });
});

describe('the totals of a plan that does not fit', () => {
  it('say it is not served before the split it was priced at (fridge-too-small start), in both languages', () => {
    const level = levelById('fridge-too-small')!;
    const r = evaluatePlan(level, level.start);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.evaluation.pricing.memory.fits).toBe(false);
    const shares = sharesText(stepShares(r.evaluation), en);
    expect(stepSharesLine(r.evaluation, en)).toMatch(/^Not served: the plan does not fit\./);
    expect(stepSharesLine(r.evaluation, en)).toContain(shares);
    expect(stepSharesLine(r.evaluation, zh)).toMatch(/^没有上菜：方案放不下/);
  });
});
