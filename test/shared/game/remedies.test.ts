// A verdict offers only what the level lets the player do, and for a full fridge only what shrinks a real
// part of it: the old verdicts told every level to "share the ledgers, or cook again instead of storing", on
// levels with neither edit (the courses level can only change its schedule) and on SGD levels with no
// optimizer state to share, and to "use fewer stations" where the stations are fixed.
import { describe, expect, it } from 'vitest';
import type { PlanEditType } from '../../../shared/game/actions.ts';
import { bubbleAdvice, memoryAdvice, passingAdvice } from '../../../shared/game/evaluate/remedies.ts';
import { evaluatePlan } from '../../../shared/game/evaluatePlan.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import type { PlanState } from '../../../shared/game/planState.ts';
import type { MemoryBreakdown } from '../../../shared/sim/cost/memory.ts';

const GB = 1e9;
const fridge = (parts: Omit<MemoryBreakdown, 'total'>): MemoryBreakdown => ({
  ...parts,
  total: parts.params + parts.grads + parts.optimizer + parts.activations + parts.temporaries,
});

/** Each remedy's English words and the edits that carry it out. */
const REMEDY_EDITS: readonly [string, readonly PlanEditType[]][] = [
  ['cut the big dishes', ['setSpec', 'setMesh']],
  ['share the ledgers', ['setZero']],
  ['cook again instead of storing', ['setRecompute']],
  ['sequence parallelism', ['setSequenceParallel']],
  ['serve the courses another way', ['setPipeline']],
  ['serve the courses by 1f1b', ['setPipeline']],
  ['share fewer ledgers', ['setZero']],
  ['more, smaller rounds', ['setPipeline']],
  ['serve more rounds', ['setPipeline']],
  ['use fewer stations', ['setMesh']],
  ['cut fewer times', ['setSpec', 'setMesh']],
  ['pass another way', ['setSpec', 'clearSpec', 'setSequenceParallel', 'addManualOp']],
];

/** A bubble: more microbatches (the plan's pipeline) on every level whose schedule can change. */
const bubbly = (l: (typeof LEVELS)[number]): PlanState[] =>
  l.editable.includes('setPipeline')
    ? [{ ...l.reference, pipeline: { microbatches: 1, schedule: '1f1b', virtualStages: 1 } }]
    : [];

describe('memoryAdvice', () => {
  it('every level’s verdicts offer only remedies the level allows, and at least one', () => {
    const seen = new Set<string>();
    for (const l of LEVELS)
      for (const plan of [l.start, l.reference, l.trap.plan, ...bubbly(l)]) {
        const r = evaluatePlan(l, plan);
        const kind = r.ok ? r.evaluation.limitedBy : undefined;
        if (kind !== 'memory' && kind !== 'bubble' && kind !== 'communication') continue;
        seen.add(kind);
        if (!r.ok) continue;
        const said = r.evaluation.explanation.en.toLowerCase();
        const offered = REMEDY_EDITS.filter(([words]) => said.includes(words));
        expect(offered.length, l.id).toBeGreaterThan(0);
        for (const [words, edits] of offered)
          expect(
            edits.some((e) => l.editable.includes(e)),
            `${l.id} offers '${words}'`,
          ).toBe(true);
      }
    expect([...seen].sort()).toEqual(['bubble', 'communication', 'memory']);
  });

  it('a bubble on the courses levels (schedule only) is not told to use fewer stations', () => {
    expect(bubbleAdvice(['setPipeline']).en).toBe(
      'Serve more rounds (microbatches) or interleave the courses (each station cooks several non-adjacent chunks).',
    );
    expect(bubbleAdvice(['setMesh', 'setPipeline']).en).toContain(', or use fewer stations.');
  });

  it('passing on a level that only sets the mesh is not told to pass another way', () => {
    expect(passingAdvice(['setMesh'], true).en).toBe(
      "Cut fewer times, keep the cuts inside a node's fast windows.",
    );
    expect(passingAdvice(['setSpec', 'clearSpec'], true)['zh-CN']).toBe(
      '少切几刀、把切法留在同一个节点的快窗口内或换一种传法。',
    );
    expect(passingAdvice(['setPipeline'], true).en).toContain('Nothing this level lets you change');
  });

  // column-then-row's four kitchens are one node of slow windows: there is no fast window to keep cuts in
  it('keeps the cuts inside a node only where the plan spans several nodes', () => {
    const verdict = (id: string, which: 'start' | 'trap') => {
      const l = LEVELS.find((x) => x.id === id)!;
      const r = evaluatePlan(l, which === 'start' ? l.start : l.trap.plan);
      if (!r.ok) throw new Error(`${id}: not evaluated`);
      expect(r.evaluation.limitedBy, id).toBe('communication');
      return { said: r.evaluation.explanation, p: r.evaluation.pricing };
    };
    const oneNode = verdict('column-then-row', 'start');
    expect(oneNode.p.devices).toBeLessThanOrEqual(oneNode.p.topology.devicesPerNode);
    expect(oneNode.said.en).toContain('Cut fewer times or pass another way.');
    expect(oneNode.said['zh-CN']).toContain('少切几刀或换一种传法。');
    for (const said of [oneNode.said.en, oneNode.said['zh-CN']])
      expect(said).not.toMatch(/fast windows|快窗口/);
    for (const [id, which] of [
      ['the-profiler', 'start'],
      ['myth-more-shards-are-faster', 'trap'],
    ] as const) {
      const nodes = verdict(id, which);
      expect(nodes.p.devices).toBeGreaterThan(nodes.p.topology.devicesPerNode);
      expect(nodes.said.en).toContain("keep the cuts inside a node's fast windows");
      expect(nodes.said['zh-CN']).toContain('把切法留在同一个节点的快窗口内');
    }
    expect(passingAdvice(undefined, false).en).toBe('Cut fewer times or pass another way.');
  });

  it('the courses level, which edits its schedule only, is told to change the schedule', () => {
    const w = fridge({
      params: 0.9 * GB,
      grads: 0.9 * GB,
      optimizer: 5.3 * GB,
      activations: 238 * GB,
      temporaries: 1 * GB,
    });
    const advice = memoryAdvice(w, ['setPipeline']);
    expect(advice.en).toBe(
      'Serve the courses another way (1F1B, more and smaller rounds) so that fewer activations wait for the backward pass.',
    );
    expect(advice['zh-CN']).toContain('1F1B');
  });

  it('a plan already on 1F1B is told to use smaller rounds, not to switch to 1F1B', () => {
    const courses = LEVELS.find((l) => l.id === 'courses')!;
    // The reference's 1F1B with one round of the whole batch: 8 stations, each keeping that round's activations.
    const plan = { ...courses.reference, pipeline: { ...courses.reference.pipeline, microbatches: 1 } };
    const r = evaluatePlan(courses, plan);
    if (!r.ok) throw new Error(r.error.message);
    expect(plan.pipeline.schedule).toBe('1f1b');
    expect(r.evaluation.limitedBy).toBe('memory');
    expect(r.evaluation.explanation.en).toContain(
      'Split the same batch into more, smaller rounds (microbatches) so that each round waiting for the backward pass is smaller.',
    );
    expect(r.evaluation.explanation.en).not.toContain('1F1B');
    expect(r.evaluation.explanation['zh-CN']).not.toContain('1F1B');
    // GPipe is still told about 1F1B.
    const gpipe = evaluatePlan(courses, { ...plan, pipeline: { ...plan.pipeline, schedule: 'gpipe' } });
    if (!gpipe.ok) throw new Error(gpipe.error.message);
    expect(gpipe.evaluation.explanation.en).toContain('Serve the courses another way (1F1B');
  });

  describe('never tells a plan to do what it already does', () => {
    const mesh = (data: number, stage: number, model: number) => [
      { name: 'data', size: data },
      { name: 'stage', size: stage },
      { name: 'model', size: model },
    ];
    const verdict = (id: string, change: (p: PlanState) => PlanState) => {
      const level = LEVELS.find((l) => l.id === id)!;
      const r = evaluatePlan(level, change(level.reference));
      if (!r.ok) throw new Error(r.error.message);
      return r.evaluation;
    };
    it('sequence parallelism already on: only recomputation is left (cook again)', () => {
      const e = verdict('cook-again', (p) => ({ ...p, recompute: 'none', sequenceParallel: true }));
      expect(e.limitedBy).toBe('memory');
      expect(e.explanation.en).toMatch(/Cook again instead of storing\.$/);
      expect(e.explanation['zh-CN']).not.toContain('序列并行');
    });
    it('full recomputation: not told to cook again', () => {
      const e = verdict('the-profiler', (p) => ({
        ...p,
        mesh: mesh(1, 4, 1),
        recompute: 'full',
        pipeline: { ...p.pipeline, schedule: 'gpipe' },
      }));
      expect(e.limitedBy).toBe('memory');
      expect(e.explanation.en).not.toContain('cook again');
      expect(e.explanation.en).toContain('serve the courses another way');
    });
    it('no model kitchens: not told to split over them (sequence parallelism)', () => {
      const e = verdict('the-profiler', (p) => ({ ...p, mesh: mesh(1, 4, 1), recompute: 'none' }));
      expect(e.limitedBy).toBe('memory');
      expect(e.explanation.en).toContain('cook again instead of storing');
      expect(e.explanation.en).not.toContain('sequence parallelism');
    });
    it('ZeRO-3, or one data kitchen: no ledgers left to share', () => {
      // data 1 × stage 16 overflows at ZeRO-3 and at ZeRO-0 alike: with one data kitchen nothing is shared
      for (const zeroStage of [3, 0] as const) {
        const e = verdict('seasoning-ledgers', (p) => ({ ...p, mesh: mesh(1, 16, 1), zeroStage }));
        expect(e.limitedBy, `ZeRO-${zeroStage}`).toBe('memory');
        expect(e.explanation.en, `ZeRO-${zeroStage}`).not.toContain('share the ledgers');
      }
      // with data kitchens, ZeRO-0's overflowing fridge is told to share them
      const shared = verdict('seasoning-ledgers', (p) => ({ ...p, mesh: mesh(2, 8, 1), zeroStage: 0 }));
      expect(shared.limitedBy).toBe('memory');
      expect(shared.explanation.en).toContain('share the ledgers');
    });
    it('GPipe with single-example rounds: told 1F1B, not smaller rounds', () => {
      const gpipe = verdict('courses', (p) => ({
        ...p,
        pipeline: { ...p.pipeline, schedule: 'gpipe', microbatches: 64 },
      }));
      expect(gpipe.explanation.en).toContain('Serve the courses by 1F1B so that fewer rounds wait');
      expect(gpipe.explanation.en).not.toMatch(/smaller rounds/);
      expect(gpipe.explanation['zh-CN']).toContain('换成 1F1B 上菜');
    });
    it('ZeRO-3 whose weight gathers hold up the step: told the lower stage', () => {
      const e = verdict('the-banquet', (p) => ({
        ...p,
        mesh: mesh(8, 8, 8),
        pipeline: { ...p.pipeline, microbatches: 192 },
        zeroStage: 3,
        sequenceParallel: true,
      }));
      expect(e.limitedBy).toBe('communication');
      expect(e.explanation.en).toContain('share fewer ledgers (a lower ZeRO stage');
      expect(e.explanation['zh-CN']).toContain('降一级 ZeRO');
      const zero1 = verdict('the-banquet', (p) => ({ ...p, zeroStage: 1 }));
      expect(zero1.explanation.en).not.toContain('share fewer ledgers');
    });
  });

  it('a remedy for under a tenth of the fridge is not offered: the banquet’s replicated model states', () => {
    const w = fridge({
      params: 349 * GB,
      grads: 349 * GB,
      optimizer: 2095 * GB,
      activations: 5.2 * GB,
      temporaries: 5.3 * GB,
    });
    const all: PlanEditType[] = ['setMesh', 'setPipeline', 'setRecompute', 'setZero', 'setSequenceParallel'];
    expect(memoryAdvice(w, all).en).toBe('Cut the big dishes over more kitchens or share the ledgers.');
    expect(memoryAdvice(w, all)['zh-CN']).toBe('把大菜切开分给更多厨房或分摊账本，才能装下。');
  });

  it('lists three or more remedies with commas and a final "or"; every edit when the level is not given', () => {
    const w = fridge({ params: 10 * GB, grads: 10 * GB, optimizer: 0, activations: 10 * GB, temporaries: 0 });
    const en = memoryAdvice(w).en;
    expect(en).toMatch(
      /^Cut the big dishes over more kitchens, share the ledgers, cook again instead of storing, .*, or serve the courses/,
    );
    expect(memoryAdvice(w)['zh-CN']).toMatch(
      /^把大菜切开分给更多厨房、分摊账本、现做不备、.*或换一种上菜方式/,
    );
  });

  it('says so when nothing the level allows shrinks the fridge', () => {
    const w = fridge({ params: 10 * GB, grads: 10 * GB, optimizer: 0, activations: 0, temporaries: 0 });
    expect(memoryAdvice(w, ['setCapacityFactor']).en).toContain('Nothing this level lets you change');
  });
});
