// Builds a `Program` op by op (ir.ts) with shape checking (opShapes.ts, collectiveShapes.ts). Model code
// (shared/sim/models) and the autodiff (autodiff.ts) both use it; a wrong shape is a programmer error and
// throws with the op and the shapes.
import type { PartitionSpec } from '../partitionSpec.ts';
import { collectiveShape, type CollectiveNode } from './collectiveShapes.ts';
import * as composites from './composites.ts';
import * as opShapes from './opShapes.ts';
import {
  type BinaryOp,
  type DType,
  type InputRole,
  type Node,
  type Phase,
  type Program,
  type ReduceOp,
  type UnaryOp,
  type Value,
  type ValueId,
} from './ir.ts';

/** A program under construction. Values get unique readable names: `h`, then `h_1`, `h_2` on clashes. */
export class ProgramBuilder {
  private readonly values: Value[] = [];
  private readonly outs: { name: string; value: ValueId }[] = [];
  private readonly names = new Set<string>();
  /** Phase recorded on the values created from now on. */
  phase: Phase = 'forward';
  /** Scope recorded on the values created from now on (ir.ts `Value.scope`; `within` nests it). */
  scope = '';

  /** `axisSizes` (mesh axis name → size) is needed only by the manual-mode collectives. */
  constructor(private readonly axisSizes?: Readonly<Record<string, number>>) {}

  /** A builder that starts with all the values of `program` (same ids and names) and none of its outputs. */
  static extend(program: Program, axisSizes?: Readonly<Record<string, number>>): ProgramBuilder {
    const b = new ProgramBuilder(axisSizes);
    for (const v of program.values) {
      if (v.id !== b.values.length)
        throw new Error(`program value '${v.name}' has id ${v.id}, expected ${b.values.length}`);
      b.values.push(v);
      b.names.add(v.name);
    }
    return b;
  }

  /** The value with this id. */
  value(id: ValueId): Value {
    const v = this.values[id];
    if (v === undefined) throw new Error(`no value with id ${id}`);
    return v;
  }

  shape(id: ValueId): readonly number[] {
    return this.value(id).shape;
  }

  /** Adds tags (and optionally a new unique name) to an existing value. */
  tag(
    id: ValueId,
    tags: { readonly name?: string; readonly gradOf?: ValueId; readonly updates?: ValueId },
  ): void {
    const v = this.value(id);
    let name = v.name;
    if (tags.name !== undefined && tags.name !== v.name) {
      this.names.delete(v.name);
      name = this.uniqueName(tags.name);
    }
    // Built property by property rather than spread: a spread copy gets a different map once this code is
    // optimised, and every reader of the program's values would deoptimise on it. Same keys, same order.
    const tagged: { -readonly [K in keyof Value]: Value[K] } = {
      id: v.id,
      name,
      shape: v.shape,
      dtype: v.dtype,
      node: v.node,
      phase: v.phase,
      scope: v.scope ?? '',
    };
    for (const key of [...Object.keys(v), ...Object.keys(tags)])
      if ((key === 'gradOf' || key === 'updates') && !(key in tagged))
        tagged[key] = key in tags ? tags[key] : v[key];
    this.values[id] = tagged;
  }

  private uniqueName(base: string): string {
    let name = base;
    for (let i = 1; this.names.has(name); i++) name = `${base}_${i}`;
    this.names.add(name);
    return name;
  }

  private push(name: string, shape: readonly number[], dtype: DType, node: Node): ValueId {
    const id = this.values.length;
    this.values.push({
      id,
      name: this.uniqueName(name),
      shape: [...shape],
      dtype,
      node,
      phase: this.phase,
      scope: this.scope,
    });
    return id;
  }

  /**
   * Runs `build` with `name` appended to the scope (`jax.named_scope(name)`): the values it creates belong
   * to that part of the model. An empty name adds nothing.
   */
  within<T>(name: string, build: () => T): T {
    const outer = this.scope;
    if (name !== '') this.scope = outer === '' ? name : `${outer}/${name}`;
    try {
      return build();
    } finally {
      this.scope = outer;
    }
  }

  // --- inputs and ops -------------------------------------------------------------------------------------

  input(name: string, shape: readonly number[], role: InputRole, dtype: DType = 'f32'): ValueId {
    return this.push(name, opShapes.inputShape(name, shape), dtype, { kind: 'input', role });
  }

  /** Two-operand einsum (`bsd,dnh->bsnh`); the output shape comes from the equation. */
  einsum(equation: string, a: ValueId, b: ValueId, name = 'einsum'): ValueId {
    const [va, vb] = [this.value(a), this.value(b)];
    const shape = opShapes.einsumShape(equation, va, vb);
    return this.push(name, shape, opShapes.promote(va.dtype, vb.dtype), {
      kind: 'einsum',
      equation,
      operands: [a, b],
    });
  }

  /** `jnp.take(table, ids, axis=0)`: table [V, D], integer ids [B] → [B, D] (ir.ts `take`). */
  take(table: ValueId, ids: ValueId, name = 'take'): ValueId {
    const [t, i] = [this.value(table), this.value(ids)];
    return this.push(name, opShapes.takeShape(t, i), t.dtype, { kind: 'take', operands: [table, ids] });
  }

  /** Updates [B, D] summed into rows `ids` [B] of a zero [rows, D] table (ir.ts `scatterAdd`). */
  scatterAdd(updates: ValueId, ids: ValueId, rows: number, name = 'scatter_add'): ValueId {
    const [u, i] = [this.value(updates), this.value(ids)];
    const shape = opShapes.scatterAddShape(u, i, rows);
    return this.push(name, shape, u.dtype, { kind: 'scatterAdd', operands: [updates, ids] });
  }

  unary(op: UnaryOp, x: ValueId, scalar?: number, name: string = op): ValueId {
    if (op === 'convert')
      throw new Error('convert: use ProgramBuilder.convert, which names the type written');
    const v = this.value(x);
    const node: Node =
      scalar === undefined ? { kind: 'unary', op, operand: x } : { kind: 'unary', op, operand: x, scalar };
    if (
      (op === 'scale' || op === 'addScalar') !== (scalar !== undefined) ||
      (scalar !== undefined && !isFinite(scalar))
    )
      throw new Error(`${op}: a finite scalar is required for scale and addScalar only`);
    return this.push(name, v.shape, v.dtype, node);
  }
  /** x written as `to` (mixed precision's fp32 → 16-bit copy); the same values, other bytes. */
  convert(x: ValueId, to: DType, name = 'convert'): ValueId {
    const v = this.value(x);
    return this.push(name, v.shape, to, { kind: 'unary', op: 'convert', operand: x, to });
  }
  neg = (x: ValueId, name?: string): ValueId => this.unary('neg', x, undefined, name);
  exp = (x: ValueId, name?: string): ValueId => this.unary('exp', x, undefined, name);
  log = (x: ValueId, name?: string): ValueId => this.unary('log', x, undefined, name);
  tanh = (x: ValueId, name?: string): ValueId => this.unary('tanh', x, undefined, name);
  relu = (x: ValueId, name?: string): ValueId => this.unary('relu', x, undefined, name);
  gelu = (x: ValueId, name?: string): ValueId => this.unary('gelu', x, undefined, name);
  square = (x: ValueId, name?: string): ValueId => this.unary('square', x, undefined, name);
  sqrt = (x: ValueId, name?: string): ValueId => this.unary('sqrt', x, undefined, name);
  rsqrt = (x: ValueId, name?: string): ValueId => this.unary('rsqrt', x, undefined, name);
  reciprocal = (x: ValueId, name?: string): ValueId => this.unary('reciprocal', x, undefined, name);
  geluGrad = (x: ValueId, name?: string): ValueId => this.unary('geluGrad', x, undefined, name);
  step = (x: ValueId, name?: string): ValueId => this.unary('step', x, undefined, name);
  /** x·s */
  scale = (x: ValueId, s: number, name?: string): ValueId => this.unary('scale', x, s, name);
  /** x+s */
  addScalar = (x: ValueId, s: number, name?: string): ValueId => this.unary('addScalar', x, s, name);

  /** Elementwise op of two same-rank values with NumPy broadcasting of size-1 dims. */
  binary(op: BinaryOp, a: ValueId, b: ValueId, name: string = op): ValueId {
    const [va, vb] = [this.value(a), this.value(b)];
    const shape = opShapes.binaryShape(op, va, vb);
    return this.push(name, shape, opShapes.promote(va.dtype, vb.dtype), {
      kind: 'binary',
      op,
      operands: [a, b],
    });
  }
  add = (a: ValueId, b: ValueId, name?: string): ValueId => this.binary('add', a, b, name);
  sub = (a: ValueId, b: ValueId, name?: string): ValueId => this.binary('sub', a, b, name);
  mul = (a: ValueId, b: ValueId, name?: string): ValueId => this.binary('mul', a, b, name);
  div = (a: ValueId, b: ValueId, name?: string): ValueId => this.binary('div', a, b, name);
  max = (a: ValueId, b: ValueId, name?: string): ValueId => this.binary('max', a, b, name);

  /**
   * Reduction over `dims` (negative dims count from the end). Autodiff supports keepDims=false only when
   * every dimension is reduced (a rank-0 result such as a loss) or through a ones-einsum otherwise.
   */
  reduce(op: ReduceOp, x: ValueId, dims: readonly number[], keepDims: boolean, name: string = op): ValueId {
    const v = this.value(x);
    const { dims: norm, shape } = opShapes.reduceShape(op, v, dims, keepDims);
    return this.push(name, shape, v.dtype, { kind: 'reduce', op, operand: x, dims: norm, keepDims });
  }
  sum = (x: ValueId, dims: readonly number[], keepDims: boolean, name?: string): ValueId =>
    this.reduce('sum', x, dims, keepDims, name);
  reduceMax = (x: ValueId, dims: readonly number[], keepDims: boolean, name?: string): ValueId =>
    this.reduce('max', x, dims, keepDims, name);

  /** Expands size-1 dims of a same-rank value to `shape`; a rank-0 value broadcasts to any shape. */
  broadcast(x: ValueId, shape: readonly number[], name = 'broadcast'): ValueId {
    const v = this.value(x);
    return this.push(name, opShapes.broadcastShape(v, shape), v.dtype, { kind: 'broadcast', operand: x });
  }

  /** `jax.lax.with_sharding_constraint(x, spec)`. */
  constraint(x: ValueId, spec: PartitionSpec, name?: string): ValueId {
    const v = this.value(x);
    if (spec.length > v.shape.length)
      throw new Error(
        `constraint: spec of length ${spec.length} is longer than the rank ${v.shape.length} of '${v.name}'`,
      );
    return this.push(name ?? v.name, v.shape, v.dtype, { kind: 'constraint', operand: x, spec });
  }

  /** `jax.lax.stop_gradient(x)`. */
  stopGradient(x: ValueId, name = 'stop_gradient'): ValueId {
    const v = this.value(x);
    return this.push(name, v.shape, v.dtype, { kind: 'stopGradient', operand: x });
  }

  // --- manual-mode collectives (per-device shapes) ---------------------------------------------------------

  private collective(node: CollectiveNode, name: string): ValueId {
    const v = this.value(node.operand);
    return this.push(name, collectiveShape(node, v.shape, this.axisSizes), v.dtype, node);
  }

  /** `jax.lax.psum(x, axes)`. */
  psum = (x: ValueId, axes: readonly string[], name = 'psum'): ValueId =>
    this.collective({ kind: 'psum', operand: x, axes: [...axes] }, name);

  /** Tiled all-gather: dimension `dim` grows by the product of the axis sizes. */
  allGather = (x: ValueId, axes: readonly string[], dim: number, name = 'all_gather'): ValueId =>
    this.collective({ kind: 'allGather', operand: x, axes: [...axes], dim }, name);

  /** Tiled reduce-scatter: dimension `dim` shrinks by the product of the axis sizes (must divide). */
  psumScatter = (x: ValueId, axes: readonly string[], dim: number, name = 'psum_scatter'): ValueId =>
    this.collective({ kind: 'psumScatter', operand: x, axes: [...axes], dim }, name);

  /** Tiled all-to-all: `splitDim` shrinks and `concatDim` grows by the product of the axis sizes. */
  allToAll = (
    x: ValueId,
    axes: readonly string[],
    splitDim: number,
    concatDim: number,
    name = 'all_to_all',
  ) => this.collective({ kind: 'allToAll', operand: x, axes: [...axes], splitDim, concatDim }, name);

  /** `jax.lax.ppermute(x, axis, perm)`: pairs [source index, destination index] along `axis`. */
  ppermute = (
    x: ValueId,
    axis: string,
    perm: readonly (readonly [number, number])[],
    name = 'ppermute',
  ): ValueId =>
    this.collective(
      { kind: 'ppermute', operand: x, axis, perm: perm.map(([s, t]) => [s, t] as const) },
      name,
    );

  // --- composites (composites.ts) --------------------------------------------------------------------------

  softmax = (x: ValueId, dim: number, name?: string): ValueId => composites.softmax(this, x, dim, name);
  logSoftmax = (x: ValueId, dim: number, name?: string): ValueId => composites.logSoftmax(this, x, dim, name);
  layerNorm = (x: ValueId, name?: string): ValueId => composites.layerNorm(this, x, name);
  crossEntropy = (logits: ValueId, onehot: ValueId, name?: string): ValueId =>
    composites.crossEntropy(this, logits, onehot, name);
  meanSquaredError = (pred: ValueId, target: ValueId, name?: string): ValueId =>
    composites.meanSquaredError(this, pred, target, name);

  // --- results ----------------------------------------------------------------------------------------------

  /** Names a result of the program (`loss`, `grad/w1`, …); output names are unique. */
  output(name: string, v: ValueId): void {
    this.value(v);
    if (this.outs.some((o) => o.name === name)) throw new Error(`duplicate output name '${name}'`);
    this.outs.push({ name, value: v });
  }

  build(): Program {
    return { values: [...this.values], outputs: this.outs.map((o) => ({ ...o })) };
  }
}
