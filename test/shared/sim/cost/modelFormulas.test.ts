import { describe, expect, it } from 'vitest';
import {
  activationBytesPerLayer,
  firstStageActivationBytes,
  firstStageInFlightMicrobatches,
  flopsUtilization,
  hardwareFlopsPerIteration,
  megatronFlopsPerIteration,
  megatronParameterCount,
  megatronTrainingTimeS,
  modelFlopsPerIteration,
  palmMfu,
  pipelineBubbleOverIdeal,
  pipelineBubbleShare,
  zeroModelStateBytes,
  type ActivationConfig,
  type TransformerShape,
} from '../../../../shared/sim/cost/modelFormulas.ts';

const shape = (layers: number, hidden: number, heads: number): TransformerShape => ({
  layers,
  hidden,
  heads,
  vocab: 51200,
  seqLen: 2048,
});
const gpt3 = shape(96, 12288, 96);

describe('Megatron eq. (2): parameters = 12lh² + 13lh + (V+s)h', () => {
  it.each([
    // name, l, h, exact count: 12lh² + 13lh + (V+s)h, V + s = 53,248
    // 3.6B row: 12·30·3072² = 3,397,386,240; 13·30·3072 = 1,198,080; 53,248·3072 = 163,577,856
    ['3.6B (Table 1)', 30, 3072, 3_562_162_176],
    // 145.6B row: 12·80·12288² = 144,955,146,240; 13·80·12288 = 12,779,520; 53,248·12288 = 654,311,424
    ['145.6B (Table 1)', 80, 12288, 145_622_237_184],
    // GPT-3: 12·96·12288² = 173,946,175,488; 13·96·12288 = 15,335,424; + 654,311,424
    ['GPT-3 175B', 96, 12288, 174_615_822_336],
    // Korthikanti's 22B: 12·48·6144² = 21,743,271,936; 13·48·6144 = 3,833,856; 53,248·6144 = 327,155,712
    ['22B (Korthikanti Table 5)', 48, 6144, 22_074_261_504],
  ])('%s', (_name, l, h, expected) => {
    expect(megatronParameterCount(shape(l, h, 1))).toBeCloseTo(expected, -2);
  });

  it('gives GPT-3 ≈ 1.75e11', () => {
    expect(megatronParameterCount(gpt3) / 1e11).toBeCloseTo(1.75, 1);
  });
});

describe('FLOPs per iteration', () => {
  // Small shape for exact arithmetic: l 2, h 6, s 6, V 12, B 1.
  // Per layer forward 24Bsh² + 4Bs²h = 24·6·36 + 4·36·6 = 5184 + 864 = 6048; logits 6BshV = 6·6·6·12 = 2592.
  const tiny: TransformerShape = { layers: 2, hidden: 6, heads: 1, vocab: 12, seqLen: 6 };

  it('eq. (3) with full recompute: 4·l·6048 + 2592 = 50,976', () => {
    // 96·Bslh² = 96·432 = 41,472; (1 + 6/36 + 12/(16·2·6)) = 59/48 → 50,976.
    expect(megatronFlopsPerIteration(tiny, 1, 'full')).toBeCloseTo(50_976, 9);
  });

  it('without recompute: 3·l·6048 + 2592 = 38,880 = model FLOPs', () => {
    // 72·432 = 31,104; (1 + 1/6 + 12/(12·2·6)) = 15/12 → 38,880.
    expect(megatronFlopsPerIteration(tiny, 1, 'none')).toBeCloseTo(38_880, 9);
    expect(modelFlopsPerIteration(tiny, 1)).toBeCloseTo(38_880, 9);
  });

  it('hardware FLOPs: selective recompute reruns the s²-terms', () => {
    // The s/(6h) term doubles to s/(3h): 31,104·(1 + 1/3 + 1/12) = 31,104·17/12 = 44,064.
    expect(hardwareFlopsPerIteration(tiny, 1, 'selective')).toBeCloseTo(44_064, 9);
    expect(hardwareFlopsPerIteration(tiny, 1, 'none')).toBeCloseTo(38_880, 9);
    expect(hardwareFlopsPerIteration(tiny, 1, 'full')).toBeCloseTo(50_976, 9);
  });

  it('matches the per-layer decomposition on the 145.6B row, and its 148 TFLOP/s iteration time', () => {
    const row = shape(80, 12288, 96);
    const B = 2304;
    const { seqLen: s, hidden: h, vocab: V, layers: l } = row;
    const perLayer = 24 * B * s * h * h + 4 * B * s * s * h;
    const flops = megatronFlopsPerIteration(row, B, 'full');
    expect(flops / (4 * l * perLayer + 6 * B * s * h * V)).toBeCloseTo(1, 12);
    expect(flops).toBeCloseTo(5.6417e18, -15);
    // 148 TFLOP/s per GPU on 1536 GPUs: 5.6417e18 / (1536 · 148e12) = 24.82 s per iteration.
    expect(flops / (1536 * 148e12)).toBeCloseTo(24.82, 2);
    expect(flopsUtilization(flops, 24.82, 1536, 312e12)).toBeCloseTo(148 / 312, 3);
  });

  it('selective recompute costs GPT-3 about 2.7% extra (docs/cost-model.md §2)', () => {
    const extra = hardwareFlopsPerIteration(gpt3, 1, 'selective') / modelFlopsPerIteration(gpt3, 1) - 1;
    // (s/(6h)) / (1 + s/(6h) + V/(12hl)) = 0.027778 / (1 + 0.027778 + 0.003617) = 2.69%
    expect(extra).toBeCloseTo(0.027, 3);
  });

  it('PaLM MFU: 540B at 238.3k tokens/s on 6144 TPU v4 = 46.2%', () => {
    // 6N + 12LHQT = 6·540.35e9 + 12·118·48·256·2048 = 3.2421e12 + 3.5635e10 = 3.27773e12 FLOPs per token;
    // × 238.3e3 / (6144 · 275e12) = 0.4623.
    expect(palmMfu(238.3e3, 6144 * 275e12, 540.35e9, 118, 48, 256, 2048)).toBeCloseTo(0.462, 3);
  });

  it('eq. (4): GPT-3 on 300B tokens, 1024 A100s at 140 TFLOP/s ≈ 34 days', () => {
    // 8 · 300e9 · 175e9 / (1024 · 140e12) = 2.9297e6 s = 33.9 days (the Megatron paper's estimate).
    expect(megatronTrainingTimeS(300e9, 175e9, 1024, 140e12) / 86_400).toBeCloseTo(33.9, 1);
  });
});

describe('ZeRO model states per device (mixed-precision Adam, K = 12)', () => {
  // Ψ = 7.5e9, N_d = 64 (ZeRO paper's worked example, decimal GB).
  it.each([
    [0, 120e9], // 16 · 7.5e9
    [1, 31.40625e9], // 4·7.5e9 + 12·7.5e9/64 = 30e9 + 1.40625e9
    [2, 16.640625e9], // 2·7.5e9 + 14·7.5e9/64 = 15e9 + 1.640625e9
    [3, 1.875e9], // 16·7.5e9/64
  ] as const)('stage %i: %d bytes', (stage, expected) => {
    expect(zeroModelStateBytes(7.5e9, stage, 64)).toBeCloseTo(expected, 0);
  });

  it('rounds to the paper: 120, 31.4, 16.6, 1.9 GB', () => {
    const gb = ([0, 1, 2, 3] as const).map((st) =>
      Number((zeroModelStateBytes(7.5e9, st, 64) / 1e9).toFixed(1)),
    );
    expect(gb).toEqual([120, 31.4, 16.6, 1.9]);
  });
});

describe('Korthikanti Table 2: activation bytes per layer', () => {
  // GPT-3 175B layer: s 2048, b 1, h 12288, a 96, t 8. sbh = 25,165,824; 5as/h = 5·96·2048/12288 = 80.
  const layer = { seqLen: 2048, microbatch: 1, hidden: 12288, heads: 96, tensorParallel: 8 };
  it.each([
    ['none', 2_868_903_936], // sbh(34 + 80) = sbh·114
    ['tp', 578_813_952], // sbh(10 + 24/8 + 80/8) = sbh·23
    ['tp-sp', 358_612_992], // (sbh/8)·114 = sbh·14.25
    ['tp-selective', 327_155_712], // sbh(10 + 3) = sbh·13
    ['tp-sp-selective', 106_954_752], // sbh·34/8 = sbh·4.25
    ['full-recompute', 50_331_648], // 2sbh
  ] as [ActivationConfig, number][])('%s: %d bytes', (config, expected) => {
    expect(activationBytesPerLayer(layer, config)).toBe(expected);
  });

  it('with 1F1B the first stage holds l layers of activations whatever p is', () => {
    // TP+SP+selective, GPT-3: 106,954,752 · 96 layers = 10,267,656,192 bytes for p = 8, m = 64 (and p = 16).
    const perLayer = activationBytesPerLayer(layer, 'tp-sp-selective');
    expect(firstStageActivationBytes(perLayer, 96, '1f1b', 8, 64)).toBe(10_267_656_192);
    expect(firstStageActivationBytes(perLayer, 96, '1f1b', 16, 64)).toBe(10_267_656_192);
    // GPipe keeps all m: 96/8 layers · 64 microbatches = 8× more.
    expect(firstStageActivationBytes(perLayer, 96, 'gpipe', 8, 64)).toBe(8 * 10_267_656_192);
    // Interleaved v = 2 multiplies 1F1B by 1 + (p−1)/(p·v) = 1 + 7/16.
    expect(firstStageActivationBytes(perLayer, 96, 'interleaved', 8, 64, 2)).toBe(10_267_656_192 * (23 / 16));
  });
});

describe('pipeline closed forms', () => {
  it.each([
    // p, m, v, in flight (1F1B / GPipe / interleaved), bubble over ideal, bubble share
    [8, 64, 2, 8, 64, 8 + 7 / 2, 7 / 128, 7 / 135],
    [4, 8, 2, 4, 8, 4 + 3 / 2, 3 / 16, 3 / 19],
    [4, 4, 2, 4, 4, 4, 3 / 8, 3 / 11], // m = p: interleaved holds everything, m
    [4, 2, 1, 2, 2, 2, 3 / 2, 3 / 5], // m < p
  ])('p %i, m %i, v %i', (p, m, v, oneF1B, gpipe, interleaved, overIdeal, share) => {
    expect(firstStageInFlightMicrobatches('1f1b', p, m)).toBe(oneF1B);
    expect(firstStageInFlightMicrobatches('gpipe', p, m)).toBe(gpipe);
    expect(firstStageInFlightMicrobatches('interleaved', p, m, v)).toBe(interleaved);
    expect(pipelineBubbleOverIdeal(p, m, v)).toBeCloseTo(overIdeal, 15);
    expect(pipelineBubbleShare(p, m, v)).toBeCloseTo(share, 15);
  });
});
