// Sharding propagation for auto mode (jit + GSPMD/Shardy; sharding.md §3.2). Annotated values (in_shardings,
// with_sharding_constraint, out_shardings) are fixed; every other value takes, per factor, the axes its
// op's other tensors carry for that factor. Pass-through ops (elementwise, broadcast) propagate first, then
// dots and reductions, repeated to a fixpoint; shardings only ever become more specific. A value nothing
// reaches stays replicated — which is why GSPMD without annotations shards nothing.
import { axisSize, type Mesh } from '../mesh.ts';
import type { Program, ValueId } from '../program/ir.ts';
import type { DimAxes, Sharding } from '../sharding.ts';
import { opFactors, type OpFactors } from './opFactors.ts';

type Dims = readonly DimAxes[];

/**
 * Per factor, Shardy's "longest compatible major sharding axes": empty candidates are ignored; if every
 * candidate is a prefix of the longest, the longest wins (["a"], ["a","b"] → ["a","b"]), otherwise their
 * longest common prefix (["c","d"], ["c","e"] → ["c"]).
 */
export function mergeAxes(candidates: readonly DimAxes[]): DimAxes {
  const nonEmpty = candidates.filter((c) => c.length > 0);
  if (nonEmpty.length === 0) return [];
  const longest = nonEmpty.reduce((a, b) => (b.length > a.length ? b : a));
  if (nonEmpty.every((c) => c.every((axis, i) => longest[i] === axis))) return longest;
  const common: string[] = [];
  for (let i = 0; nonEmpty.every((c) => c[i] !== undefined && c[i] === nonEmpty[0]![i]); i++)
    common.push(nonEmpty[0]![i]!);
  return common;
}

const isPrefix = (a: DimAxes, b: DimAxes) => a.length <= b.length && a.every((x, i) => b[i] === x);

/**
 * Propagates shardings through `program`. `fixed` holds the annotated values; unannotated inputs are
 * replicated (an uncommitted argument of `jax.jit` is). Returns one sharding per value.
 */
export function propagateShardings(
  mesh: Mesh,
  program: Program,
  fixed: ReadonlyMap<ValueId, Sharding>,
): Sharding[] {
  const dims: (Dims | undefined)[] = program.values.map(
    (v) => fixed.get(v.id)?.dims ?? (v.node.kind === 'input' ? v.shape.map(() => []) : undefined),
  );
  const frozen = (id: ValueId) => fixed.has(id) || program.values[id]!.node.kind === 'input';
  const ops = program.values
    .map((v) => ({ id: v.id, factors: opFactors(program, v) }))
    .filter((o): o is { id: ValueId; factors: OpFactors } => o.factors !== undefined);

  /** One visit of an op: refine every non-frozen tensor of it from the others. */
  const visit = ({ id, factors }: { id: ValueId; factors: OpFactors }): ValueId[] => {
    const node = program.values[id]!.node;
    const operandIds =
      node.kind === 'einsum' || node.kind === 'binary'
        ? [...node.operands]
        : 'operand' in node
          ? [node.operand]
          : [];
    const tensors = [
      ...operandIds.map((t, i) => ({ t, f: factors.operands[i]! })),
      { t: id, f: factors.result },
    ];
    const changed: ValueId[] = [];
    for (const target of tensors) {
      if (frozen(target.t)) continue;
      const shape = program.values[target.t]!.shape;
      const used = new Set<string>();
      const proposal = target.f.map((factor, d) => {
        const current = dims[target.t]?.[d] ?? [];
        if (factor === null) return current;
        const candidates = tensors.flatMap((u) =>
          u.t === target.t || !dims[u.t] ? [] : u.f.flatMap((g, e) => (g === factor ? [dims[u.t]![e]!] : [])),
        );
        const merged = mergeAxes([current, ...candidates]);
        return divisiblePrefix(mesh, merged, shape[d]!);
      });
      const deduped = proposal.map((axes) => {
        const kept = axes.filter((a) => !used.has(a));
        const prefix =
          kept.length === axes.length
            ? kept
            : axes.slice(
                0,
                axes.findIndex((a) => used.has(a)),
              );
        prefix.forEach((a) => used.add(a));
        return prefix;
      });
      const current = dims[target.t];
      const moreSpecific = current
        ? deduped.every((axes, d) => isPrefix(current[d]!, axes)) &&
          deduped.some((axes, d) => axes.length > current[d]!.length)
        : deduped.some((axes) => axes.length > 0);
      if (moreSpecific) {
        dims[target.t] = deduped;
        changed.push(target.t);
      }
    }
    return changed;
  };

  // Worklist by Shardy's operation-based priority: pending pass-through ops are always drained first;
  // then the earliest pending dot or reduction is visited. A tensor that changes re-queues every op that
  // reads or produces it, so information flows both forwards and backwards until nothing changes.
  const opsOf: number[][] = program.values.map(() => []);
  ops.forEach((op, k) => {
    const node = program.values[op.id]!.node;
    const operandIds =
      node.kind === 'einsum' || node.kind === 'binary'
        ? [...node.operands]
        : 'operand' in node
          ? [node.operand]
          : [];
    for (const t of [...operandIds, op.id]) opsOf[t]!.push(k);
  });
  const queued = ops.map(() => true);
  const passQueue: number[] = ops.flatMap((o, k) => (o.factors.passThrough ? [k] : []));
  let othersQueued = ops.filter((o) => !o.factors.passThrough).length;
  const enqueue = (changed: readonly ValueId[]) => {
    for (const t of changed)
      for (const k of opsOf[t]!) {
        if (queued[k]) continue;
        queued[k] = true;
        if (ops[k]!.factors.passThrough) passQueue.push(k);
        else othersQueued++;
      }
  };
  for (;;) {
    while (passQueue.length > 0) {
      const k = passQueue.shift()!;
      queued[k] = false;
      enqueue(visit(ops[k]!));
    }
    if (othersQueued === 0) break;
    const k = queued.findIndex((q, i) => q && !ops[i]!.factors.passThrough);
    queued[k] = false;
    othersQueued--;
    enqueue(visit(ops[k]!));
  }
  return program.values.map(
    (v, i) => fixed.get(v.id) ?? { dims: dims[i] ?? v.shape.map(() => []), unreduced: [] },
  );
}

/** The longest prefix of `axes` whose shard count divides `size` (the core keeps shards even). */
function divisiblePrefix(mesh: Mesh, axes: DimAxes, size: number): DimAxes {
  let n = 1;
  for (let i = 0; i < axes.length; i++) {
    n *= axisSize(mesh, axes[i]!) ?? Infinity;
    if (size % n !== 0) return axes.slice(0, i);
  }
  return axes;
}
