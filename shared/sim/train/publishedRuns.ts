// Published iteration times and throughputs of Megatron-scale GPT training on A100 80 GB (DGX A100, Selene)
// that `sim validate` prices (docs/pricing.md). Every row names its paper, table and row; `calibration`
// marks the only rows constants may be fitted to (docs/cost-model.md §6). Throughputs in "TFLOP/s per GPU" are
// turned into iteration times with the papers' own FLOP count, Megatron eq. (3) with full recompute,
// `96 B s l h² (1 + s/(6h) + V/(16 l h))`, over the GPUs: t = F / (X · n).
// Where a source leaves part of a configuration unsaid, the row says what was assumed and why (`assumed`).
// Sources:
//   narayanan-t1  Narayanan et al. 2021 (arXiv 2104.04473) Table 1, weak scaling; microbatch and
//                 interleaving from the authors' script NVIDIA/Megatron-LM examples/sc21/run_table_1.sh
//                 (`--num-layers-per-virtual-pipeline-stage`; the 1T case sets none). The script sets
//                 `DDP=torch` for the PP = 1 rows (PyTorch DDP: the gradient all-reduce overlaps the last
//                 backward) and `DDP=local` for PP > 1 (Megatron's own DDP: `train_step` all-reduces after
//                 the schedule), priced so with `overlapGradReduce: false`.
//   narayanan-t2  the same paper's Table 2, ZeRO-3 without model parallelism vs PTD-P (175B and 530B);
//                 the rows as reproduced by cli99/llm-analysis examples/megatron-lm/run_train*.sh.
//   korthikanti   Korthikanti et al. 2022 (arXiv 2205.05198) Table 5, full recompute vs sequence parallel +
//                 selective recompute, shapes of its Table 3; times as quoted by calculon-ai/calculon
//                 calculon/megatron/validation.py, interleaving as its validation/*.json encode it.
//   mt-nlg        Smith et al. 2022 (arXiv 2201.11990) §2.4: MT-NLG 530B, global batch 1920, on 280, 350
//                 and 420 DGX A100 nodes (TP 8 × PP 35, ZeRO-1 data parallelism, DeepSpeed's 1F1B
//                 pipeline); as quoted by cli99/llm-analysis examples/megatron-turing-nlg/README.md.
import type { RecomputePolicy } from './trainRequest.ts';

/** Where a row's figure is printed. */
export type RunSource =
  'narayanan-t1' | 'narayanan-t2-zero3' | 'narayanan-t2-ptdp' | 'korthikanti' | 'mt-nlg';

/** Human names of the sources, for the report. */
export const RUN_SOURCES: Readonly<Record<RunSource, string>> = {
  'narayanan-t1': 'Narayanan et al. 2021 (arXiv 2104.04473), Table 1 (weak scaling, PTD-P)',
  'narayanan-t2-zero3':
    'Narayanan et al. 2021 (arXiv 2104.04473), Table 2 (ZeRO-3 without model parallelism)',
  'narayanan-t2-ptdp': 'Narayanan et al. 2021 (arXiv 2104.04473), Table 2 (PTD-P)',
  korthikanti: 'Korthikanti et al. 2022 (arXiv 2205.05198), Table 5',
  'mt-nlg': 'Smith et al. 2022 (arXiv 2201.11990), MT-NLG 530B §2.4',
};

/** One published run. */
export interface PublishedRun {
  readonly id: string;
  readonly source: RunSource;
  /** Table and row as printed. */
  readonly row: string;
  /** A `sim train` request document. */
  readonly request: {
    readonly model: { layers: number; hidden: number; heads: number; seq: number; vocab: number };
    readonly hardware: { preset: 'a100-80gb'; devicesPerNode: 8 };
    readonly parallel: Record<string, number | string | boolean>;
    /** Absent: bf16-mixed. */
    readonly precision?: 'fp16-mixed';
  };
  /** The published figure: seconds per iteration, or Megatron's hardware TFLOP/s per GPU. */
  readonly published: { readonly kind: 'iterationS' | 'tflopsPerGpu'; readonly value: number };
  /** A docs/cost-model.md §6 row: constants may be fitted to it. */
  readonly calibration: boolean;
  /** Configuration the source does not state, and what was taken instead. */
  readonly assumed?: string;
}

const A100 = { preset: 'a100-80gb', devicesPerNode: 8 } as const;
const gpt = (layers: number, hidden: number, heads: number) => ({
  layers,
  hidden,
  heads,
  seq: 2048,
  vocab: 51200,
});
const GPT3 = gpt(96, 12288, 96);
const MT530 = gpt(105, 20480, 128);

interface Shape {
  tp: number;
  pp: number;
  dp: number;
  globalBatch: number;
  microBatch: number;
  v?: number;
  recompute?: RecomputePolicy;
  sp?: boolean;
  zero?: 0 | 1 | 2 | 3;
  /** false: the gradient reduction runs after the schedule (Megatron `--DDP-impl local`, DeepSpeed's pipeline). */
  overlap?: boolean;
  /**
   * Software of 2021 (Megatron-LM before 2021-09, DeepSpeed): no asynchronous tensor-parallel backward, no
   * gradient-accumulation fusion (`asyncTensorAllReduce`, `gradAccumulationFusion` false).
   */
  y2021?: boolean;
  /** `--fp16` (examples/sc21/CONFIG.sh) rather than bf16. */
  fp16?: boolean;
  /** DeepSpeed's ZeRO-3 hooks (`zero3Hooks`) with this `stage3_max_live_parameters`. */
  hooks?: { maxLive: number };
}

const plan = (s: Shape): Record<string, number | string | boolean> => ({
  tp: s.tp,
  pp: s.pp,
  dp: s.dp,
  globalBatch: s.globalBatch,
  microBatch: s.microBatch,
  schedule: (s.v ?? 1) > 1 ? 'interleaved' : '1f1b',
  virtualStages: s.v ?? 1,
  recompute: s.recompute ?? 'full',
  sequenceParallel: s.sp ?? false,
  zeroStage: s.zero ?? 0,
  ...(s.overlap === undefined ? {} : { overlapGradReduce: s.overlap }),
  ...(s.y2021 === true ? { asyncTensorAllReduce: false, gradAccumulationFusion: false } : {}),
  ...(s.hooks ? { zero3Hooks: true, zero3MaxLiveParameters: s.hooks.maxLive } : {}),
});

function run(
  id: string,
  source: RunSource,
  row: string,
  model: PublishedRun['request']['model'],
  shape: Shape,
  published: PublishedRun['published'],
  extra: { calibration?: boolean; assumed?: string } = {},
): PublishedRun {
  return {
    id,
    source,
    row,
    request: {
      model,
      hardware: A100,
      parallel: plan(shape),
      ...(shape.fp16 === true ? { precision: 'fp16-mixed' as const } : {}),
    },
    published,
    calibration: extra.calibration ?? false,
    ...(extra.assumed === undefined ? {} : { assumed: extra.assumed }),
  };
}

const tflops = (value: number) => ({ kind: 'tflopsPerGpu', value }) as const;
const seconds = (value: number) => ({ kind: 'iterationS', value }) as const;
const T1 = 'narayanan-t1';
const KORTHIKANTI_SCHEDULE = 'interleaving as calculon validation/*.json (Table 3 does not print it)';
// MT-NLG §2.4 does not print the microbatch. With 1F1B the step is (m + p − 1) slots of one microbatch's stage
// time (Narayanan eq. (1)), so the three published times, same model and p = 35, stand in the ratio of their
// slot counts whatever a slot costs: 60.1 : 50.2 : 44.4 = 1 : 0.835 : 0.739. Microbatch 2 gives
// m = 1920/(2·dp) = 120, 96, 80 → 154 : 130 : 114 = 1 : 0.844 : 0.740; microbatch 1 gives 274 : 226 : 194 =
// 1 : 0.825 : 0.708 and microbatch 4 94 : 82 : 74 = 1 : 0.872 : 0.787. No constant enters this choice.
// Precision: DeepSpeed's engine took a `bf16` config only from v0.5.10 (2022-01-14, `runtime/constants.py`);
// MT-NLG was trained in 2021 on DeepSpeed's fp16 optimizer, so the rows are priced `fp16-mixed`.
const MTNLG_ASSUMED =
  'microbatch 2, from the ratios of the three published times (1F1B: t ∝ m + p − 1); fp16, the only mixed precision DeepSpeed took before v0.5.10 (2022-01); vocabulary padded to 51,200 as Megatron pads 50,257';
// Table 2 does not print DeepSpeed's configuration. Gradients reduce-scattered (`contiguous_gradients` on, as
// DeepSpeed's ZeRO-3 examples set it; off, ZeRO-3 of 2021 all-reduces them, twice the bytes, and every row is
// 9–38% slower than published). `stage3_max_live_parameters` above the 530B's largest weights (1.26 and 1.68·10⁹
// elements): under the default 10⁹ no prefetch starts while one of them is live, its gathers wait in line
// with the compute, and the three 530B rows come out 22–36% slower than published; the 175B rows are the
// same under either limit (docs/pricing.md "ZeRO-3").
const ZERO3 = { maxLive: 2e9 };
const ZERO3_ASSUMED =
  'DeepSpeed 2021 ZeRO-3 hooks, gradients reduce-scattered (contiguous_gradients); stage3_max_live_parameters 2·10⁹, above the 530B weights (at the default 10⁹ its rows are 22–36% slow)';
const PTDP_SCHEDULE =
  'Table 2 does not print the schedule, microbatch or DDP: 1F1B, microbatch 1 as llm-analysis; DDP local as Table 1 at PP > 1';

/** The published runs, in the order `sim validate` prints them. */
// prettier-ignore
export const PUBLISHED_RUNS: readonly PublishedRun[] = [
  run('t1-1.7b', T1, 'Table 1, 1.7B', gpt(24, 2304, 24), { tp: 1, pp: 1, dp: 32, globalBatch: 512, microBatch: 16, y2021: true, fp16: true }, tflops(137)),
  run('t1-3.6b', T1, 'Table 1, 3.6B', gpt(30, 3072, 32), { tp: 2, pp: 1, dp: 32, globalBatch: 512, microBatch: 16, y2021: true, fp16: true }, tflops(138), { calibration: true }),
  run('t1-7.5b', T1, 'Table 1, 7.5B', gpt(36, 4096, 32), { tp: 4, pp: 1, dp: 32, globalBatch: 512, microBatch: 16, y2021: true, fp16: true }, tflops(142)),
  run('t1-18.4b', T1, 'Table 1, 18.4B', gpt(40, 6144, 48), { tp: 8, pp: 1, dp: 32, globalBatch: 1024, microBatch: 8, y2021: true, fp16: true }, tflops(135)),
  run('t1-39.1b', T1, 'Table 1, 39.1B', gpt(48, 8192, 64), { tp: 8, pp: 2, dp: 32, globalBatch: 1536, microBatch: 4, y2021: true, fp16: true, overlap: false }, tflops(138)),
  run('t1-76.1b', T1, 'Table 1, 76.1B', gpt(60, 10240, 80), { tp: 8, pp: 4, dp: 32, globalBatch: 1792, microBatch: 2, y2021: true, fp16: true, v: 3, overlap: false }, tflops(140)),
  run('t1-145.6b', T1, 'Table 1, 145.6B', gpt(80, 12288, 96), { tp: 8, pp: 8, dp: 24, globalBatch: 2304, microBatch: 2, y2021: true, fp16: true, v: 2, overlap: false }, tflops(148), { calibration: true }),
  run('t1-310.1b', T1, 'Table 1, 310.1B', gpt(96, 16384, 128), { tp: 8, pp: 16, dp: 15, globalBatch: 2160, microBatch: 1, y2021: true, fp16: true, v: 2, overlap: false }, tflops(155)),
  run('t1-529.6b', T1, 'Table 1, 529.6B', MT530, { tp: 8, pp: 35, dp: 9, globalBatch: 2520, microBatch: 1, y2021: true, fp16: true, v: 3, overlap: false }, tflops(163)),
  run('t1-1008b', T1, 'Table 1, 1008.0B', gpt(128, 25600, 160), { tp: 8, pp: 64, dp: 6, globalBatch: 3072, microBatch: 1, y2021: true, fp16: true, overlap: false }, tflops(163)),

  run('t2-zero3-175b-384', 'narayanan-t2-zero3', 'Table 2, ZeRO-3, 174.6B, 384 GPUs', GPT3, { tp: 1, pp: 1, dp: 384, globalBatch: 1536, microBatch: 4, y2021: true, fp16: true, zero: 3, hooks: ZERO3 }, tflops(144), { assumed: ZERO3_ASSUMED }),
  run('t2-zero3-175b-768', 'narayanan-t2-zero3', 'Table 2, ZeRO-3, 174.6B, 768 GPUs', GPT3, { tp: 1, pp: 1, dp: 768, globalBatch: 1536, microBatch: 2, y2021: true, fp16: true, zero: 3, hooks: ZERO3 }, tflops(88), { assumed: ZERO3_ASSUMED }),
  run('t2-zero3-175b-1536', 'narayanan-t2-zero3', 'Table 2, ZeRO-3, 174.6B, 1536 GPUs', GPT3, { tp: 1, pp: 1, dp: 1536, globalBatch: 1536, microBatch: 1, y2021: true, fp16: true, zero: 3, hooks: ZERO3 }, tflops(44), { assumed: ZERO3_ASSUMED }),
  run('t2-zero3-530b-640', 'narayanan-t2-zero3', 'Table 2, ZeRO-3, 529.6B, 640 GPUs', MT530, { tp: 1, pp: 1, dp: 640, globalBatch: 2560, microBatch: 4, y2021: true, fp16: true, zero: 3, hooks: ZERO3 }, tflops(138), { assumed: ZERO3_ASSUMED }),
  run('t2-zero3-530b-1120', 'narayanan-t2-zero3', 'Table 2, ZeRO-3, 529.6B, 1120 GPUs', MT530, { tp: 1, pp: 1, dp: 1120, globalBatch: 2240, microBatch: 2, y2021: true, fp16: true, zero: 3, hooks: ZERO3 }, tflops(98), { assumed: ZERO3_ASSUMED }),
  run('t2-zero3-530b-2240', 'narayanan-t2-zero3', 'Table 2, ZeRO-3, 529.6B, 2240 GPUs', MT530, { tp: 1, pp: 1, dp: 2240, globalBatch: 2240, microBatch: 1, y2021: true, fp16: true, zero: 3, hooks: ZERO3 }, tflops(48), { assumed: ZERO3_ASSUMED }),

  run('t2-ptdp-175b-384', 'narayanan-t2-ptdp', 'Table 2, PTD-P, 174.6B, 384 GPUs', GPT3, { tp: 8, pp: 12, dp: 4, globalBatch: 1536, microBatch: 1, y2021: true, fp16: true, overlap: false }, tflops(153), { assumed: PTDP_SCHEDULE }),
  run('t2-ptdp-175b-768', 'narayanan-t2-ptdp', 'Table 2, PTD-P, 174.6B, 768 GPUs', GPT3, { tp: 8, pp: 12, dp: 8, globalBatch: 1536, microBatch: 1, y2021: true, fp16: true, overlap: false }, tflops(149), { assumed: PTDP_SCHEDULE }),
  run('t2-ptdp-175b-1536', 'narayanan-t2-ptdp', 'Table 2, PTD-P, 174.6B, 1536 GPUs', GPT3, { tp: 8, pp: 12, dp: 16, globalBatch: 1536, microBatch: 1, y2021: true, fp16: true, overlap: false }, tflops(141), { assumed: PTDP_SCHEDULE }),
  run('t2-ptdp-530b-560', 'narayanan-t2-ptdp', 'Table 2, PTD-P, 529.6B, 560 GPUs', MT530, { tp: 8, pp: 35, dp: 2, globalBatch: 2240, microBatch: 1, y2021: true, fp16: true, overlap: false }, tflops(171), { assumed: PTDP_SCHEDULE }),
  run('t2-ptdp-530b-1120', 'narayanan-t2-ptdp', 'Table 2, PTD-P, 529.6B, 1120 GPUs', MT530, { tp: 8, pp: 35, dp: 4, globalBatch: 2240, microBatch: 1, y2021: true, fp16: true, overlap: false }, tflops(167), { assumed: PTDP_SCHEDULE }),
  run('t2-ptdp-530b-2240', 'narayanan-t2-ptdp', 'Table 2, PTD-P, 529.6B, 2240 GPUs', MT530, { tp: 8, pp: 35, dp: 8, globalBatch: 2240, microBatch: 1, y2021: true, fp16: true, overlap: false }, tflops(159), { assumed: PTDP_SCHEDULE }),

  run('k5-22b-full', 'korthikanti', 'Table 5, 22B, full recompute', gpt(48, 6144, 64), { tp: 8, pp: 1, dp: 1, globalBatch: 4, microBatch: 4 }, seconds(1.42), { calibration: true }),
  run('k5-22b-sp', 'korthikanti', 'Table 5, 22B, SP + selective', gpt(48, 6144, 64), { tp: 8, pp: 1, dp: 1, globalBatch: 4, microBatch: 4, recompute: 'selective', sp: true }, seconds(1.1), { calibration: true }),
  run('k5-175b-full', 'korthikanti', 'Table 5, 175B, full recompute', GPT3, { tp: 8, pp: 8, dp: 1, globalBatch: 64, microBatch: 1, v: 3 }, seconds(18.13), { assumed: KORTHIKANTI_SCHEDULE }),
  run('k5-175b-sp', 'korthikanti', 'Table 5, 175B, SP + selective', GPT3, { tp: 8, pp: 8, dp: 1, globalBatch: 64, microBatch: 1, v: 3, recompute: 'selective', sp: true }, seconds(13.75), { assumed: KORTHIKANTI_SCHEDULE }),
  run('k5-530b-full', 'korthikanti', 'Table 5, 530B, full recompute', MT530, { tp: 8, pp: 35, dp: 1, globalBatch: 280, microBatch: 1, v: 3 }, seconds(49.05), { assumed: KORTHIKANTI_SCHEDULE }),
  run('k5-530b-sp', 'korthikanti', 'Table 5, 530B, SP + selective', MT530, { tp: 8, pp: 35, dp: 1, globalBatch: 280, microBatch: 1, v: 3, recompute: 'selective', sp: true }, seconds(37.83), { assumed: KORTHIKANTI_SCHEDULE }),
  run('k5-1t-full', 'korthikanti', 'Table 5, 1T, full recompute', gpt(128, 25600, 160), { tp: 8, pp: 64, dp: 1, globalBatch: 512, microBatch: 1 }, seconds(94.42), { assumed: KORTHIKANTI_SCHEDULE }),
  run('k5-1t-sp', 'korthikanti', 'Table 5, 1T, SP + selective', gpt(128, 25600, 160), { tp: 8, pp: 64, dp: 1, globalBatch: 512, microBatch: 1, recompute: 'selective', sp: true }, seconds(71.49), { assumed: KORTHIKANTI_SCHEDULE }),

  run('mtnlg-280', 'mt-nlg', 'MT-NLG §2.4, 280 nodes', MT530, { tp: 8, pp: 35, dp: 8, globalBatch: 1920, microBatch: 2, y2021: true, fp16: true, zero: 1, overlap: false }, seconds(60.1), { assumed: MTNLG_ASSUMED }),
  run('mtnlg-350', 'mt-nlg', 'MT-NLG §2.4, 350 nodes', MT530, { tp: 8, pp: 35, dp: 10, globalBatch: 1920, microBatch: 2, y2021: true, fp16: true, zero: 1, overlap: false }, seconds(50.2), { assumed: MTNLG_ASSUMED }),
  run('mtnlg-420', 'mt-nlg', 'MT-NLG §2.4, 420 nodes', MT530, { tp: 8, pp: 35, dp: 12, globalBatch: 1920, microBatch: 2, y2021: true, fp16: true, zero: 1, overlap: false }, seconds(44.4), { assumed: MTNLG_ASSUMED }),
];
