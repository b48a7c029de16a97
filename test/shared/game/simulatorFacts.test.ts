// Simulator behaviour taught as fact, checked against the published behaviour (issue 13 item 5):
// - ZeRO-2 (Rajbhandari et al. 2020, §5.2 "P_os+g"): each gradient is reduce-scattered over the data-parallel
//   ranks, which then own a slice; no all-to-all appears anywhere in the step. XLA's SPMD partitioner reduces
//   a sum over a sharded dim locally and reduce-scatters the partial results into the result's sharding.
// - JAX's sharding docs: jit's in_shardings / out_shardings are hard constraints (the arrays must come out
//   that way) and with_sharding_constraint is a constraint the partitioner must meet — not "soft".
import { describe, expect, it } from 'vitest';
import { evaluate, level } from './helpers.ts';

describe('simulator facts', () => {
  it.each(['seasoning-ledgers', 'the-banquet'])(
    '%s: ZeRO-2 reduce-scatters every gradient, no all-to-all',
    (id) => {
      const l = level(id);
      const e = evaluate(l, { ...l.reference, zeroStage: 2 });
      const kinds = e.pricing.collectives.map((c) => c.kind);
      expect(kinds).not.toContain('all-to-all');
      const grads = e.pricing.collectives.filter((c) => c.role === 'gradient' && c.axes.includes('data'));
      expect(grads.length).toBeGreaterThan(0);
      for (const c of grads) expect(`${c.kind} ${c.tensor}`).toMatch(/^reduce-scatter grad\//);
    },
  );

  it('ZeRO-1 all-reduces the gradients and ZeRO-3 adds the parameter gathers, still without all-to-all', () => {
    const l = level('seasoning-ledgers');
    const z1 = evaluate(l, { ...l.reference, zeroStage: 1 }).pricing.collectives;
    expect(z1.filter((c) => c.role === 'gradient').every((c) => c.kind === 'all-reduce')).toBe(true);
    const z3 = evaluate(l, { ...l.reference, zeroStage: 3 }).pricing.collectives;
    expect(z3.map((c) => c.kind)).not.toContain('all-to-all');
    expect(z3.some((c) => c.role === 'parameter' && c.kind === 'all-gather')).toBe(true);
  });

  it("the GSPMD level's debrief calls jit shardings hard constraints, never soft ones", () => {
    const d = level('myth-gspmd-is-automatic').debrief;
    expect(d.en).not.toMatch(/soft/i);
    expect(d['zh-CN']).not.toContain('软约束');
    expect(d.en).toContain('hard constraints');
    expect(d.en).toContain('with_sharding_constraint');
  });
});
