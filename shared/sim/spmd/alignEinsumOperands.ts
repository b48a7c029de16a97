// Where a two-operand einsum's operands ask for one mesh axis on different labels, XLA's SPMD dot
// partitioner (JAX 0.10.2; xla/service/spmd/dot_handler.cc, grouping with `AlignGroupsWith`) does not
// all-gather the conflicting operand: it moves that operand's shards onto a mesh axis nothing else uses,
// with one collective-permute, and partitions the dot from there. Two rules:
//   1. group conflict: a dim of operand k holds axes the result spends on its own dims (the device group),
//      and the plain plan would gather them: they move to the axes outside the group that operand k does
//      not use, e.g. ij,jk->ik on x=2,y=2 with i on x and w's j on x: w's j moves to y, then (case 2)
//      the input is sliced by y and the partial results all-reduced over y. Those axes may split the dim
//      into a multiple of its blocks (x=2 onto y=4) where the other operand is already split like the
//      result on the group's axes: each block is sliced, then permuted (a refinement, reshard.ts), as XLA
//      does. Not where the other operand is replicated (the result's axes then come from a constraint on
//      it): XLA slices that operand as it needs and reshards this one to the result's layout, all-gather
//      or all-to-all, with no permute (ij,kj->ik on x=2,y=2, A whole, B's j on x, the result wanted with
//      i on x: one all-gather of B over x);
//   2. contracting mismatch: both operands shard a contracting label on different axes of equal count (a
//      pure permutation of blocks): the smaller operand moves onto the larger's axes (equal sizes: the
//      first moves), then case 3.
import { axisSize, type Mesh } from '../mesh.ts';
import { shardCount, type DimAxes, type Sharding } from '../sharding.ts';
import { sizeOf } from '../tensor/ndarray.ts';

/**
 * The operands with conflicting shards moved (undefined when nothing moves). `planned` is the plan without
 * moving: the operand shardings the op would gather to.
 */
export function alignEinsumOperands(
  mesh: Mesh,
  inputs: readonly [string, string],
  output: string,
  operands: readonly [Sharding, Sharding],
  planned: readonly Sharding[],
  target: Sharding,
  shapes: readonly [readonly number[], readonly number[]],
): [Sharding, Sharding] | undefined {
  const group = new Set(target.dims.flat());
  let movedAny = false;
  /** Whether `s` (labels `labels`) holds every group axis on a dim the result holds it on. */
  const groupedLike = (s: Sharding, labels: string) =>
    [...group].every((x) => {
      const d = s.dims.findIndex((axes) => axes.includes(x));
      const o = d < 0 ? -1 : output.indexOf(labels[d]!);
      return o >= 0 && target.dims[o]!.includes(x);
    });
  const moved = operands.map((op, i) => {
    const k = i as 0 | 1;
    const j = (1 - k) as 0 | 1;
    const dims: DimAxes[] = op.dims.map((axes) => [...axes]);
    const other = operands[j];
    const otherReplicated = other.dims.every((axes) => axes.length === 0);
    const holds = () => new Set([...dims.flat(), ...op.unreduced]);
    op.dims.forEach((axes, d) => {
      if (axes.length === 0 || planned[k]!.dims[d]!.length > 0) return;
      const label = inputs[k][d]!;
      const n = shardCount(mesh, axes);
      let to: DimAxes | undefined;
      if (axes.every((x) => group.has(x)) && !otherReplicated) {
        const rest = holds();
        axes.forEach((x) => rest.delete(x));
        const free = mesh.axes.map((a) => a.name).filter((x) => !group.has(x) && !rest.has(x));
        const count = free.length > 0 ? shardCount(mesh, free) : 0;
        const same = count === n;
        // Onto a multiple of the count only with the other operand already split like the result on the
        // group's axes (XLA groups it on those dims and aligns this operand's groups with it).
        const refine =
          count > n && count % n === 0 && shapes[k][d]! % count === 0 && groupedLike(other, inputs[j]);
        to = same || refine ? free : undefined;
      } else if (!output.includes(label) && inputs[j].includes(label)) {
        const theirs = other.dims[inputs[j].indexOf(label)]!;
        const rest = holds();
        axes.forEach((x) => rest.delete(x));
        const [mine, theirsSize] = [sizeOf(shapes[k]), sizeOf(shapes[j])];
        const smaller = mine < theirsSize || (mine === theirsSize && k === 0);
        const fits = theirs.length > 0 && shardCount(mesh, theirs) === n;
        if (smaller && fits && theirs.join() !== axes.join() && theirs.every((x) => !rest.has(x)))
          to = theirs;
      }
      if (to === undefined || to.some((x) => axisSize(mesh, x) === undefined)) return;
      dims[d] = [...to];
      movedAny = true;
    });
    return { dims, unreduced: op.unreduced };
  });
  return movedAny ? [moved[0]!, moved[1]!] : undefined;
}
