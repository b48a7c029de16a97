// A program at another storage precision: every f32 value held as `dtype` (bf16-mixed and fp16-mixed
// training keep weights, activations and gradients in 16 bits; Micikevicius et al. 2018 §3). Only byte counts
// read the type (memory, fused kernels' HBM traffic, collectives); execution always computes in f32 (ir.ts).
import type { DType, Program } from './ir.ts';

/** `program` with its f32 values stored as `dtype`; the same program when `dtype` is f32. */
export function storedIn(program: Program, dtype: DType): Program {
  if (dtype === 'f32') return program;
  return { ...program, values: program.values.map((v) => (v.dtype === 'f32' ? { ...v, dtype } : v)) };
}
