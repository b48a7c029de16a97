// What each op needs of its operands under auto mode, and what it produces before any resharding of the
// result (docs/jax-semantics.md §2.2, §3.3–3.4). The einsum rule is the scaling book's four cases:
//   1. no sharded contracting label: the result follows the operands, no communication;
//   2. a contracting label sharded in one operand only: that operand is all-gathered on it (or, where XLA
//      does, the other operand is sliced and the partial results all-reduced; `planEinsum`);
//   3. a contracting label sharded identically in both: local partial sums, unreduced on those axes;
//   4. one axis on two different labels: the operand off the result's choice is all-gathered (where a mesh
//      axis of the same size is free, XLA first moves it there with a collective-permute: alignEinsumOperands).
// Output labels take the axes the propagated result sharding gives them (slicing an operand is free).
import type { Mesh } from '../mesh.ts';
import type { Program, Value } from '../program/ir.ts';
import { shardCount, shardingsEqual, type DimAxes, type Sharding } from '../sharding.ts';
import { sizeOf } from '../tensor/ndarray.ts';
import { batchFirstTarget } from './batchFirstTarget.ts';
import { alignEinsumOperands } from './alignEinsumOperands.ts';
import { einsumLabels } from './opFactors.ts';
import { scatterIntoOwnRows } from './scatterIntoOwnRows.ts';

export interface OperandPlan {
  /** Sharding each operand is resharded to before the local op runs. */
  readonly operands: readonly Sharding[];
  /** Sharding of the local results; `unreduced` lists axes of pending partial sums. */
  readonly natural: Sharding;
  /** Axes of a reduce-max over sharded dims: an all-reduce(max) runs right after the local op. */
  readonly maxOver: readonly string[];
  /**
   * Per operand, a sharding it is first moved to (a collective-permute onto free axes) before it is resharded
   * to `operands` (alignEinsumOperands.ts); undefined where it is resharded directly.
   */
  readonly via?: readonly (Sharding | undefined)[];
  /**
   * `natural.unreduced` by the reduced dim that left each part pending, in the order XLA all-reduces them:
   * a sum over dims sharded on different axes is combined one dim at a time, dims 1, 2, … first and dim 0
   * last (measured on JAX 0.10.2, e.g. Σ over b on data and s on model: all-reduce over model, then over
   * data; a dim split over (data, model) is one all-reduce), except where the result is wanted split over
   * every one of those axes: then one group (xlaPartialGroups). Absent or one group: one combination.
   */
  readonly partialGroups?: readonly DimAxes[];
}

/**
 * Axes by reduced dim (dim index in the operand), non-empty ones in XLA's order: 1, 2, …, then 0. Where the
 * result (`target`) is wanted split over every one of those axes, XLA reduces them together, one all-reduce
 * over all and then a slice (JAX 0.10.2: `bsh,bsh->h`, b on x and s on y, wanted with h on (x, y)): one group.
 */
function xlaPartialGroups(
  byDim: readonly { readonly dim: number; readonly axes: DimAxes }[],
  target: Sharding,
): DimAxes[] {
  const rank = (d: number) => (d === 0 ? Number.MAX_SAFE_INTEGER : d);
  const groups = byDim
    .filter((g) => g.axes.length > 0)
    .sort((a, b) => rank(a.dim) - rank(b.dim))
    .map((g) => g.axes);
  const wanted = new Set(target.dims.flat());
  return groups.length > 1 && groups.every((g) => g.every((a) => wanted.has(a))) ? [groups.flat()] : groups;
}

const sharding = (dims: readonly DimAxes[]): Sharding => ({ dims, unreduced: [] });

/**
 * The operand and natural result shardings of the op producing `value`, given the current shardings of its
 * operands (`current`, indexed by value id) and the propagated sharding `target` of the result.
 */
export function planOperands(
  mesh: Mesh,
  program: Program,
  value: Value,
  current: readonly Sharding[],
  target: Sharding,
): OperandPlan {
  const node = value.node;
  const shapeOf = (id: number) => program.values[id]!.shape;
  switch (node.kind) {
    case 'einsum':
      return planEinsum(node.equation, [current[node.operands[0]]!, current[node.operands[1]]!], target, {
        mesh,
        shapes: [shapeOf(node.operands[0]), shapeOf(node.operands[1])],
        outShape: value.shape,
      });
    // A row lookup partitions as its one-hot product would (opFactors.ts): 'vd,b->bd', transposed 'bd,b->vd';
    // the transpose into a row-split table adds into each device's own rows where XLA does.
    case 'take':
    case 'scatterAdd': {
      const own =
        node.kind === 'scatterAdd'
          ? scatterIntoOwnRows(
              mesh,
              value.shape,
              shapeOf(node.operands[1]),
              current[node.operands[1]]!,
              target,
            )
          : undefined;
      if (own) return own;
      return planEinsum(
        node.kind === 'take' ? 'vd,b->bd' : 'bd,b->vd',
        [current[node.operands[0]]!, current[node.operands[1]]!],
        target,
      );
    }
    case 'binary':
    case 'broadcast': {
      const ids = node.kind === 'binary' ? node.operands : [node.operand];
      // A size-1 dim broadcast against a larger one is held whole by every device.
      const operands = ids.map((id) =>
        sharding(shapeOf(id).map((n, d) => (n === 1 && value.shape[d] !== 1 ? [] : target.dims[d]!))),
      );
      return { operands, natural: sharding(target.dims), maxOver: [] };
    }
    case 'reduce': {
      const operandShape = shapeOf(node.operand);
      const kept = operandShape.map((_, d) => d).filter((d) => !node.dims.includes(d));
      // XLA's SPMD partitioner reduces locally over sharded reduced dims and combines the partial results
      // afterwards (all-reduce, or reduce-scatter into the result's sharding): the reduced dims keep their
      // axes, and a kept dim takes the result's axes up to the first one the reduced dims already spend.
      // (Moving the operand's axes off the reduced dims instead would be an all-to-all of the whole operand,
      // e.g. a ZeRO-2 bias gradient summed over a data-sharded batch.)
      const spent = new Set(node.dims.flatMap((d) => current[node.operand]!.dims[d]!));
      const keptAxes = (d: number) => {
        const axes = target.dims[node.keepDims ? d : kept.indexOf(d)]!;
        const cut = axes.findIndex((a) => spent.has(a));
        return cut < 0 ? axes : axes.slice(0, cut);
      };
      const operandDims = operandShape.map((_, d) =>
        node.dims.includes(d) ? current[node.operand]!.dims[d]! : keptAxes(d),
      );
      const reducedAxes = node.dims.flatMap((d) => operandDims[d]!);
      const naturalDims = node.keepDims
        ? operandDims.map((axes, d) => (node.dims.includes(d) ? [] : axes))
        : kept.map(keptAxes);
      return node.op === 'sum'
        ? {
            operands: [sharding(operandDims)],
            natural: { dims: naturalDims, unreduced: reducedAxes },
            maxOver: [],
            partialGroups: xlaPartialGroups(
              node.dims.map((d) => ({ dim: d, axes: operandDims[d]! })),
              target,
            ),
          }
        : { operands: [sharding(operandDims)], natural: sharding(naturalDims), maxOver: reducedAxes };
    }
    case 'unary':
    case 'stopGradient':
    case 'constraint':
      return { operands: [sharding(target.dims)], natural: sharding(target.dims), maxOver: [] };
    default:
      throw new Error(`no auto-mode rule for '${node.kind}'`);
  }
}

/** Sizes that let case 2 pick between its two ways as XLA does (by element counts). */
export interface EinsumSizes {
  readonly mesh: Mesh;
  readonly shapes: readonly [readonly number[], readonly number[]];
  readonly outShape: readonly number[];
}

/**
 * The four matmul cases for a two-operand einsum. In case 2 (a contracting label sharded in one operand
 * only) the book all-gathers that operand. With `sizes`, the partial-sum way (slice the other operand, which
 * is free, and all-reduce the partial results) is taken where XLA's SPMD dot partitioner takes it
 * (`should_partition_contracting_dim` in xla/service/spmd/dot_handler.cc, JAX 0.10.2): within the device
 * group the result's dims leave (the group is the axes on the result's dims),
 *   - the result is replicated (no contracting axis on it),
 *   - the other operand is replicated (none of its axes outside the group),
 *   - the sharded operand's contracting axes are every remaining axis (it is split num_partitions ways),
 *   - and that operand has more elements than the result, per group (strictly: on a tie it gathers).
 * E.g. [8,16]{x on j}·[16,8] on x=4 all-reduces the [8,8] result (128 > 64); on x=2,y=2 (y left over) it
 * all-gathers the [8,16] operand, as XLA's compiled HLO does.
 * Where the result is wanted split on the sharded operand's contracting axes, XLA takes no partial sums (no
 * reduce-scatter, however small the result): its base case ("output is partitioned along LHS/RHS
 * non-contracting dimensions", dot_handler.cc) reshards the operand whose own dims carry the result's split to
 * that split and replicates the other. [2,8,64]·[64,32]{x on v} wanted as P(None, None, 'x') all-to-alls the
 * table from rows to columns (the tasting menu's token embedding); wanted as P('x') on the [16,64] input it
 * slices that input and all-gathers the table. A batch-split product wanted in another layout is computed
 * batch-split (`batchFirstTarget`); its natural sharding is then not `wanted`, and the result is resharded.
 */
export function planEinsum(
  equation: string,
  operands: readonly [Sharding, Sharding],
  wanted: Sharding,
  sizes?: EinsumSizes,
): OperandPlan {
  if (!sizes) return planEinsumAt(equation, operands, wanted, sizes);
  const { inputs, output } = einsumLabels(equation);
  const target = batchFirstTarget(inputs, output, operands, wanted) ?? wanted;
  const plain = planEinsumAt(equation, operands, target, sizes);
  const moved = alignEinsumOperands(
    sizes.mesh,
    inputs,
    output,
    operands,
    plain.operands,
    target,
    sizes.shapes,
  );
  if (!moved) return plain;
  const p = planEinsumAt(equation, moved, target, sizes);
  return { ...p, via: moved.map((m, k) => (shardingsEqual(m, operands[k]!) ? undefined : m)) };
}

/** `planEinsum` for operands already where they are (nothing moved). */
function planEinsumAt(
  equation: string,
  operands: readonly [Sharding, Sharding],
  target: Sharding,
  sizes?: EinsumSizes,
): OperandPlan {
  const { inputs, output } = einsumLabels(equation);
  const labelAxes = new Map<string, DimAxes>();
  const used = new Set<string>();
  const axesOf = (k: 0 | 1, label: string): DimAxes => {
    const d = inputs[k].indexOf(label);
    return d < 0 ? [] : operands[k].dims[d]!;
  };
  // Case 3 first: contracting labels sharded identically on both sides stay sharded (partial sums).
  const contracting = [...new Set(inputs[0] + inputs[1])].filter((l) => !output.includes(l));
  for (const label of contracting) {
    const [a, b] = [axesOf(0, label), axesOf(1, label)];
    const inBoth = inputs[0].includes(label) && inputs[1].includes(label);
    const same = inBoth && a.length > 0 && a.length === b.length && a.every((x, i) => b[i] === x);
    // A label summed within one operand only (not in the other, not in the output) keeps its axes too.
    const own = !inBoth ? (inputs[0].includes(label) ? a : b) : [];
    const axes = same ? a : inBoth && sizes ? partialSumsAsXla(a, b) : own;
    if (axes.length > 0 && axes.every((x) => !used.has(x))) {
      labelAxes.set(label, axes);
      axes.forEach((x) => used.add(x));
    } else labelAxes.set(label, []); // case 2 (or 4): gather the operand(s) on this label
  }
  /** Case 2: the sharded side's axes where XLA slices the other side and all-reduces (see above). */
  function partialSumsAsXla(a: DimAxes, b: DimAxes): DimAxes {
    if (a.length > 0 === b.length > 0 || !sizes) return [];
    const k = a.length > 0 ? 0 : 1;
    const axes = k === 0 ? a : b;
    const group = new Set(target.dims.flat());
    if (target.unreduced.length > 0) return [];
    // A group axis the operands cannot bring to the result's dim (no operand holding it has that dim) comes
    // from a constraint on the result alone: XLA then gathers (`ij,kj->ik` on x=2,y=4, B's j on x, the result
    // wanted with k on y: an all-gather over x, not an all-reduce).
    const fromOperands = (x: string) =>
      operands.some(
        (o, m) =>
          o.dims.some((held) => held.includes(x)) &&
          [...inputs[m as 0 | 1]].some((l) => target.dims[output.indexOf(l)]?.includes(x) === true),
      );
    if ([...group].some((x) => !fromOperands(x))) return [];
    const other = operands[1 - k]!;
    // The result wanted split on the contracting axes: no partial sums (see above), the operand is gathered
    // on its contracting dim (with its own dims on the result's axes, an all-to-all).
    if (axes.some((x) => group.has(x))) return [];
    if ([...other.dims.flat(), ...other.unreduced].some((x) => !group.has(x))) return [];
    const rest = sizes.mesh.axes.map((x) => x.name).filter((x) => !group.has(x));
    if (rest.length !== axes.length || rest.some((x) => !axes.includes(x))) return [];
    // Per-group element counts: a dim carrying a group axis in the result is split by the group.
    const perGroup = (labels: string, shape: readonly number[]) =>
      sizeOf(shape) /
      [...labels].reduce((p, l) => {
        const d = output.indexOf(l);
        return d < 0 ? p : p * shardCount(sizes.mesh, target.dims[d]!);
      }, 1);
    const operandElements = perGroup(inputs[k], sizes.shapes[k]);
    const outElements = perGroup(output, sizes.outShape);
    return operandElements > outElements ? axes : [];
  }
  // Output labels: the result's propagated axes, minus those the contraction already spends. Where the
  // contraction spends them, XLA shards the local result on a free axis of the same count instead, and
  // moves the reduced blocks into place afterwards (all-reduce, then collective-permute): a [8,16]{x on j}
  // by [16,8]{x on j} product wanted as P('x') on x=2,y=2 computes its rows on y.
  const taken = new Set([...used, ...target.dims.flat(), ...operands.flatMap((o) => o.dims.flat())]);
  [...output].forEach((label, d) => {
    const axes = target.dims[d]!;
    const cut = axes.findIndex((x) => used.has(x));
    let kept = cut < 0 ? axes : axes.slice(0, cut);
    if (cut >= 0 && sizes) {
      const n = shardCount(sizes.mesh, axes.slice(cut));
      const free = sizes.mesh.axes.find((a) => !taken.has(a.name) && a.size === n);
      if (free) {
        kept = [...kept, free.name];
        taken.add(free.name);
      }
    }
    kept.forEach((x) => used.add(x));
    labelAxes.set(label, kept);
  });
  const operandShardings = inputs.map((labels) => sharding([...labels].map((l) => labelAxes.get(l)!)));
  const unreduced = contracting.flatMap((l) => labelAxes.get(l)!);
  // A contracting label's dim: its place in the first operand that has it (XLA orders by the dot's dims).
  const dimOf = (l: string) => (inputs[0].includes(l) ? inputs[0].indexOf(l) : inputs[1].indexOf(l));
  return {
    operands: operandShardings,
    natural: { dims: [...output].map((l) => labelAxes.get(l)!), unreduced },
    maxOver: [],
    partialGroups: xlaPartialGroups(
      contracting.map((l) => ({ dim: dimOf(l), axes: labelAxes.get(l)! })),
      target,
    ),
  };
}
