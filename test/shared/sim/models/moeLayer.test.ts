// The mixture-of-experts layer: its routing against a direct implementation of GShard's Algorithm 1, its
// gradients against central differences, and the sharded step (experts on an `expert` axis) against the
// single-device reference, with the dispatch and combine all-to-alls GShard describes.
import { describe, expect, it } from 'vitest';
import { forwardBody } from '../../../../shared/game/forwardBody.ts';
import type { ManualOpJson } from '../../../../shared/game/planState.ts';
import { expertCapacity, moeLayer, MOE_DIMS, type MoeDims } from '../../../../shared/sim/models/moeLayer.ts';
import { interpret } from '../../../../shared/sim/program/interpret.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { parseTasteRequest } from '../../../../shared/sim/taste/tasteRequest.ts';
import { tastePlan } from '../../../../shared/sim/taste/tastePlan.ts';
import { convert, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import { gradCheck } from '../program/gradCheck.ts';

/** GShard Algorithm 1 written out with loops: top-k by gate, queue places in choice order, drop past C. */
function referenceDispatch(gates: NdArray, dims: MoeDims): Float64Array {
  const { batch: g, seq: s, experts: e, topK } = dims;
  const c = expertCapacity(dims);
  const out = new Float64Array(g * s * e * c);
  for (let gi = 0; gi < g; gi++) {
    const filled = new Array<number>(e).fill(0);
    const taken = Array.from({ length: s }, () => new Set<number>());
    for (let k = 0; k < topK; k++)
      for (let si = 0; si < s; si++) {
        let best = -1;
        for (let ei = 0; ei < e; ei++) {
          if (taken[si]!.has(ei)) continue;
          const gate = gates.data[(gi * s + si) * e + ei]!;
          if (best < 0 || gate > gates.data[(gi * s + si) * e + best]!) best = ei;
        }
        taken[si]!.add(best);
        const place = filled[best]!++;
        if (place < c) out[((gi * s + si) * e + best) * c + place] = 1;
      }
  }
  return out;
}

function valuesByName(dims: MoeDims, seed: number): Map<string, NdArray> {
  const spec = moeLayer(dims);
  const inputs = new Map([...spec.initialInputs(seed)].map(([k, v]) => [k, convert(v, 'f64')]));
  const values = interpret(spec.program, inputs, 'f64');
  return new Map(spec.program.values.map((v) => [v.name, values[v.id]!]));
}

describe('MoE routing (GShard Algorithm 1)', () => {
  it('capacity C = ⌈k·S·cf/E⌉', () => {
    expect(expertCapacity(MOE_DIMS)).toBe(5); // ⌈2·8·1.25/4⌉
    expect(expertCapacity({ seq: 1024, experts: 64, topK: 1, capacityFactor: 1 })).toBe(16);
    expect(expertCapacity({ seq: 8, experts: 4, topK: 1, capacityFactor: 0.5 })).toBe(1);
  });

  for (const [label, dims] of [
    ['top-2, capacity factor 1.25', MOE_DIMS],
    ['top-1, capacity factor 1 (Switch)', { ...MOE_DIMS, topK: 1, capacityFactor: 1 }],
    ['top-2, capacity factor 0.5: tokens dropped', { ...MOE_DIMS, capacityFactor: 0.5 }],
  ] as const)
    it(`${label}: the program's dispatch equals the loops'`, () => {
      for (const seed of [0, 1, 2]) {
        const named = valuesByName(dims, seed);
        const want = referenceDispatch(named.get('gates')!, dims);
        expect([...named.get('dispatch')!.data]).toEqual([...want]);
      }
    });

  it('drops tokens when an expert is full, and keeps every token at a generous capacity', () => {
    const kept = (dims: MoeDims) =>
      Array.from(valuesByName(dims, 0).get('dispatch')!.data).reduce((a, x) => a + x, 0);
    const routed = MOE_DIMS.batch * MOE_DIMS.seq * MOE_DIMS.topK; // 64 choices
    expect(kept({ ...MOE_DIMS, capacityFactor: 4 })).toBe(routed);
    expect(kept({ ...MOE_DIMS, capacityFactor: 0.5 })).toBeLessThan(routed);
    expect(kept({ ...MOE_DIMS, capacityFactor: 0.5 })).toBeLessThanOrEqual(
      MOE_DIMS.batch * MOE_DIMS.experts * expertCapacity({ ...MOE_DIMS, capacityFactor: 0.5 }),
    );
  });
});

describe('MoE gradients', () => {
  it('match central differences (the routing is piecewise constant)', () => {
    const spec = moeLayer();
    const report = gradCheck(spec.program, spec.loss!, spec.initialInputs(3), { samples: 6 });
    expect(report.maxRelError, report.worst).toBeLessThan(1e-6);
  });
});

describe('expert parallelism tasted for real', () => {
  const taste = (plan: Record<string, unknown>) => unwrap(tastePlan(unwrap(parseTasteRequest(plan))));
  const experts = { expert_w1: ['expert'], expert_w2: ['expert'] };

  it('experts and token groups on one axis: a dispatch and a combine all-to-all, tasting right', () => {
    const r = taste({
      model: { name: 'moe' },
      mesh: { axes: [['expert', 4]] },
      inShardings: { x0: ['expert'], target: ['expert'], ...experts },
    });
    expect(r.ok).toBe(true);
    const forward = r.collectives.filter((c) => c.phase === 'forward' && c.kind === 'all-to-all');
    expect(forward.map((c) => c.tensor)).toEqual(['expert_in', 'expert_out']);
    // expert_in [E 4, G 4, C 5, M 16] f32 with G on 4 kitchens: 320 floats each, 3/4 of them sent.
    for (const c of forward) expect(c.bytesSent).toBe((4 * 1 * 5 * 16 * 4 * 3) / 4);
    expect(r.collectives.some((c) => c.phase === 'backward' && c.kind === 'all-to-all')).toBe(true);
    expect(r.collectives.filter((c) => c.kind === 'all-gather')).toEqual([]);
  });

  it('experts sharded with replicated tokens: no all-to-all, each kitchen slices its experts locally', () => {
    const r = taste({ model: { name: 'moe' }, mesh: { axes: [['expert', 4]] }, inShardings: experts });
    expect(r.ok).toBe(true);
    expect(r.collectives.filter((c) => c.kind === 'all-to-all')).toEqual([]);
  });

  it('data × expert mesh tastes right', () => {
    const r = taste({
      model: { name: 'moe', dims: { batch: 8 } },
      mesh: {
        axes: [
          ['data', 2],
          ['expert', 2],
        ],
      },
      inShardings: {
        x0: [['data', 'expert']],
        target: [['data', 'expert']],
        ...experts,
      },
    });
    expect(r.ok).toBe(true);
  });
});

describe('expert parallelism by hand (shard_map): the player places the two all-to-alls', () => {
  const taste = (plan: Record<string, unknown>) => unwrap(tastePlan(unwrap(parseTasteRequest(plan))));
  const E = ['expert'];
  /** The model's forward pass as a body, with all-to-alls around the experts when `passes`. */
  function body(passes: boolean): ManualOpJson[] {
    const steps = unwrap(forwardBody(moeLayer().program));
    if (!passes) return steps;
    const out: ManualOpJson[] = [];
    for (const op of steps) {
      if (op.name === 'expert_h_pre') {
        // [E, G/n, C, M] → [E/n, G, C, M]: each kitchen sends every counter's guests to that counter.
        out.push({
          name: 'expert_in_a2a',
          op: 'all_to_all',
          axes: E,
          splitDim: 0,
          concatDim: 1,
          args: ['expert_in'],
        });
        out.push({ ...op, args: ['expert_in_a2a', op.args[1]!] });
      } else if (op.name === 'moe_out') {
        // [E/n, G, C, M] → [E, G/n, C, M]: the cooked dishes go back to their guests' kitchens.
        out.push({
          name: 'expert_out_a2a',
          op: 'all_to_all',
          axes: E,
          splitDim: 1,
          concatDim: 0,
          args: ['expert_out'],
        });
        out.push({ ...op, args: [op.args[0]!, 'expert_out_a2a'] });
      } else out.push(op);
    }
    return out;
  }
  const plan = (passes: boolean) => ({
    model: { name: 'moe' },
    mesh: { axes: [['expert', 4]] },
    mode: 'manual',
    manual: {
      inSpecs: { x0: E, expert_w1: E, expert_w2: E },
      outSpecs: { y: E },
      checkVma: false,
      body: body(passes),
      outputs: { y: 'y' },
    },
  });

  it('with both all-to-alls the per-kitchen program tastes right and moves the dispatched tokens', () => {
    const r = taste(plan(true));
    expect(r.ok).toBe(true);
    const a2a = r.collectives.filter((c) => c.kind === 'all-to-all');
    expect(a2a).toHaveLength(2);
    // expert_in [E 4, G/n 1, C 5, M 16] f32 per kitchen: 3/4 of it leaves.
    for (const c of a2a) expect(c.bytesSent).toBe((4 * 1 * 5 * 16 * 4 * 3) / 4);
  });

  it('without them the experts and the tokens do not meet: JAX would refuse the shapes, and so does the core', () => {
    const r = tastePlan(unwrap(parseTasteRequest(plan(false))));
    expect(r.ok).toBe(false);
  });
});
