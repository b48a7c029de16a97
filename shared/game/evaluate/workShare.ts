// How much of the whole dish each kitchen cooks: the matmul FLOPs one device runs over the matmul FLOPs of
// the unsharded program (einsum: 2·Π sizes, einsumEquation.ts). 1/devices when the work is split without
// repetition; 1 when every kitchen cooks everything (a replicated plan, or GSPMD gathering a weight so that
// each kitchen computes the whole activation).
import type { Phase, Program } from '../../sim/program/ir.ts';
import { einsumFlops, parseEinsum } from '../../sim/tensor/einsumEquation.ts';

/** Matmul FLOPs of `program` on one device, over the values of the given phases. */
export function programMatmulFlops(program: Program, phases: readonly Phase[]): number {
  let flops = 0;
  for (const v of program.values) {
    if (v.node.kind !== 'einsum' || !phases.includes(v.phase)) continue;
    const eq = parseEinsum(
      v.node.equation,
      v.node.operands.map((o) => program.values[o]!.shape),
    );
    if (eq.ok) flops += einsumFlops(eq.value);
  }
  return flops;
}

/** perDevice / whole, or 1/devices when the program has no matmul. */
export const workShare = (perDevice: number, whole: number, devices: number): number =>
  whole > 0 ? perDevice / whole : 1 / devices;
