// `sim train` with a mixture of experts (shared/sim/train/moeBlock.ts): the capacity, the all-to-all bytes and
// times, the experts per device and the FLOPs worked by hand; how they move with ep, the capacity factor and
// the node boundary; the requests refused; and the cross-check with a published MoE training run.
import { describe, expect, it } from 'vitest';
import { ringCollectiveTimeS } from '../../../../shared/sim/cost/collectiveTime.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { hardwarePreset } from '../../../../shared/sim/cost/hardware.ts';
import { parseTrainRequest } from '../../../../shared/sim/train/trainRequest.ts';
import { A100, report, simulate, withChanges } from './helpers.ts';

/** 2 layers of h 1024 and 8 experts of ffn 4096, top-2 at capacity factor 1.25, on 8 A100s of one node. */
const SMALL = {
  model: {
    layers: 2,
    hidden: 1024,
    heads: 16,
    seq: 1024,
    vocab: 32000,
    experts: 8,
    topK: 2,
    capacityFactor: 1.25,
  },
  hardware: A100,
  parallel: { tp: 1, pp: 1, dp: 8, ep: 8, globalBatch: 16, microBatch: 2 },
  precision: 'bf16-mixed',
} as const;

describe('the experts of one layer, worked by hand', () => {
  const sim = simulate(SMALL);
  const block = sim.blocks.experts!;
  const T = 2 * 1024; // tokens of one replica's microbatch
  const C = Math.ceil((2 * T * 1.25) / 8); // 640 places per expert
  const buffer = 8 * C * 1024 * 2; // [E, C, h] in bf16
  it('gives each expert C = ⌈k·T·cf/E⌉ places and each kitchen E/ep experts', () => {
    expect(block.capacity).toBe(640);
    expect(block.expertsPerDevice).toBe(1);
  });
  it('sends (ep−1)/ep of the [E, C, h] buffer in each of the four all-to-alls, on NVLink', () => {
    const a2a = block.passes.filter((p) => p.kind === 'all-to-all');
    expect(a2a.map((p) => `${p.phase} ${p.name}`)).toEqual([
      'forward dispatch',
      'forward combine',
      'backward dispatch',
      'backward combine',
    ]);
    const nvlink = unwrap(hardwarePreset('a100-80gb')).intraNode;
    for (const p of a2a) {
      expect(p.bytesPerDevice).toBeCloseTo((7 / 8) * buffer, 0);
      expect(p.link).toBe('intra');
      expect(p.timeS).toBeCloseTo(ringCollectiveTimeS('all-to-all', 8, 8 * buffer, nvlink), 12);
    }
  });
  it('holds one expert (w1, b1, w2, b2) and the router per kitchen', () => {
    expect(block.state.localParams).toBe(2 * 1024 * 4096 + 4096 + 1024 + 1024 * 8);
    expect(block.state.globalParams).toBe(8 * (2 * 1024 * 4096 + 4096 + 1024) + 1024 * 8);
  });
  it('counts the useful FLOPs of the k experts each token visits, not the padding', () => {
    expect(block.matmulFlops.forward).toBe(2 * T * 1024 * 8 + 4 * 2 * T * 1024 * 4096);
  });
  it('lists the all-to-alls per step: four per layer per microbatch', () => {
    const r = report(SMALL);
    const lines = r.collectives.filter((c) => c.block === 'experts' && c.kind === 'all-to-all');
    expect(lines).toHaveLength(4);
    for (const l of lines) expect(l.perStep).toBe(2 * r.microbatches);
    expect(r.experts).toMatchObject({ experts: 8, topK: 2, expertParallel: 8, allToAllLink: 'intra' });
  });
});

describe('how the plan moves the price', () => {
  const at = (changes: Parameters<typeof withChanges>[1]) => report(withChanges(SMALL, changes));
  it('halving ep doubles the experts each kitchen holds, and their memory', () => {
    const r8 = simulate(SMALL).blocks.experts!;
    const r4 = simulate(withChanges(SMALL, { parallel: { ep: 4 } })).blocks.experts!;
    expect(r4.expertsPerDevice).toBe(2);
    expect(r4.state.params - 1024 * 8 * 2).toBeCloseTo(2 * (r8.state.params - 1024 * 8 * 2), 6);
  });
  it('an expert group wider than a node sends its all-to-alls across nodes, and they cost more', () => {
    const wide = withChanges(SMALL, {
      model: { experts: 16 },
      parallel: { dp: 16, ep: 16, globalBatch: 32 },
    });
    const inNode = withChanges(SMALL, {
      model: { experts: 16 },
      parallel: { dp: 16, ep: 8, globalBatch: 32 },
    });
    expect(report(wide).experts!.allToAllLink).toBe('inter');
    expect(report(inNode).experts!.allToAllLink).toBe('intra');
    expect(report(wide).experts!.allToAllPeers).toEqual({ sameNode: 7, otherNodes: 8 });
    expect(report(inNode).experts!.allToAllPeers).toEqual({ sameNode: 7, otherNodes: 0 });
    const a2a = (doc: unknown) =>
      simulate(doc).blocks.experts!.passes.find((p) => p.name === 'dispatch')!.timeS;
    expect(a2a(wide)).toBeGreaterThan(3 * a2a(inNode));
    // 16 devices, 8 per node: each sends a block of S/256 to every peer, 7 over NVLink and 8 over
    // InfiniBand at once; the InfiniBand share is the longer one.
    const hw = unwrap(hardwarePreset('a100-80gb'));
    const w = simulate(wide).blocks.experts!;
    const S = 16 * (16 * w.capacity * 1024 * 2); // ep · the [E, C, h] buffer in bf16
    expect(a2a(wide)).toBeCloseTo(15 * hw.interNode.latencyS + (8 * S) / 256 / hw.interNode.bytesPerS, 12);
  });
  it('a larger capacity factor serves more routed tokens and costs more time (every expert is padded to C)', () => {
    const lo = at({ model: { capacityFactor: 1 } });
    const hi = at({ model: { capacityFactor: 2 } });
    expect(hi.experts!.servedShare).toBeGreaterThan(lo.experts!.servedShare);
    expect(hi.iterationTimeS).toBeGreaterThan(lo.iterationTimeS);
    expect(hi.memory.perDeviceBytes.activations).toBeGreaterThan(lo.memory.perDeviceBytes.activations);
  });
  it('more experts at the same top-k hold more parameters but cost the same model FLOPs per token', () => {
    const e8 = simulate(SMALL);
    const e16 = simulate(withChanges(SMALL, { model: { experts: 16 } }));
    expect(e16.parameters).toBeGreaterThan(1.8 * e8.parameters - 1e9);
    expect(e16.blocks.experts!.matmulFlops.forward - 2 * 2048 * 1024 * 16).toBe(
      e8.blocks.experts!.matmulFlops.forward - 2 * 2048 * 1024 * 8,
    );
  });
  it('experts: 1 is the dense model', () => {
    const { experts: _e, topK: _k, capacityFactor: _c, ...dense } = SMALL.model;
    const base = { ...SMALL, model: dense, parallel: { ...SMALL.parallel, ep: 1 } };
    expect(report(withChanges(base, { model: { experts: 1 } }))).toEqual(report(base));
    expect(report(base).experts).toBeUndefined();
  });
});

describe('refused with what to change', () => {
  const refused = (changes: Parameters<typeof withChanges>[1]) => {
    const r = parseTrainRequest(withChanges(SMALL, changes));
    if (r.ok) throw new Error('accepted');
    return r.error;
  };
  it.each([
    [{ parallel: { ep: 3 } }, /ep = 3 must divide dp/],
    [{ model: { experts: 12 }, parallel: { ep: 8 } }, /12 experts must split evenly over ep = 8/],
    [{ parallel: { tp: 2, dp: 4, ep: 4 } }, /sequenceParallel/],
    [{ model: { topK: 9 } }, /model\.topK/],
    [{ model: { capacityFactor: 0 } }, /model\.capacityFactor/],
  ])('%j', (changes, message) => {
    expect(refused(changes).message).toMatch(message);
  });
  it('topK without experts, and ep without experts', () => {
    const dense = { ...SMALL, model: { layers: 2, hidden: 1024, heads: 16, seq: 1024, vocab: 32000 } };
    const e1 = parseTrainRequest(withChanges(dense, { model: { topK: 2 }, parallel: { ep: 1 } }));
    const e2 = parseTrainRequest(withChanges(dense, { parallel: { ep: 8 } }));
    expect(!e1.ok && e1.error.message).toMatch(/needs model.experts > 1/);
    expect(!e2.ok && e2.error.message).toMatch(/needs model.experts > 1/);
  });
});

// NVIDIA Megatron-Bridge docs/performance-summary.md, 25.11 NeMo container, DGX-H100 pre-training: GPT OSS 120B,
// 64 GPUs, BF16, GBS 512, MBS 4, sequence 4096, TP 1, PP 4, EP 8, no FSDP, no VP: 5,630 tokens/s per GPU, 153
// model TFLOP/s per GPU; routing force-balanced and dropless (here capacity factor 1: every expert gets its
// exact share). GPT OSS as the nearest model `sim train` can express (docs/pricing.md, "mixture of experts"):
// 36 layers, hidden 2880 = 45 heads of 64 (GPT OSS: 64 query heads, 8 key-value heads), 128 experts top-4 whose
// SwiGLU of 2880 becomes a GELU MLP of 1.5 × 2880 (same parameters and FLOPs), vocabulary 201,088, full causal
// attention on every layer (GPT OSS alternates 128-token windows), selective recompute standing in for flash
// attention's recomputed scores.
const GPT_OSS_120B = {
  model: {
    layers: 36,
    hidden: 2880,
    heads: 45,
    seq: 4096,
    vocab: 201088,
    ffn: 4320,
    experts: 128,
    topK: 4,
    capacityFactor: 1,
  },
  hardware: { preset: 'h100' },
  parallel: { tp: 1, pp: 4, dp: 16, ep: 8, globalBatch: 512, microBatch: 4, recompute: 'selective' },
  precision: 'bf16-mixed',
} as const;

describe('cross-check: GPT OSS 120B on 64 H100s (Megatron-Bridge 25.11 performance summary)', () => {
  const r = report(GPT_OSS_120B);
  it('keeps the experts in the node (EP 8 on NVLink) and the pipeline across nodes', () => {
    expect(r.experts).toMatchObject({ expertsPerDevice: 16, allToAllLink: 'intra' });
    expect(r.parameters / 1e9).toBeCloseTo(116.5, 0); // GPT OSS 120B: 116.8B parameters
  });
  it('prices 67% of the published tokens/s per GPU and 93% of the published model TFLOP/s (docs/pricing.md)', () => {
    expect(r.tokensPerS / r.devices / 5630).toBeCloseTo(0.67, 2);
    expect(r.tflopsPerDevice.model / 153).toBeCloseTo(0.93, 2);
  });
});
