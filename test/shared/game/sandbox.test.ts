// The sandbox level: built from a menu and a kitchen, its start plan evaluates, its stars follow the
// scenario's perfect-scaling rate, every edit the scenario gives meaning to is allowed, bad options refused.
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  debrief,
  evaluatePlan,
  SANDBOX_DEVICE_COUNTS,
  SANDBOX_KITCHENS,
  SANDBOX_MENUS,
  sandboxLevel,
  type Level,
} from '../../../shared/index.ts';

const build = (menu: string, hardware: string, devices: number): Level => {
  const r = sandboxLevel({ menu, hardware, devices });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('sandboxLevel', () => {
  it('starts every menu from a plan that evaluates', () => {
    for (const menu of SANDBOX_MENUS) {
      const level = build(menu.id, 'a100-80gb', 4);
      const r = evaluatePlan(level, level.start);
      expect(r.ok, menu.id).toBe(true);
      expect(level.title.en).toBe(`Sandbox: ${menu.title.en}`);
      expect(level.title['zh-CN']).toContain(menu.title['zh-CN']);
      expect(level.stars.one).toBeLessThan(level.stars.two);
      expect(level.stars.two).toBeLessThan(level.stars.three);
    }
    expect(SANDBOX_KITCHENS.map((k) => k.id)).toContain('tpu-v5e');
  });

  it('derives the stars from perfect scaling of the start plan', () => {
    const level = build('mlp2', 'fridge-16gb-slow', 4);
    const r = evaluatePlan(level, level.start);
    if (!r.ok) throw new Error(r.error.message);
    const p = r.evaluation.pricing;
    // Replicated on 4 kitchens: each does the whole step (work share 1), so perfect scaling is 4× its rate.
    expect(p.workShare).toBeCloseTo(1);
    const ideal = (p.tokensPerStep * 4) / p.breakdownS.compute;
    expect(level.stars.three / ideal).toBeGreaterThan(0.55);
    expect(level.stars.three / ideal).toBeLessThan(0.65);
    expect(level.stars.one / ideal).toBeCloseTo(0.15, 1);
    // Two significant figures.
    expect(String(level.stars.three).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
  });

  it('compares the plan with its starting plan, not with a reference it does not have', () => {
    // The debrief said "The reference plan: 38.3 ms a step, …" of the untouched start plan, which a learner
    // read as the answer.
    const level = build('mlp2', 'a100-40gb', 4);
    const r = evaluatePlan(level, level.start);
    if (!r.ok) throw new Error(r.error.message);
    const said = debrief(level, r.evaluation);
    expect(said.en).toContain('The starting plan: ');
    expect(said['zh-CN']).toContain('起始方案：');
    expect(said.en).not.toMatch(/reference/i);
    expect(said['zh-CN']).not.toContain('参考方案');
  });

  it('names the teaching kitchens in Chinese on a Chinese screen', () => {
    // "4 间 Teaching kitchen: 16 GB fridge, slow windows 厨房" read in the Chinese story and kitchen list.
    const level = build('mlp2', 'fridge-16gb-slow', 4);
    expect(level.story['zh-CN']).toContain('4 间厨房（教学厨房，慢窗口）');
    expect(level.story['zh-CN']).not.toMatch(/Teaching|windows/);
    const teaching = SANDBOX_KITCHENS.filter((k) => k.id.startsWith('fridge-'));
    expect(teaching.map((k) => k.name['zh-CN'])).toEqual(['教学厨房，慢窗口', '教学厨房，快窗口']);
    // A chip keeps its product name in both languages.
    const a100 = SANDBOX_KITCHENS.find((k) => k.id === 'a100-80gb')!;
    expect(a100.name['zh-CN']).toBe(a100.name.en);
  });

  it('allows the tasting menus’ grid, labels and modes, and the Megatron menus’ training knobs', () => {
    const mlp = build('mlp2', 'a100-40gb', 4);
    expect(mlp.limits).toMatchObject({ maxDevices: 4, modes: ['auto', 'manual', 'pmap'] });
    expect(mlp.limits.tensors).toEqual(['x', 'y', 'w1', 'w2', 'pred']);
    expect(mlp.editable).toEqual(expect.arrayContaining(['setMesh', 'setSpec', 'setMode', 'addManualOp']));
    // Shard W1 by columns and W2 by rows on the 4 kitchens: accepted, the tasting still right.
    let plan = mlp.start;
    for (const edit of [
      { type: 'setSpec', tensor: 'w1', spec: [null, 'model'] },
      { type: 'setSpec', tensor: 'w2', spec: ['model', null] },
      { type: 'setMode', mode: 'manual' },
    ] as const) {
      const r = applyEdit(mlp, plan, edit);
      if (!r.ok) throw new Error(r.error.message);
      plan = r.state;
    }
    const tasted = evaluatePlan(mlp, plan);
    expect(tasted.ok && tasted.evaluation.tasting?.ok).toBe(true);
    expect(build('gpt', 'a100-40gb', 2).limits.modes).toEqual(['auto', 'pmap']);

    const gpt = build('gpt-175b', 'a100-80gb', 512);
    expect(gpt.editable).toEqual([
      'setMesh',
      'setPipeline',
      'setRecompute',
      'setZero',
      'setSequenceParallel',
    ]);
    expect(gpt.scenario).toMatchObject({ engine: 'train', hardware: 'a100-80gb', globalBatch: 4096 });
    expect(gpt.start.mesh).toEqual([
      { name: 'data', size: 512 },
      { name: 'stage', size: 1 },
      { name: 'model', size: 1 },
    ]);
    const r = applyEdit(gpt, gpt.start, {
      type: 'setMesh',
      axes: [
        { name: 'data', size: 8 },
        { name: 'stage', size: 8 },
        { name: 'model', size: 8 },
      ],
    });
    expect(r.ok).toBe(true);
  });

  it('refuses bad options with a clear error in both languages', () => {
    const cases = [
      [{ menu: 'soup', hardware: 'a100-40gb', devices: 4 }, "unknown menu 'soup'"],
      [{ menu: 'mlp2', hardware: 'toaster', devices: 4 }, "unknown hardware 'toaster'"],
      [{ menu: 'mlp2', hardware: 'a100-40gb', devices: 3 }, '3 devices'],
      [{ menu: 'mlp2', hardware: 'a100-40gb', devices: 64 }, 'takes 1, 2, 4, 8, 16'],
      [{ menu: 'gpt-2.7b', hardware: 'a100-40gb', devices: 2048 }, '2048 devices'],
    ] as const;
    for (const [options, message] of cases) {
      const r = sandboxLevel(options);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.type).toBe('LevelRule');
      expect(r.error.message).toContain(message);
      expect(r.error.explanation.en.length).toBeGreaterThan(10);
      expect(r.error.explanation['zh-CN'].length).toBeGreaterThan(5);
    }
    expect(SANDBOX_DEVICE_COUNTS.train.at(-1)).toBe(1024);
  });
});
