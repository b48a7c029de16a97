// An overflowing fridge's verdict offers only what the level lets the player do, and only what shrinks a
// real part of the fridge: the old verdict told every level to "share the ledgers, or cook again instead of
// storing", on levels with neither edit (the courses level can only change its schedule) and on SGD levels
// with no optimizer state to share.
import { describe, expect, it } from 'vitest';
import type { PlanEditType } from '../../../shared/game/actions.ts';
import { memoryAdvice } from '../../../shared/game/evaluate/memoryAdvice.ts';
import { evaluatePlan } from '../../../shared/game/evaluatePlan.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
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
];

describe('memoryAdvice', () => {
  it('every level’s full fridge is offered only remedies the level allows, and at least one', () => {
    let seen = 0;
    for (const l of LEVELS)
      for (const plan of [l.start, l.reference, l.trap.plan]) {
        const r = evaluatePlan(l, plan);
        if (!r.ok || r.evaluation.limitedBy !== 'memory') continue;
        seen++;
        const said = r.evaluation.explanation.en.toLowerCase();
        const offered = REMEDY_EDITS.filter(([words]) => said.includes(words));
        expect(offered.length, l.id).toBeGreaterThan(0);
        for (const [words, edits] of offered)
          expect(
            edits.some((e) => l.editable.includes(e)),
            `${l.id} offers '${words}'`,
          ).toBe(true);
      }
    expect(seen).toBeGreaterThan(10);
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
