// The fitted constants of the cost model — the only numbers in it not read off a datasheet or a paper.
// Fitted on the calibration rows of docs/cost-model.md §6 and on nothing else (scripts/fitCalibration.ts: a grid
// over e_max and the HBM efficiency, least squares of the relative errors in iteration time):
//   Narayanan et al. 2021 Table 1, A100 80 GB, s 2048, V 51200, full recompute, as Megatron-LM of 2021 ran
//   it (`--fp16`, no asynchronous tensor-parallel backward, no gradient-accumulation fusion):
//     3.6B  (TP 2, 64 GPUs, batch 512, microbatch 16)                3.697 s (138 TFLOP/s) → ours +0.3%
//     145.6B (TP 8 × PP 8, 1536 GPUs, batch 2304, microbatch 2, v 2,
//             gradients all-reduced after the schedule, `--DDP-impl local`) 24.817 s (148 TFLOP/s) → ours −0.3%
//   Korthikanti et al. 2022 Table 5, 22B (TP 8, 8 GPUs, batch 4, microbatch 4), Megatron-LM of 2022:
//     full recompute                                                1.42 s → ours +2.3%
//     sequence parallelism + selective recompute                   1.10 s → ours −2.6%
//   (refitted when the optimizer step's passes, the asynchronous tensor-parallel backward and 2021's unfused
//   gradient accumulation were priced: it was e_max 0.72, HBM 0.7; docs/pricing.md)
// Devices without a GEMM tile model (TPUs, H100/H200, the teaching fridges) keep the pair fitted before
// the tile model on the same rows — one flat `matmulEfficiency` 0.64, `hbmEfficiency` 0.8 — so their
// efficiencies did not move; the A100's tile model has its own pair, fitted together: e_max 0.76, HBM 0.65.
// (test/shared/sim/train/calibration.test.ts keeps every row within 5%; `npm run sim -- validate` prints
// every published run, these marked as fitted.)

/** Constants a plan's pricing depends on beyond the hardware preset. */
export interface Calibration {
  /**
   * Share of the peak FLOP/s a matrix multiply achieves when compute-bound (Megatron-LM reports 44–52% of
   * peak end to end; what a GEMM alone reaches is higher, the rest of the step being communication, memory-
   * bound kernels and the pipeline bubble, which the model prices separately).
   */
  readonly matmulEfficiency: number;
  /** Share of the datasheet HBM bandwidth a memory-bound (fused elementwise) kernel achieves. */
  readonly hbmEfficiency: number;
  /** e_max of gemmEfficiency.ts: share of peak a GEMM tile sustains (GPUs with a tile model). */
  readonly gemmPeakEfficiency: number;
  /** `hbmEfficiency` on GPUs with a tile model, fitted together with `gemmPeakEfficiency`. */
  readonly gemmHbmEfficiency: number;
}

/** Fitted as above: tile model (A100) e_max 0.76 and HBM 0.65; elsewhere flat 0.64 and HBM 0.8. */
export const CALIBRATION: Calibration = {
  matmulEfficiency: 0.64,
  hbmEfficiency: 0.8,
  gemmPeakEfficiency: 0.76,
  gemmHbmEfficiency: 0.65,
};
