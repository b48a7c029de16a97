// A batch-split product wanted in another layout is computed batch-split, then resharded. Where both operands
// split a batch label (in both operands and the result) on the same axes and the wanted result spends those
// axes on another dim, XLA's SPMD dot partitioner (JAX 0.10.2; `PartitionDotGroupOnBatch` in
// xla/service/spmd/dot_handler.cc) partitions the dot on the batch dims as the operands are, and reshards the
// result to what was wanted: `bij,bjk->bik` on x=4 with b on x in both, wanted with i on x, is one all-to-all
// of the result, not a gather of one operand and an all-to-all of the other.
import type { DimAxes, Sharding } from '../sharding.ts';

/** The result sharding to compute the einsum in (undefined: the wanted one). */
export function batchFirstTarget(
  inputs: readonly [string, string],
  output: string,
  operands: readonly [Sharding, Sharding],
  target: Sharding,
): Sharding | undefined {
  if (target.unreduced.length > 0) return undefined;
  const dims: DimAxes[] = target.dims.map((axes) => [...axes]);
  let changed = false;
  [...output].forEach((label, d) => {
    const [i0, i1] = [inputs[0].indexOf(label), inputs[1].indexOf(label)];
    if (i0 < 0 || i1 < 0) return;
    const axes = operands[0].dims[i0]!;
    const same = axes.length > 0 && axes.join() === operands[1].dims[i1]!.join();
    if (!same || dims[d]!.join() === axes.join()) return;
    // Only where the wanted result spends those axes elsewhere (a conflict, not a missing split).
    if (!axes.some((x) => dims.some((other, e) => e !== d && other.includes(x)))) return;
    dims.forEach((other, e) => {
      if (e !== d) dims[e] = other.filter((x) => !axes.includes(x));
    });
    dims[d] = [...axes];
    changed = true;
  });
  return changed ? { dims, unreduced: [] } : undefined;
}
