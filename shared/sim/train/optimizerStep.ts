// The optimizer step of a Megatron GPT as Megatron-LM runs it (megatron/optimizer/optimizer.py,
// `MixedPrecisionOptimizer.step`, with apex's FusedAdam): a chain of memory-bound passes over the fp32 copy
// the device updates, HBM bytes per parameter element:
//   bf16-mixed (fp32 main grads, `--accumulate-allreduce-grads-in-fp32`, forced for bf16):
//     grad norm (multi_tensor_l2norm) reads g 4 · FusedAdam reads g, p, m, v 16 and writes p, m, v 12 ·
//     `_copy_main_params_to_model_params` reads 4, writes 2 · `zero_grad_buffer` writes 4        = 42
//   fp16-mixed (16-bit grads): `_copy_model_grads_to_main_grads` reads 2, writes 4 · unscale and inf check
//     (`_amp_foreach_non_finite_check_and_unscale_`) reads 4, writes 4 · norm 4 · Adam 28 · copy 6  = 52
//   fp32 (no main copy): norm 4 · Adam 28 · zero 4                                                  = 36
// With ZeRO (Megatron's distributed optimizer, DeepSpeed) the step runs on the device's partition of the
// optimizer state only. The planned program's Adam op reads and writes its own operands once (28 bytes per
// parameter in bf16: g, master, m, v in; master, m, v, p out); the passes above are what the step costs on
// the GPU (docs/pricing.md).
import type { TrainingPrecision } from '../cost/memory.ts';

/** HBM bytes per parameter element of one Megatron optimizer step, by training precision. */
export function optimizerStepBytesPerParam(precision: TrainingPrecision): number {
  switch (precision) {
    case 'bf16-mixed':
      return 4 + 16 + 12 + 6 + 4;
    case 'fp16-mixed':
      return 6 + 8 + 4 + 28 + 6;
    case 'fp32':
      return 4 + 28 + 4;
  }
}
