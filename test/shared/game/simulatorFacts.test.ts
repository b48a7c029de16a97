// Simulator behaviour taught as fact, checked against the published behaviour (issue 13 item 5):
// - ZeRO-2 (Rajbhandari et al. 2020, §5.2 "P_os+g"): each gradient is reduce-scattered over the data-parallel
//   ranks, which then own a slice; no all-to-all appears anywhere in the step. XLA's SPMD partitioner reduces
//   a sum over a sharded dim locally and reduce-scatters the partial results into the result's sharding.
// - Megatron-LM (Shoeybi et al. 2019 §3; `ColumnParallelLinear` query_key_value): Q, K and V are one fused
//   [h, 3h] parameter, so data parallelism reduces ONE gradient of the fused size, and a heads-split layer
//   reduces its input's gradient once (the f operator's backward), not once per projection.
// - A row-sharded embedding table (Megatron's VocabParallelEmbedding; XLA on JAX 0.10.2 partitions
//   jnp.take(table, ids) on a P('row', None) table the same way): each device looks up the rows it holds,
//   zeros elsewhere, and ONE all-reduce of the [batch, dim] rows combines them; the backward pass is a
//   local scatter-add into each device's rows (no collective); no 16M-wide one-hot anywhere.
// - JAX's sharding docs: jit's in_shardings / out_shardings are hard constraints (the arrays must come out
//   that way) and with_sharding_constraint is a constraint the partitioner must meet — not "soft".
import { describe, expect, it } from 'vitest';
import { exportPlan } from '../../../shared/game/exportPlan.ts';
import type { TastingScenario } from '../../../shared/game/level.ts';
import { preparePlan } from '../../../shared/game/preparePlan.ts';
import { scenarioHardware } from '../../../shared/game/evaluate/tastingEngine.ts';
import { meshAxisLinks } from '../../../shared/sim/cost/hardware.ts';
import { pricePlan } from '../../../shared/sim/cost/pricePlan.ts';
import { stepShares } from '../../../shared/game/stepShares.ts';
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

  it('ZeRO-1 reduce-scatters the gradients and ZeRO-3 adds the parameter gathers, still without all-to-all', () => {
    const l = level('seasoning-ledgers');
    // each kitchen needs only its ledger slice's sum (ZeRO §7.2.1; XLA's GPU pipeline rewrites the all-reduce
    // whose result is only sliced into a reduce-scatter), as ZeRO-2 does; ZeRO-0 all-reduces
    const grads = (zeroStage: 0 | 1 | 2) =>
      evaluate(l, { ...l.reference, zeroStage }).pricing.collectives.filter((c) => c.role === 'gradient');
    expect(grads(1).length).toBeGreaterThan(0);
    expect(grads(1).every((c) => c.kind === 'reduce-scatter')).toBe(true);
    expect(grads(1).map((c) => [c.tensor, c.bytesPerDevice])).toEqual(
      grads(2).map((c) => [c.tensor, c.bytesPerDevice]),
    );
    expect(grads(0).every((c) => c.kind === 'all-reduce')).toBe(true);
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

  it('the fused QKV weight: a copying plan all-reduces one gradient of the fused [d, 3, n, h] size', () => {
    const l = level('myth-model-parallel-is-copying');
    const e = evaluate(l, l.start);
    const { hidden: d, heads: n, headDim: h } = (l.scenario as TastingScenario).banquetDims;
    const attention = (names: readonly string[]) => names.filter((t) => /^grad\/w(q|k|v|qkv)$/.test(t));
    const priced = e.pricing.collectives.filter((c) => c.role === 'gradient');
    expect(attention(priced.map((c) => c.tensor))).toEqual(['grad/wqkv']);
    const qkv = priced.find((c) => c.tensor === 'grad/wqkv')!;
    expect(qkv.kind).toBe('all-reduce');
    // Ring all-reduce over 4 kitchens: each sends 2(n−1)/n of the fp32 gradient.
    expect(qkv.bytesPerDevice).toBe(((2 * 3) / 4) * d! * 3 * n! * h! * 4);
    const tasted = e.tasting!.collectives.filter((c) => c.phase === 'backward').map((c) => c.tensor);
    expect(attention(tasted)).toEqual(['grad/wqkv']);
    const exported = exportPlan(l, l.start, 'tasting');
    if (!exported.ok) throw new Error(exported.error.message);
    expect(attention(exported.value.collectives.map((c) => c.tensor))).toEqual(['grad/wqkv']);
  });

  it("the fused QKV weight: a heads-split block reduces its input's gradient once per layer", () => {
    const l = level('myth-gspmd-is-automatic');
    const e = evaluate(l, l.reference);
    const ln1 = (names: readonly string[]) => names.filter((t) => /^blk\d\/dln1(_\d+)?$/.test(t));
    const backward = (cs: readonly { phase: string; tensor: string }[]) =>
      ln1(cs.filter((c) => c.phase === 'backward').map((c) => c.tensor));
    expect(backward(e.pricing.collectives)).toEqual(['blk1/dln1', 'blk0/dln1']);
    expect(backward(e.tasting!.collectives)).toEqual(['blk1/dln1', 'blk0/dln1']);
    expect(e.pricing.collectives.find((c) => c.tensor === 'blk0/dln1')?.kind).toBe('reduce-scatter');
    const exported = exportPlan(l, l.reference, 'tasting');
    if (!exported.ok) throw new Error(exported.error.message);
    expect(backward(exported.value.collectives)).toEqual(['blk1/dln1', 'blk0/dln1']);
  });

  it('the giant spice rack: a row lookup, one all-reduce of the [batch, dim] rows, a local scatter-add', () => {
    const l = level('giant-spice-rack');
    const dims = (l.scenario as TastingScenario).banquetDims;
    const [batch, vocab, embed, n] = [dims.batch!, dims.vocab!, dims.embed!, 16];
    const e = evaluate(l, l.reference);
    expect(e.tasting!.ok).toBe(true);
    const passes = (
      cs: readonly { kind: string; axes: readonly string[]; tensor: string; phase: string }[],
    ) => cs.map((c) => `${c.kind}(${c.axes.join(',')}) ${c.tensor} ${c.phase}`);
    expect(passes(e.pricing.collectives)).toEqual(['all-reduce(row) item forward']);
    expect(passes(e.tasting!.collectives)).toEqual(['all-reduce(row) item forward']);
    // Ring all-reduce of the fp32 [batch, embed] rows over 16 kitchens.
    expect(e.pricing.collectives[0]!.bytesPerDevice).toBe(((2 * (n - 1)) / n) * batch * embed * 4);
    const exported = exportPlan(l, l.reference, 'tasting');
    if (!exported.ok) throw new Error(exported.error.message);
    expect(exported.value.python).toContain(
      "jnp.take(params['table'], data['ids'].astype(jnp.int32), axis=0)",
    );
    expect(passes(exported.value.collectives.map((c) => ({ ...c, axes: [...c.axes] })))).toEqual([
      'all-reduce(row) item forward',
    ]);

    const prepared = preparePlan(l, l.reference);
    if (!prepared.ok || prepared.value.engine !== 'tasting+pricing') throw new Error('not prepared');
    const banquet = prepared.value.tasting.banquet;
    if (banquet.kind !== 'spmd') throw new Error('not an SPMD plan');
    const { program } = banquet.plan;
    const byName = (name: string) => program.values.find((v) => v.name === name)!;
    expect(byName('ids').shape).toEqual([batch]);
    expect(byName('item').node.kind).toBe('take');
    expect(byName('grad/table').node.kind).toBe('scatterAdd');
    // Only the table, its gradient and its update are vocabulary-wide.
    const wide = program.values.filter((v) => v.shape.includes(vocab)).map((v) => v.name);
    expect(wide.every((name) => name.includes('table'))).toBe(true);
    const hardware = scenarioHardware(prepared.value.scenario);
    const price = pricePlan(banquet.plan, { hardware, links: meshAxisLinks(banquet.plan.mesh, hardware) });
    const op = (name: string) => price.ops.find((o) => o.value === byName(name).id)!;
    // The lookup moves the ids and the rows it reads and writes, never the table: no FLOPs.
    expect(op('item')).toMatchObject({ flops: 0, hbmBytes: batch * 4 + 2 * batch * embed * 4 });
    // The scatter-add zero-fills the kitchen's million rows and adds batch × embed updates into them.
    expect(op('grad/table').flops).toBe(batch * embed);
    expect(op('grad/table').hbmBytes).toBe(batch * 4 + (vocab / n) * embed * 4 + 3 * batch * embed * 4);
  });

  it('the giant spice rack: the whole rack overflows by its parameters and gradient, not by one-hot slips', () => {
    const l = level('giant-spice-rack');
    const start = evaluate(l, l.start).pricing.memory.worst;
    expect(start.params).toBe(4 * (16e6 * 256 + 2 * 256 * 1024));
    expect(start.grads).toBe(start.params);
    expect(start.activations + start.temporaries).toBeLessThan(0.01 * start.params);
  });
  it('interleaved courses: the stoves wait more than the closed forms because the last station cooks the output layer', () => {
    const l = level('interleaved-courses');
    const cooking = (e: ReturnType<typeof evaluate>, lane: number) =>
      e.timeline.lanes[lane]!.events.filter((x) =>
        ['forward', 'backward', 'recompute'].includes(x.kind),
      ).reduce((t, x) => t + x.endS - x.startS, 0);
    // (p−1)/(v·m + p − 1) with p = 8, m = 16: the debrief's 7/23 and 7/71
    for (const [plan, closedForm] of [
      [l.start, 7 / 23],
      [l.reference, 7 / 71],
    ] as const) {
      const e = evaluate(l, plan);
      const lanes = e.timeline.lanes.length;
      expect(lanes).toBe(8);
      for (let d = 0; d < lanes - 1; d++) expect(cooking(e, lanes - 1)).toBeGreaterThan(1.1 * cooking(e, d));
      expect(stepShares(e).bubble).toBeGreaterThan(closedForm + 0.05);
    }
  });
});
