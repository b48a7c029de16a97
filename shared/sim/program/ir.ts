// Programs as graphs of ops (docs/design.md §4.1): the forward pass, the backward pass derived from it, and the
// optimizer update are all values of one `Program`, so sharding propagation and collective insertion treat
// them alike. Values are in SSA form and topologically ordered (an op only reads earlier values).
import type { PartitionSpec } from '../partitionSpec.ts';

export type ValueId = number;

/** Element type, used for byte counts at both scales. Execution always computes in f32 (reference f64). */
export type DType = 'f32' | 'bf16' | 'f16' | 'int8';
export const DTYPE_BYTES: Record<DType, number> = { f32: 4, bf16: 2, f16: 2, int8: 1 };

/**
 * Elementwise functions of one argument. `scale` is x·s and `addScalar` x+s, with s = `Node.scalar`;
 * `gelu` is the tanh approximation 0.5x(1 + tanh(√(2/π)(x + 0.044715x³))) (Hendrycks & Gimpel 2016).
 */
export type UnaryOp =
  | 'neg'
  | 'exp'
  | 'log'
  | 'tanh'
  | 'relu'
  | 'gelu'
  | 'square'
  | 'sqrt'
  | 'rsqrt'
  | 'reciprocal'
  | 'scale'
  | 'addScalar'
  /** Derivative of `gelu` (tanh approximation), for the backward pass. */
  | 'geluGrad'
  /** Heaviside step: 1 where x > 0, else 0 (derivative of relu). */
  | 'step'
  /**
   * x stored in another element type, `Node.to` (mixed precision: the fp32 master copy written back as the
   * 16-bit weights). Execution computes in f32, so the values are x's; only the bytes change.
   */
  | 'convert';

/** Elementwise functions of two same-rank arguments with NumPy broadcasting of size-1 dimensions. */
export type BinaryOp = 'add' | 'sub' | 'mul' | 'div' | 'max';

export type ReduceOp = 'sum' | 'max';

/** Where a value comes from in a training step (for rendering the static view). */
export type Phase = 'forward' | 'backward' | 'update';

/** Inputs: model parameters, data (a batch, one-hot tokens or labels), optimizer state (Adam moments). */
export type InputRole = 'param' | 'data' | 'optimizer';

export type Node =
  | { readonly kind: 'input'; readonly role: InputRole }
  /** Two-operand einsum over single-letter labels, e.g. `bsd,dnh->bsnh` (batch dims allowed). */
  | { readonly kind: 'einsum'; readonly equation: string; readonly operands: readonly [ValueId, ValueId] }
  | {
      readonly kind: 'unary';
      readonly op: UnaryOp;
      readonly operand: ValueId;
      readonly scalar?: number;
      /** The element type a `convert` writes. */
      readonly to?: DType;
    }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly operands: readonly [ValueId, ValueId] }
  | {
      readonly kind: 'reduce';
      readonly op: ReduceOp;
      readonly operand: ValueId;
      readonly dims: readonly number[];
      readonly keepDims: boolean;
    }
  /**
   * `jnp.take(table, ids, axis=0)`: the rows of a [V, D] table at the ids [B] (integers held as floats) →
   * [B, D]. An id outside [0, V) reads NaN (jnp.take's 'fill' mode). Its VJP is `scatterAdd`.
   */
  | { readonly kind: 'take'; readonly operands: readonly [ValueId, ValueId] }
  /**
   * `jnp.zeros((V, D)).at[ids].add(updates)`: updates [B, D] summed into rows ids [B] of a zero [V, D] table
   * (the value's shape); ids outside [0, V) are dropped (JAX's scatter default). An embedding's gradient.
   */
  | { readonly kind: 'scatterAdd'; readonly operands: readonly [ValueId, ValueId] }
  /** Broadcast a same-rank operand whose size-1 dims expand to `shape` (the value's shape). */
  | { readonly kind: 'broadcast'; readonly operand: ValueId }
  /** `jax.lax.with_sharding_constraint`: identity whose output must have `spec`. */
  | { readonly kind: 'constraint'; readonly operand: ValueId; readonly spec: PartitionSpec }
  /** Identity whose derivative is zero (`jax.lax.stop_gradient`); used for the max in a stable softmax. */
  | { readonly kind: 'stopGradient'; readonly operand: ValueId }
  // Manual mode (shard_map) collectives; shapes are per-device (local) shapes.
  /** `jax.lax.psum(x, axes)`: sum over the devices of the named axes. */
  | { readonly kind: 'psum'; readonly operand: ValueId; readonly axes: readonly string[] }
  /** `jax.lax.all_gather(x, axes, axis=dim, tiled=True)`: concatenate the group's blocks along `dim`. */
  | {
      readonly kind: 'allGather';
      readonly operand: ValueId;
      readonly axes: readonly string[];
      readonly dim: number;
    }
  /** `jax.lax.psum_scatter(x, axes, scatter_dimension=dim, tiled=True)`: sum, then keep this device's slice. */
  | {
      readonly kind: 'psumScatter';
      readonly operand: ValueId;
      readonly axes: readonly string[];
      readonly dim: number;
    }
  /** `jax.lax.all_to_all(x, axes, split_axis, concat_axis, tiled=True)`. */
  | {
      readonly kind: 'allToAll';
      readonly operand: ValueId;
      readonly axes: readonly string[];
      readonly splitDim: number;
      readonly concatDim: number;
    }
  /** `jax.lax.ppermute(x, axis, perm)`: device at index i along `axis` sends to index j for each [i, j]. */
  | {
      readonly kind: 'ppermute';
      readonly operand: ValueId;
      readonly axis: string;
      readonly perm: readonly (readonly [number, number])[];
    };

export type NodeKind = Node['kind'];

export interface Value {
  readonly id: ValueId;
  /** Unique, readable name shown in the static view (`w1`, `h`, `grad/w1`). */
  readonly name: string;
  readonly shape: readonly number[];
  readonly dtype: DType;
  readonly node: Node;
  readonly phase: Phase;
  /**
   * The part of the model the value belongs to, outermost first and '/'-joined ('blk0/attention'; '' at the
   * top), as `jax.named_scope` records it in the jaxpr's name stack. A backward value carries the scope of
   * the forward value whose VJP made it, an update the scope of its parameter (autodiff.ts). Set by the
   * builder on every value; only hand-written values in tests leave it out.
   */
  readonly scope?: string;
  /** For a gradient: the value it is the gradient of. */
  readonly gradOf?: ValueId;
  /** For an updated parameter or optimizer state: the input it replaces. */
  readonly updates?: ValueId;
}

export interface Program {
  /** Topologically ordered; `values[i].id === i`. */
  readonly values: readonly Value[];
  /** Named results: the loss, the updated parameters, … */
  readonly outputs: readonly { readonly name: string; readonly value: ValueId }[];
  /**
   * A training step's cotangents: for a forward value `of`, the backward value that is its whole cotangent and
   * no other value's (autodiff.ts). A sharding constraint on `of` constrains it too, as JAX transposes
   * `with_sharding_constraint` (docs/jax-semantics.md).
   */
  readonly cotangents?: readonly { readonly of: ValueId; readonly value: ValueId }[];
}

/** Ids of the values a node reads. */
export function operandsOf(node: Node): ValueId[] {
  switch (node.kind) {
    case 'input':
      return [];
    case 'einsum':
    case 'binary':
    case 'take':
    case 'scatterAdd':
      return [...node.operands];
    default:
      return [node.operand];
  }
}
