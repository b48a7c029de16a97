// Pricing a partitioned program: the roofline of each matmul, the fused kernels' HBM bytes, the α–β ring
// time of each inserted collective on the link its axis runs on, the roles that decide what overlaps, and
// the backward re-gathers of sequence parallelism.
import { describe, expect, it } from 'vitest';
import { CALIBRATION } from '../../../../shared/sim/cost/calibration.ts';
import { ringCollectiveTimeS } from '../../../../shared/sim/cost/collectiveTime.ts';
import { HARDWARE_PRESETS, meshAxisLinks } from '../../../../shared/sim/cost/hardware.ts';
import { pricePlan, type PricingContext } from '../../../../shared/sim/cost/pricePlan.ts';
import { makeMesh, type Mesh } from '../../../../shared/sim/mesh.ts';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { planAuto, type AutoAnnotations } from '../../../../shared/sim/spmd/autoMode.ts';
import { megatronLayer } from '../../../../shared/sim/train/megatronLayer.ts';
import { megatronAnnotations } from '../../../../shared/sim/train/megatronLayouts.ts';

const a100 = HARDWARE_PRESETS['a100-80gb'];
const mesh = (...axes: [string, number][]): Mesh => unwrap(makeMesh(axes));
const ctxOn = (m: Mesh): PricingContext => ({ hardware: a100, links: meshAxisLinks(m, a100) });

/** y = x·w with x [B, D], w [D, F] (f32), and loss = Σy (a training step with SGD). */
function matmulStep(B: number, D: number, F: number) {
  const b = new ProgramBuilder();
  const x = b.input('x', [B, D], 'data');
  const w = b.input('w', [D, F], 'param');
  const y = b.einsum('bd,df->bf', x, w, 'y');
  const loss = b.sum(y, [0, 1], false, 'loss');
  return buildTrainStep(b.build(), loss, { kind: 'sgd', lr: 0.1 });
}

const priced = (m: Mesh, program: ReturnType<typeof matmulStep>, ann: AutoAnnotations) => {
  const plan = unwrap(planAuto(m, program, ann));
  return { plan, price: pricePlan(plan, ctxOn(m)) };
};

describe('matmul roofline: max(F / (peak · e), B / (W_hbm · e_hbm))', () => {
  const m = mesh(['x', 1]);
  const peak = a100.peakFlops.bf16 * CALIBRATION.gemmPeakEfficiency;
  const hbm = a100.hbmBytesPerS * CALIBRATION.gemmHbmEfficiency;
  it('a large square matmul is compute-bound, at e_max times its tile/wave share', () => {
    const { price } = priced(m, matmulStep(8192, 8192, 8192), {});
    const op = price.ops.find((o) => o.kind === 'matmul' && o.phase === 'forward')!;
    expect(op.flops).toBe(2 * 8192 ** 3);
    expect(op.hbmBytes).toBe(3 * 8192 * 8192 * 4);
    // 32·64 = 2048 tiles of 256×128 on 108 SMs: 19 waves, of which 2048/(19·108) do useful work.
    expect(op.timeS).toBeCloseTo(op.flops / (peak * (2048 / (19 * 108))), 12);
  });
  it('a matrix–vector product is memory-bound', () => {
    const { price } = priced(m, matmulStep(1, 8192, 8192), {});
    const op = price.ops.find((o) => o.kind === 'matmul' && o.phase === 'forward')!;
    expect(op.hbmBytes).toBe((8192 + 8192 * 8192 + 8192) * 4);
    expect(op.timeS).toBeCloseTo(op.hbmBytes / hbm, 12);
  });
});

describe('fused elementwise kernels', () => {
  it('a softmax reads its input once and writes its output once', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [64, 1024], 'data');
    b.output('p', b.softmax(x, 1, 'p'));
    const m = mesh(['x', 1]);
    const price = pricePlan(unwrap(planAuto(m, b.build(), {})), ctxOn(m));
    const kernels = price.ops.filter((o) => o.kind === 'fused');
    expect(kernels).toHaveLength(1);
    expect(kernels[0]!.hbmBytes).toBe(2 * 64 * 1024 * 4);
    expect(price.phases.forward.computeS).toBeCloseTo(
      (2 * 64 * 1024 * 4) / (a100.hbmBytesPerS * CALIBRATION.gemmHbmEfficiency),
      15,
    );
  });
});

describe('collectives: α–β ring time on the slowest link the axis crosses', () => {
  // Row-parallel y = x·w with the contraction split over `model`: the partial sums are all-reduced.
  const ann = { inShardings: { x: [null, 'model'], w: ['model', null] }, constraints: { y: [] } };
  it.each([
    ['inside a node: NVLink', 8, 'intra', a100.intraNode],
    ['across nodes: InfiniBand', 16, 'inter', a100.interNode],
  ] as const)('%s', (_name, n, link, spec) => {
    const m = mesh(['model', n]);
    const { price } = priced(m, matmulStep(64, 1024, 4096), ann);
    const ar = price.collectives.find((c) => c.phase === 'forward' && c.kind === 'all-reduce')!;
    const S = 64 * 4096 * 4;
    expect(ar).toMatchObject({ axes: ['model'], role: 'activation', groupBytes: S, link });
    expect(ar.bytesPerDevice).toBe((2 * (n - 1) * S) / n);
    expect(ar.timeS).toBeCloseTo(
      2 * (n - 1) * spec.latencyS + ((2 * (n - 1)) / n) * (S / spec.bytesPerS),
      15,
    );
    expect(ar.timeS).toBe(ringCollectiveTimeS('all-reduce', n, S, spec));
  });
  it("data parallelism's weight-gradient all-reduce has the role that overlaps the backward pass", () => {
    const m = mesh(['data', 4]);
    const { price } = priced(m, matmulStep(64, 1024, 4096), { inShardings: { x: ['data', null] } });
    const grads = price.collectives.filter((c) => c.role === 'gradient');
    expect(grads.map((c) => [c.kind, c.axes])).toEqual([['all-reduce', ['data']]]);
    expect(price.gradientReadyS).toHaveLength(1);
    expect(price.gradientReadyS[0]).toBeGreaterThan(0);
    expect(price.gradientReadyS[0]).toBeLessThanOrEqual(price.phases.backward.computeS + 1e-15);
  });
  it('ZeRO-3 gathers of a parameter have the parameter role', () => {
    const m = mesh(['data', 4]);
    const { price } = priced(m, matmulStep(64, 1024, 4096), {
      inShardings: { x: ['data', null], w: ['data', null] },
      outShardings: { 'grad/w': ['data', null] },
    });
    expect(price.collectives.find((c) => c.phase === 'forward')).toMatchObject({
      kind: 'all-gather',
      role: 'parameter',
    });
    expect(price.collectives.find((c) => c.role === 'gradient')).toMatchObject({ kind: 'reduce-scatter' });
  });
});

describe('sequence parallelism: Megatron gathers the layer-norm output again in the backward pass, XLA keeps it', () => {
  const layer = megatronLayer({ batch: 2, seq: 64, hidden: 64, heads: 4, ffn: 256 }, true);
  const m = mesh(['data', 1], ['model', 4]);
  const ann = unwrap(
    megatronAnnotations(layer.program, {
      dataParallel: 1,
      tensorParallel: 4,
      sequenceParallel: true,
      zeroStage: 0,
    }),
  );
  const plan = unwrap(planAuto(m, layer.program, ann));
  const price = pricePlan(plan, { ...ctxOn(m), skip: layer.harness, megatronRegathers: true });
  const summary = (phase: string, p = price) =>
    p.collectives
      .filter((c) => c.phase === phase && c.role === 'activation')
      .map((c) => `${c.kind}${c.regather ? ' (again)' : ''}`)
      .sort();
  it('forward: two all-gathers and two reduce-scatters (g and ḡ of Korthikanti §4.2.2)', () => {
    expect(summary('forward')).toEqual(['all-gather', 'all-gather', 'reduce-scatter', 'reduce-scatter']);
  });
  it('backward as XLA compiles it without rematerialisation: their transposes only', () => {
    const xla = pricePlan(plan, { ...ctxOn(m), skip: layer.harness });
    expect(summary('backward', xla)).toEqual([
      'all-gather',
      'all-gather',
      'reduce-scatter',
      'reduce-scatter',
    ]);
  });
  it('backward as Megatron runs it: their transposes, plus the two re-gathers for the weight gradients', () => {
    expect(summary('backward')).toEqual([
      'all-gather',
      'all-gather',
      'all-gather (again)',
      'all-gather (again)',
      'reduce-scatter',
      'reduce-scatter',
    ]);
  });
  it("the replicated parameters' gradients are partial sums over the sequence shards: reduced over model too", () => {
    const names = price.collectives
      .filter((c) => c.role === 'gradient' && c.axes.includes('model'))
      .map((c) => plan.program.values[c.value]!.name)
      .sort();
    expect(names).toEqual([
      'grad/b2',
      'grad/bo',
      'grad/ln1_affine_beta',
      'grad/ln1_affine_gamma',
      'grad/ln2_affine_beta',
      'grad/ln2_affine_gamma',
    ]);
  });
});
