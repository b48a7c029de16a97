import { describe, expect, it } from 'vitest';
import { evaluatePlan, LEVELS, levelById, type Level } from '../../../shared/index.ts';
import { fridgeGauge } from '../../../client/viewModels/fridgeGauge.ts';
import { levelRows, starGlyphs } from '../../../client/viewModels/levelCatalog.ts';
import { deviceList, preview } from '../../../client/viewModels/preview.ts';
import { formatBytes } from '../../../shared/game/format.ts';
import { setDimensionEdit, specForm, specText, tensorShapes } from '../../../client/viewModels/specForm.ts';
import { LevelSession } from '../../../client/state/LevelSession.ts';
import { StarStore } from '../../../client/state/starStore.ts';

const fridge = levelById('fridge-too-small') as Level;

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('level view-models', () => {
  it('lists every level in play order with its stars', () => {
    const rows = levelRows(LEVELS, { 'fridge-too-small': 2, courses: 9, 'the-tasting': 3 }, 'zh-CN');
    expect(rows.map((r) => r.id)).toEqual(LEVELS.map((l) => l.id));
    expect(rows).toHaveLength(LEVELS.length);
    expect(rows[0]).toMatchObject({ id: 'fridge-too-small', title: '冷柜装不下', stars: 2 });
    expect(rows.find((r) => r.id === 'courses')).toMatchObject({ stars: 0, kind: 'concept' });
    expect(rows.find((r) => r.id === 'the-tasting')).toMatchObject({ stars: 3 });
    expect(starGlyphs(2)).toBe('★★☆');
  });

  it('stacks a fridge gauge against its capacity and flags overflow', () => {
    const g = fridgeGauge(
      { params: 10, grads: 10, optimizer: 0, activations: 2, temporaries: 0, total: 22 },
      16,
    );
    expect(g.overflow).toBe(true);
    expect(g.segments.map((s) => s.part)).toEqual(['params', 'grads', 'activations']);
    expect(g.segments.at(-1)!.to).toBeCloseTo(1 / 1.1);
    expect(g.capacityAt).toBeCloseTo(16 / 22 / 1.1);
    expect(
      fridgeGauge({ params: 4, grads: 0, optimizer: 0, activations: 0, temporaries: 0, total: 4 }, 16)
        .overflow,
    ).toBe(false);
  });

  it('builds the label form and the setSpec edit of one dimension', () => {
    const r = evaluatePlan(fridge, fridge.start);
    if (!r.ok) throw new Error(r.error.message);
    const forms = specForm(fridge, fridge.start, tensorShapes(r.evaluation));
    expect(forms.map((f) => [f.tensor, f.dims.map((d) => d.size)])).toEqual([
      ['w1', [8, 16]],
      ['w2', [16, 4]],
    ]);
    expect(forms[0]!.dims[1]!.options).toEqual([null, 'model']);
    expect(setDimensionEdit(forms[0]!, 1, 'model')).toEqual({
      type: 'setSpec',
      tensor: 'w1',
      spec: [null, 'model'],
    });
    expect(specText(forms[0]!.dims)).toBe('P(None, None)');
  });

  it('prints the preview of the start and the reference plans', () => {
    const start = evaluatePlan(fridge, fridge.start);
    const ref = evaluatePlan(fridge, fridge.reference);
    if (!start.ok || !ref.ok) throw new Error('not evaluable');
    expect(preview(start.evaluation).memory[0]).toMatchObject({ kitchens: '0–3', over: '19.6 GB' });
    const p = preview(ref.evaluation);
    expect(p).toMatchObject({ step: '1.40 s', score: { stars: 3, rate: '733', unit: 'examples' } });
    // A class that hides the score while planning: memory fit and step time stay, rate and stars are not made.
    const hidden = preview(ref.evaluation, { hideScore: true });
    expect(hidden.score).toBeNull();
    expect(hidden).toEqual({ ...p, score: null });
    expect(JSON.stringify(hidden)).not.toMatch(/733|stars/u);
    expect(p.tasting?.ok).toBe(true);
    expect(p.passes.length).toBeGreaterThan(0);
    expect(deviceList([3, 0, 1, 5])).toBe('0–1, 3, 5');
    expect(formatBytes(101e6)).toBe('101 MB');
  });
});

describe('LevelSession and StarStore', () => {
  it('applies, refuses, undoes and redoes edits', () => {
    const s = new LevelSession(fridge);
    expect(s.edit({ type: 'setSpec', tensor: 'w1', spec: [null, 'model'] })).toBe(true);
    expect(s.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', 'model'] })).toBe(false);
    expect(s.view.error?.type).toBe('DuplicateSpecError');
    expect(s.view.plan.specs.w2).toBeUndefined();
    expect(s.edit({ type: 'setSpec', tensor: 'w2', spec: ['model', null] })).toBe(true);
    expect(s.view.error).toBeNull();
    expect(s.view.evaluation?.stars).toBe(3);
    s.undo();
    expect(s.view.plan.specs.w2).toBeUndefined();
    expect(s.view.canRedo).toBe(true);
    s.redo();
    expect(s.view.evaluation?.stars).toBe(3);
  });

  it('keeps the best stars per level', () => {
    const store = new StarStore(new MemoryStorage() as unknown as Storage);
    expect(store.record('a', 2)).toBe(2);
    expect(store.record('a', 1)).toBe(2);
    expect(store.get('a')).toBe(2);
    expect(store.get('b')).toBe(0);
  });
});
