// Sharding propagation for auto mode (jit + GSPMD/Shardy; docs/jax-semantics.md §3.2). Annotated values (in_shardings,
// with_sharding_constraint, out_shardings) are fixed; every other value takes, per factor, the axes its
// op's other tensors carry for that factor. Pass-through ops (elementwise, broadcast) propagate first, then
// dots and reductions, repeated to a fixpoint; shardings only ever become more specific. A value nothing
// reaches stays replicated — which is why GSPMD without annotations shards nothing.
import type { Mesh } from '../mesh.ts';
import type { Program, ValueId } from '../program/ir.ts';
import type { DimAxes, Sharding } from '../sharding.ts';
import { opFactors } from './opFactors.ts';

type Dims = readonly DimAxes[];

const NONE: DimAxes = [];

/**
 * `n` values of `f` in an array that is holey from the start. TurboFan's inlined `map` builds holey arrays,
 * so a mapped array changes elements kind once its producer is optimised and every reader deoptimises; the
 * shardings' dims are read everywhere, so they are built holey in every tier.
 */
export function holey<T>(n: number, f: (i: number) => T): T[] {
  const out = new Array<T>(n);
  for (let i = 0; i < n; i++) out[i] = f(i);
  return out;
}

/** Whether `a` is a prefix of the first `len` axes of `b`. */
function isPrefix(a: DimAxes, b: DimAxes, len = b.length): boolean {
  if (a.length > len) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `mergeAxes` of the first `n` candidates, without copying: the longest itself when the others are its prefixes. */
function merge(candidates: readonly DimAxes[], n = candidates.length): DimAxes {
  let longest: DimAxes = NONE;
  for (let i = 0; i < n; i++) if (candidates[i]!.length > longest.length) longest = candidates[i]!;
  let prefixes = true;
  for (let i = 0; i < n && prefixes; i++) prefixes = isPrefix(candidates[i]!, longest);
  if (prefixes) return longest;
  const first = longest;
  const common: string[] = [];
  const agree = (i: number): boolean => {
    for (let c = 0; c < n; c++) {
      const axes = candidates[c]!;
      if (axes.length > 0 && (axes[i] === undefined || axes[i] !== first[i])) return false;
    }
    return true;
  };
  for (let i = 0; agree(i); i++) common.push(first[i]!);
  return common;
}

/**
 * Per factor, Shardy's "longest compatible major sharding axes": empty candidates are ignored; if every
 * candidate is a prefix of the longest, the longest wins (["a"], ["a","b"] → ["a","b"]), otherwise their
 * longest common prefix (["c","d"], ["c","e"] → ["c"]).
 */
export function mergeAxes(candidates: readonly DimAxes[]): DimAxes {
  const merged = merge(candidates);
  return merged === NONE ? [] : merged;
}

/**
 * Length of the longest prefix of `axes` whose shard count divides `size` (the core keeps shards even);
 * `sizes` holds the mesh's axis sizes by name.
 */
function divisibleLength(sizes: ReadonlyMap<string, number>, axes: DimAxes, size: number): number {
  let n = 1;
  for (let i = 0; i < axes.length; i++) {
    n *= sizes.get(axes[i]!) ?? Infinity;
    if (size % n !== 0) return i;
  }
  return axes.length;
}

const holeyCopy = <T>(a: readonly T[]): T[] => holey(a.length, (i) => a[i]!);

/** One tensor of an op: its value and the factor of each of its dims. */
interface OpTensor {
  readonly t: ValueId;
  readonly f: readonly (string | null)[];
}

interface FactorOp {
  readonly passThrough: boolean;
  /** An einsum: its result claims contested axes by operand size (`claimOrder`). */
  readonly einsum: boolean;
  /** Operands in order, then the result. */
  readonly tensors: readonly OpTensor[];
}

function operandIdsOf(program: Program, id: ValueId): ValueId[] {
  const node = program.values[id]!.node;
  return 'operands' in node ? [...node.operands] : 'operand' in node ? [node.operand] : [];
}

/** Propagation state: the current dims of every value (undefined = nothing known yet) and scratch space. */
interface State {
  /** Mesh axis sizes by name. */
  readonly sizes: ReadonlyMap<string, number>;
  readonly program: Program;
  readonly dims: (Dims | undefined)[];
  readonly frozen: readonly boolean[];
  /** Per dim of the tensor being refined: its proposed axes, of which the first `keep[d]` are kept. */
  readonly pick: DimAxes[];
  readonly keep: number[];
  readonly used: string[];
  readonly candidates: DimAxes[];
}

/** Axes for dim `d` (factor `factor`) of `target`: merged with every other tensor's dims of that factor. */
function propose(
  s: State,
  tensors: readonly OpTensor[],
  target: OpTensor,
  d: number,
  factor: string,
): DimAxes {
  // Kept in `s.candidates` (overwritten, never shrunk: `length = 0` would drop its storage).
  const candidates = s.candidates;
  let n = 0;
  candidates[n++] = s.dims[target.t]?.[d] ?? NONE;
  for (const u of tensors) {
    const ud = s.dims[u.t];
    if (u.t === target.t || !ud) continue;
    for (let e = 0; e < u.f.length; e++) if (u.f[e] === factor) candidates[n++] = ud[e]!;
  }
  return merge(candidates, n);
}

/**
 * Refines `target` from the other tensors of its op: per dim the proposed axes, cut to a divisible prefix and
 * before the first axis an earlier dim already took. Returns whether its sharding became more specific.
 */
function refine(s: State, tensors: readonly OpTensor[], target: OpTensor, bySize: boolean): boolean {
  const { pick, keep, used } = s;
  const current = s.dims[target.t];
  const shape = s.program.values[target.t]!.shape;
  const rank = target.f.length;
  let nUsed = 0;
  const order = bySize ? claimOrder(s, tensors, target) : undefined;
  for (let i = 0; i < rank; i++) {
    const d = order ? order[i]! : i;
    const factor = target.f[d]!;
    const axes = factor === null ? (current?.[d] ?? NONE) : propose(s, tensors, target, d, factor);
    const len = factor === null ? axes.length : divisibleLength(s.sizes, axes, shape[d]!);
    let k = 0;
    while (k < len && !isUsed(used, nUsed, axes[k]!)) k++;
    for (let i = 0; i < k; i++) used[nUsed++] = axes[i]!;
    pick[d] = axes;
    keep[d] = k;
  }
  let grows = false;
  for (let d = 0; d < rank; d++) {
    const was = current?.[d] ?? NONE;
    if (current && !isPrefix(was, pick[d]!, keep[d])) return false;
    if (keep[d]! > was.length) grows = true;
  }
  if (grows) s.dims[target.t] = holey(rank, (d) => pick[d]!.slice(0, keep[d]));
  return grows;
}

/**
 * The order in which an einsum's result claims mesh axes for its dims, where two factors ask for one axis:
 * dims it already holds first, then by the tensor each dim's axes come from, the largest tensor
 * first (ties: the earlier operand). XLA (JAX 0.10.2) resolves such a conflict so:
 * `bd,df->bf` with b and f both on x takes f from the [16, 32] weight over the [8, 16] input, and
 * `bij,bjk->bik` with i on x in the first operand and b on x in the equal-sized second takes i.
 */
function claimOrder(s: State, tensors: readonly OpTensor[], target: OpTensor): number[] {
  const size = (t: ValueId) => s.program.values[t]!.shape.reduce((p, n) => p * n, 1);
  const current = s.dims[target.t];
  const rankOf = (d: number): number => {
    if ((current?.[d] ?? NONE).length > 0) return -Infinity;
    const factor = target.f[d];
    let best = Infinity;
    tensors.forEach((u, i) => {
      if (u.t === target.t || factor === null) return;
      const ud = s.dims[u.t];
      if (!ud || !u.f.some((f, e) => f === factor && ud[e]!.length > 0)) return;
      best = Math.min(best, -size(u.t) * tensors.length + i);
    });
    return best;
  };
  const ranks = target.f.map((_, d) => rankOf(d));
  return target.f.map((_, d) => d).sort((a, b) => ranks[a]! - ranks[b]! || a - b);
}

/**
 * Whether `target` is the result of an einsum whose operands are both fixed (inputs or annotated): the
 * conflict between two given shardings that XLA resolves by size. Elsewhere (values propagation itself
 * sharded, e.g. the MoE layer's backward einsums) dims keep claiming in order, which the whole-program
 * conformance suite agrees with.
 */
function isAnnotatedConflict(s: State, op: FactorOp, target: OpTensor): boolean {
  const n = op.tensors.length;
  return target === op.tensors[n - 1] && op.tensors.slice(0, n - 1).every((u) => s.frozen[u.t]);
}

/** Whether `axis` is among the first `n` of `used`. */
function isUsed(used: readonly string[], n: number, axis: string): boolean {
  for (let i = 0; i < n; i++) if (used[i] === axis) return true;
  return false;
}

/**
 * Propagates shardings through `program`. `fixed` holds the annotated values; unannotated inputs are
 * replicated (an uncommitted argument of `jax.jit` is). Returns one sharding per value.
 */
export function propagateShardings(
  mesh: Mesh,
  program: Program,
  fixed: ReadonlyMap<ValueId, Sharding>,
): Sharding[] {
  const s: State = {
    sizes: new Map(mesh.axes.map((a) => [a.name, a.size])),
    program,
    dims: program.values.map((v) => {
      const f = fixed.get(v.id);
      if (f !== undefined) return holeyCopy(f.dims);
      return v.node.kind === 'input' ? holey(v.shape.length, () => []) : undefined;
    }),
    frozen: program.values.map((v) => fixed.has(v.id) || v.node.kind === 'input'),
    pick: [],
    keep: [],
    used: [],
    candidates: [],
  };
  const ops: FactorOp[] = [];
  for (const v of program.values) {
    const factors = opFactors(program, v);
    if (factors === undefined) continue;
    // Factor lists copied holey (see `holey`): opFactors maps them, so their kind would change mid-run.
    const tensors = operandIdsOf(program, v.id).map((t, i) => ({ t, f: holeyCopy(factors.operands[i]!) }));
    tensors.push({ t: v.id, f: holeyCopy(factors.result) });
    ops.push({ passThrough: factors.passThrough, einsum: v.node.kind === 'einsum', tensors });
  }

  // Worklist by Shardy's operation-based priority: pending pass-through ops are always drained first;
  // then the earliest pending dot or reduction is visited. A tensor that changes re-queues every op that
  // reads or produces it, so information flows both forwards and backwards until nothing changes.
  const opsOf: number[][] = program.values.map(() => []);
  ops.forEach((op, k) => {
    for (const { t } of op.tensors) opsOf[t]!.push(k);
  });
  const queued = ops.map(() => true);
  const passQueue: number[] = [];
  let othersQueued = 0;
  for (let k = 0; k < ops.length; k++)
    if (ops[k]!.passThrough) passQueue.push(k);
    else othersQueued++;
  let passHead = 0;
  /** One visit of an op: refine every non-frozen tensor of it from the others, re-queueing what changed. */
  const visit = (op: FactorOp): void => {
    for (const target of op.tensors) {
      if (
        s.frozen[target.t] ||
        !refine(s, op.tensors, target, op.einsum && isAnnotatedConflict(s, op, target))
      )
        continue;
      for (const k of opsOf[target.t]!) {
        if (queued[k]) continue;
        queued[k] = true;
        if (ops[k]!.passThrough) passQueue.push(k);
        else othersQueued++;
      }
    }
  };
  for (;;) {
    while (passHead < passQueue.length) {
      const k = passQueue[passHead++]!;
      queued[k] = false;
      visit(ops[k]!);
    }
    if (othersQueued === 0) break;
    let k = 0;
    while (!queued[k] || ops[k]!.passThrough) k++;
    queued[k] = false;
    othersQueued--;
    visit(ops[k]!);
  }
  return program.values.map((v, i) => {
    const f = fixed.get(v.id);
    if (f !== undefined) return { dims: s.dims[i]!, unreduced: f.unreduced };
    return { dims: s.dims[i] ?? holey(v.shape.length, () => []), unreduced: [] };
  });
}
