// The expert-parallelism levels, checked by hand against the MoE layer's shapes (moeLayer.ts) and GShard's
// communication pattern: two all-to-alls forward, two backward, none of them hidden behind the backward pass.
import { describe, expect, it } from 'vitest';
import { BUFFET_MOE } from '../../../shared/game/levels/moeHelpers.ts';
import { HARDWARE_PRESETS } from '../../../shared/sim/cost/hardware.ts';
import { expertCapacity, moeLayer, MOE_DIMS } from '../../../shared/sim/models/moeLayer.ts';
import { parseEinsum, einsumFlops } from '../../../shared/sim/tensor/einsumEquation.ts';
import { evaluate, level } from './helpers.ts';

const banquet = { ...MOE_DIMS, ...BUFFET_MOE.banquetDims } as typeof MOE_DIMS;
const { batch: G, input, hidden: d, ffn: f, experts: E } = banquet;
const C = expertCapacity(banquet); // ⌈2·2048·1.25/128⌉ = 40
// bf16-mixed (moeHelpers.ts): 2-byte parameters, gradients and activations (the dispatched tokens too), and an
// fp32 master copy of each parameter, updated by SGD and converted back.
const BF16 = 2;
const MASTER = 4;

describe('the buffet (expert parallelism)', () => {
  const l = level('the-buffet');

  it('every counter in every kitchen overflows the 80 GB fridge', () => {
    const e = evaluate(l, l.start);
    expect(C).toBe(40);
    expect(e.pricing.memory.worst.params).toBeGreaterThanOrEqual(E * 2 * d * f * BF16);
    expect(e.pricing.memory.fits).toBe(false);
    expect(e.stars).toBe(0);
  });

  it('16 kitchens with 8 counters each: 1/16 of the experts, four all-to-alls across the nodes, none hidden', () => {
    const e = evaluate(l, l.reference);
    const n = 16;
    // Each kitchen's 8 experts, plus the replicated input projection [input, d] and router [d, E].
    const held = (E * 2 * d * f) / n + input * d + d * E;
    expect(e.pricing.memory.worst.params).toBe(held * BF16);
    expect(e.pricing.memory.worst.grads).toBe(held * BF16);
    // the master copies are labelled as their parameters: 1/16 of the experts, 4 bytes each
    expect(e.pricing.memory.worst.optimizer).toBe(held * MASTER);
    expect(e.pricing.memory.fits).toBe(true);
    const a2a = e.pricing.collectives.filter((c) => c.kind === 'all-to-all');
    expect(a2a.map((c) => `${c.phase} ${c.tensor}`)).toEqual([
      'forward expert_in',
      'forward expert_out',
      'backward dexpert_out',
      'backward dexpert_in',
    ]);
    // The dispatched tokens [E, G, C, d], 1/n per kitchen; an all-to-all sends (n−1)/n of them.
    const sent = (((E * G * C * d) / n) * BF16 * (n - 1)) / n;
    for (const c of a2a) {
      expect(c.bytesPerDevice).toBe(sent);
      expect(c.link).toBe('inter');
      expect(c.overlapped).toBe(false);
    }
    expect(e.stars).toBe(3);
  });

  it('one node of eight: the all-to-alls stay on NVLink, and are several times cheaper than across nodes', () => {
    const one = evaluate(l, { ...l.reference, mesh: [{ name: 'expert', size: 8 }] });
    const two = evaluate(l, l.reference);
    const time = (ev: typeof one) =>
      ev.pricing.collectives.filter((c) => c.kind === 'all-to-all').reduce((t, c) => t + c.timeS, 0);
    expect(
      one.pricing.collectives.filter((c) => c.kind === 'all-to-all').every((c) => c.link === 'intra'),
    ).toBe(true);
    // One node: 7 blocks of a larger share each on NVLink; two: 8 blocks over InfiniBand (next test).
    expect(time(two)).toBeGreaterThan(3 * time(one));
    expect(two.pricing.tokensPerS).toBeGreaterThan(one.pricing.tokensPerS);
  });

  it('across two nodes only the blocks for the other node cross InfiniBand: 8 of 15 peers, not all 15', () => {
    const e = evaluate(l, l.reference);
    const { intraNode: nv, interNode: ib } = HARDWARE_PRESETS['a100-80gb'];
    const n = 16;
    const m = 8; // kitchens of a group on one node
    for (const c of e.pricing.collectives.filter((x) => x.kind === 'all-to-all')) {
      const block = c.bytesPerDevice / (n - 1); // what a kitchen sends each other kitchen
      const onNvlink = ((m - 1) * block) / nv.bytesPerS;
      const overIb = ((n - m) * block) / ib.bytesPerS;
      // Both kinds of sends progress at once (NCCL's grouped send/recv); InfiniBand's share is the longer.
      expect(overIb).toBeGreaterThan(onNvlink);
      expect(c.timeS).toBeCloseTo((n - 1) * ib.latencyS + overIb, 12);
      // Every block over InfiniBand, as the price stood before: (n − 1)/(n − m) = 15/8 as long.
      expect(((n - 1) * block) / ib.bytesPerS / overIb).toBeCloseTo(15 / 8, 12);
    }
  });
});

describe('myth: more experts means more compute per token', () => {
  const l = level('myth-more-experts-more-compute');

  it('the expert matmuls cost the same FLOPs per token for 16 or 128 experts (E·C = k·S·cf)', () => {
    const flops = (experts: number) => {
      const p = moeLayer({ ...banquet, experts }).program;
      let total = 0;
      for (const v of p.values) {
        if (v.node.kind !== 'einsum' || !['expert_h_pre', 'expert_out'].includes(v.name)) continue;
        const shapes = v.node.operands.map((o) => p.values[o]!.shape);
        const eq = parseEinsum(v.node.equation, shapes);
        if (eq.ok) total += einsumFlops(eq.value);
      }
      return total / (banquet.batch * banquet.seq);
    };
    // Two matmuls of 2·d·f per routed token, k = 2, padded to the capacity (factor 1.25).
    expect(flops(128)).toBeCloseTo(2 * 2 * (2 * d * f) * 1.25, -3);
    expect(flops(16)).toBeCloseTo(flops(128), -3);
  });

  it("the apprentice's split experts: no all-to-all, all-reduces of the expert outputs, and half the speed", () => {
    const trap = evaluate(l, l.trap.plan);
    const ref = evaluate(l, l.reference);
    expect(trap.pricing.collectives.some((c) => c.kind === 'all-to-all')).toBe(false);
    expect(trap.pricing.collectives.some((c) => c.kind === 'all-reduce' && c.tensor === 'expert_out')).toBe(
      true,
    );
    expect(ref.pricing.collectives.filter((c) => c.kind === 'all-to-all')).toHaveLength(4);
    expect(ref.pricing.tokensPerS).toBeGreaterThan(1.8 * trap.pricing.tokensPerS);
    expect(trap.tasting?.ok).toBe(true);
    expect(ref.tasting?.ok).toBe(true);
  });
});
