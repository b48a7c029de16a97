// Every priced pass names the value it moves as the program's values are named — an identifier, the same in
// both languages — so that no English sentence shows in the Chinese static view (issue 13 item 4: the
// profiler's pipeline listed "activations to the next stage" among zh-CN rows).
import { describe, expect, it } from 'vitest';
import { evaluatePlan, LEVELS } from '../../../shared/index.ts';

describe('priced passes’ tensor names', () => {
  it.each(LEVELS.filter((l) => l.scenario.engine !== 'tasting+pricing').map((l) => l.id))(
    '%s: reference and trap name identifiers only',
    (id) => {
      const level = LEVELS.find((l) => l.id === id)!;
      for (const plan of [level.reference, level.trap.plan]) {
        const r = evaluatePlan(level, plan);
        if (!r.ok) continue;
        for (const c of r.evaluation.pricing.collectives) expect(c.tensor).toMatch(/^[\w./]+$/);
      }
    },
  );
});
