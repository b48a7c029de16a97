// A training step's outputs feed the next step: every updated parameter (and master copy, and moment) comes
// back in its input's sharding, as the export's out_shardings pin it (jaxSnippet.ts) — so the reshard that
// brings an update back is one of the plan's passes, priced and listed. Before, GSPMD left column-then-row's
// new w_in split the way its gradient came out, and the game listed one pass fewer than the exported JAX ran.
import { describe, expect, it } from 'vitest';
import { prepareTasting } from '../../../shared/game/prepareTasting.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { shardingsEqual } from '../../../shared/sim/sharding.ts';
import { evaluate, level } from './helpers.ts';

describe('updated values pinned to their inputs', () => {
  it('holds for every auto-mode plan of every tasting level, at both scales', () => {
    let checked = 0;
    for (const l of LEVELS) {
      if (l.scenario.engine !== 'tasting+pricing') continue;
      for (const plan of [l.start, l.reference, l.trap.plan]) {
        if (plan.mode !== 'auto') continue;
        const prepared = prepareTasting(l.scenario, plan);
        if (!prepared.ok) continue;
        for (const scale of [prepared.value.tasting, prepared.value.banquet]) {
          if (scale.kind === 'manual') continue;
          const { program, shardings } = scale.plan;
          for (const o of program.outputs) {
            const input = program.values[o.value]!.updates;
            if (input === undefined) continue;
            expect(shardingsEqual(shardings[o.value]!, shardings[input]!), `${l.id} ${o.name}`).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('prices the all-gather that brings column-then-row’s w_in back whole', () => {
    const l = level('column-then-row');
    const e = evaluate(l, l.start);
    const back = e.pricing.collectives.filter((c) => c.phase === 'update');
    expect(back.map((c) => [c.kind, c.tensor, c.axes])).toEqual([['all-gather', 'w_in_step', ['model']]]);
    expect(back[0]!.timeS).toBeGreaterThan(0);
    // the gradient stays split (a quarter of w_in's per kitchen): the step is gathered, not the gradient
    const { params, grads } = e.pricing.memory.groups[0]!.bytes;
    expect(grads).toBeLessThan(params);
  });
});
