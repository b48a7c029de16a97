// `sim levels`, `sim export`, and `sim shard`'s execute bounded by memory (issue 12), run as a user runs them.
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { executeBytes, MAX_EXECUTE_BYTES } from '../../../shared/sim/shardOp/shardOp.ts';
import { makeMesh } from '../../../shared/sim/mesh.ts';
import { unwrap } from '../../../shared/sim/result.ts';
import { runSim as sim } from './runSim.ts';

describe('npm run sim -- levels', () => {
  it('lists every level with its kind, both titles and its concepts', async () => {
    const { code, json } = await sim('levels', {});
    expect(code).toBe(0);
    const levels = json['levels'] as {
      id: string;
      kind: string;
      title: Record<string, string>;
      concepts: string[];
    }[];
    expect(levels.map((l) => l.id)).toEqual(LEVELS.map((l) => l.id));
    expect(levels[0]).toEqual({
      id: 'fridge-too-small',
      kind: 'concept',
      title: { en: 'The fridge is too small', 'zh-CN': '冷柜装不下' },
      concepts: [LEVELS[0]!.concept],
    });
    expect(new Set(levels.map((l) => l.kind))).toEqual(new Set(['concept', 'misconception']));
    // The mixture-of-experts chapter: every one of its levels teaches expert parallelism.
    const ep = levels.filter((l) => l.concepts.includes('expert-parallelism')).map((l) => l.id);
    expect(ep).toEqual(['the-buffet', 'full-stations', 'myth-more-experts-more-compute']);
    expect(levels.find((l) => l.id === 'full-stations')!.concepts).toEqual([
      'expert-capacity',
      'expert-parallelism',
    ]);
  });
});

describe('npm run sim -- export', () => {
  it('exports a level plan as JAX with its devices, mesh and listed collectives', async () => {
    const { code, json } = await sim('export', {
      level: 'fridge-too-small',
      plan: 'reference',
      scale: 'tasting',
    });
    expect(code).toBe(0);
    expect(Object.keys(json).sort()).toEqual(['collectives', 'devices', 'mesh', 'python']);
    expect(json['devices']).toBe(4);
    expect(json['mesh']).toEqual({ axes: [['model', 4]] });
    expect(json['python']).toContain('# Tested with JAX 0.10.2');
    expect(json['collectives']).toContainEqual({
      kind: 'all-reduce',
      axes: ['model'],
      tensor: 'pred',
      phase: 'forward',
    });
  });
  it('validates a plan document against the level, and compiles only at the banquet scale', async () => {
    const plan = { mesh: [['model', 4]], specs: { w1: [null, 'model'], w2: ['model', null] } };
    const { code, json } = await sim('export', { level: 'fridge-too-small', plan, scale: 'banquet' });
    expect(code).toBe(0);
    expect(json['python']).toContain('compiled = step.lower(*abstract_args).compile()');
    expect(json['python']).not.toContain('make_args');
  });
  it("refuses a level's own rule as `level` does: a ValueError that names the rule, with its code", async () => {
    const tooMany = await sim('export', { level: 'fridge-too-small', plan: { mesh: [['model', 8]] } });
    expect(tooMany.code).toBe(2);
    expect(tooMany.json['error']).toEqual({
      type: 'ValueError',
      code: 'level/too-many-devices',
      message: 'LevelRule: This level has 4 devices; the mesh asks for 8.',
    });
    const level = await sim('level', {
      level: 'fridge-too-small',
      plan: { mesh: [{ name: 'model', size: 8 }] },
    });
    expect(level.json['error']).toEqual(tooMany.json['error']);
  });
  it('refuses an unknown level or scale with an InputError', async () => {
    for (const bad of [
      { level: 'nope', plan: 'start' },
      { level: 'courses', plan: 'start', scale: 'huge' },
    ]) {
      const { code, json } = await sim('export', bad);
      expect(code).toBe(2);
      expect((json['error'] as { type: string }).type).toBe('InputError');
    }
  });
});

describe('sim shard execute is bounded by memory', () => {
  it("runs the scaling book's 8×2048 by 2048×8192 example", async () => {
    const { code, json } = await sim('shard', {
      mesh: {
        axes: [
          ['x', 2],
          ['y', 4],
        ],
      },
      op: 'einsum',
      equation: 'bd,df->bf',
      operands: [
        { shape: [8, 2048], spec: ['x', 'y'] },
        { shape: [2048, 8192], spec: ['y', null] },
      ],
      execute: true,
    });
    expect(code).toBe(0);
    expect((json['execution'] as { ok: boolean }).ok).toBe(true);
  }, 120_000);
  it('refuses what would allocate more than the bound', () => {
    const mesh = unwrap(makeMesh([['x', 8]]));
    const big = [[1 << 14, 1 << 14]];
    expect(executeBytes(mesh, big, big)).toBeGreaterThan(MAX_EXECUTE_BYTES);
  });
});
