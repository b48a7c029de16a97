// The fitted constants of the cost model — the only numbers in it not read off a datasheet or a paper.
// Fitted on the calibration rows of docs/cost-model.md §6 and on nothing else (a grid over both constants,
// least squares of the relative errors in throughput):
//   Narayanan et al. 2021 Table 1, A100 80 GB, s 2048, V 51200, full recompute:
//     3.6B  (TP 2, 64 GPUs, batch 512, microbatch 16)                138 TFLOP/s per GPU → ours 139.3 (+1.0%)
//     145.6B (TP 8 × PP 8, 1536 GPUs, batch 2304, microbatch 2, v 2) 148 TFLOP/s per GPU → ours 146.2 (−1.2%)
//   Korthikanti et al. 2022 Table 5, 22B (TP 8, 8 GPUs, batch 4, microbatch 4):
//     full recompute                                                1.42 s → ours 1.441 s (+1.5%)
//     sequence parallelism + selective recompute                   1.10 s → ours 1.068 s (−2.9%)
// (test/shared/sim/train/calibration.test.ts keeps every row within 10%.)

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
}

/** Fitted as above: 0.64 of peak for matmuls, 0.8 of the HBM bandwidth for memory-bound kernels. */
export const CALIBRATION: Calibration = {
  matmulEfficiency: 0.64,
  hbmEfficiency: 0.8,
};
