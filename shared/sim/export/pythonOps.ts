// Rendering the ops of a Program (ir.ts) as Python/JAX expressions, for the exported snippets: einsum →
// `jnp.einsum`, row lookups → `jnp.take` (their transpose `.at[ids].add`), elementwise → `jnp`/`jax.nn`, reductions with `keepdims`, sharding constraints →
// `jax.lax.with_sharding_constraint`, manual collectives → `jax.lax.psum`, `all_gather`, `psum_scatter`,
// `all_to_all`, `ppermute` (tiled, as the core's semantics: docs/jax-semantics.md §1.8).
import { entryToString, pyStr, pyTuple, type PartitionSpec } from '../partitionSpec.ts';
import type { DType, Node, Program, ValueId } from '../program/ir.ts';
import type { Mesh } from '../mesh.ts';

/** `jnp` dtype of each element type. */
export const JNP_DTYPE: Record<DType, string> = {
  f32: 'jnp.float32',
  bf16: 'jnp.bfloat16',
  f16: 'jnp.float16',
  int8: 'jnp.int8',
};

const PY_KEYWORDS = new Set(
  // Python's keywords, then every name the snippets define (pythonRuntime.ts, jaxSnippet.ts, shardMapSnippet.ts).
  (
    'False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield ' +
    'jax jnp np re mesh P S NamedSharding AxisType params data grads opt_state loss_fn forward train_step step ' +
    'f args outputs compiled shapes random_arrays zeros collectives report reference main SEED BANQUET'
  ).split(' '),
);

/** A Python identifier for every value (names sanitised, clashes numbered), indexed by ValueId. */
export function pythonNames(program: Program): string[] {
  const used = new Set<string>();
  return program.values.map((v) => {
    let base = v.name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, 'v_');
    if (PY_KEYWORDS.has(base)) base = `${base}_`;
    let name = base;
    for (let i = 1; used.has(name); i++) name = `${base}_${i}`;
    used.add(name);
    return name;
  });
}

/** A Python float literal. */
export function pyNumber(x: number): string {
  if (Number.isInteger(x)) return `${x}.0`;
  return String(x);
}

/** `P(None, 'model')` for a spec; trailing Nones dropped. */
export function pySpec(spec: PartitionSpec): string {
  const entries = [...spec];
  while (entries.length > 0 && entries[entries.length - 1] === null) entries.pop();
  return `P(${entries.map(entryToString).join(', ')})`;
}

const axesTuple = (axes: readonly string[]): string => pyTuple(axes.map(pyStr));

/**
 * The Python expression computing `node` from its operands' identifiers (`name(id)`), or throws.
 * `invariant`: an all_gather whose result no longer varies over its axes (`to='invarying'`, shard_map only).
 */
export function pyExpression(
  node: Node,
  shape: readonly number[],
  name: (id: ValueId) => string,
  invariant = false,
): string {
  switch (node.kind) {
    case 'einsum':
      return `jnp.einsum(${pyStr(node.equation)}, ${name(node.operands[0])}, ${name(node.operands[1])})`;
    case 'unary': {
      const x = name(node.operand);
      switch (node.op) {
        case 'neg':
          return `-${x}`;
        case 'exp':
        case 'log':
        case 'tanh':
        case 'square':
        case 'sqrt':
        case 'reciprocal':
          return `jnp.${node.op}(${x})`;
        case 'relu':
          return `jax.nn.relu(${x})`;
        case 'gelu':
          return `jax.nn.gelu(${x}, approximate=True)`;
        case 'rsqrt':
          return `jax.lax.rsqrt(${x})`;
        case 'scale':
          return `${x} * ${pyNumber(node.scalar ?? 1)}`;
        case 'addScalar':
          return `${x} + ${pyNumber(node.scalar ?? 0)}`;
        case 'step':
          return `(${x} > 0).astype(${x}.dtype)`;
        case 'convert':
          return `${x}.astype(${JNP_DTYPE[node.to ?? 'f32']})`;
        case 'geluGrad':
          return `jax.vmap(jax.grad(lambda t: jax.nn.gelu(t, approximate=True)))(${x}.ravel()).reshape(${x}.shape)`;
      }
      break;
    }
    case 'binary': {
      const [a, b] = [name(node.operands[0]), name(node.operands[1])];
      const ops = { add: '+', sub: '-', mul: '*', div: '/' } as const;
      return node.op === 'max' ? `jnp.maximum(${a}, ${b})` : `${a} ${ops[node.op]} ${b}`;
    }
    case 'reduce':
      return `jnp.${node.op}(${name(node.operand)}, axis=${pyTuple(node.dims.map(String))}, keepdims=${node.keepDims ? 'True' : 'False'})`;
    case 'take':
      return `jnp.take(${name(node.operands[0])}, ${name(node.operands[1])}.astype(jnp.int32), axis=0)`;
    case 'scatterAdd':
      return `jnp.zeros(${pyTuple(shape.map(String))}, ${name(node.operands[0])}.dtype).at[${name(node.operands[1])}.astype(jnp.int32)].add(${name(node.operands[0])})`;
    case 'broadcast':
      return `jnp.broadcast_to(${name(node.operand)}, ${pyTuple(shape.map(String))})`;
    case 'constraint':
      return `jax.lax.with_sharding_constraint(${name(node.operand)}, NamedSharding(mesh, ${pySpec(node.spec)}))`;
    case 'stopGradient':
      return `jax.lax.stop_gradient(${name(node.operand)})`;
    case 'psum':
      return `jax.lax.psum(${name(node.operand)}, ${axesTuple(node.axes)})`;
    case 'allGather':
      return `jax.lax.all_gather(${name(node.operand)}, ${axesTuple(node.axes)}, axis=${node.dim}, tiled=True${invariant ? ", to='invarying'" : ''})`;
    case 'psumScatter':
      return `jax.lax.psum_scatter(${name(node.operand)}, ${axesTuple(node.axes)}, scatter_dimension=${node.dim}, tiled=True)`;
    case 'allToAll':
      return `jax.lax.all_to_all(${name(node.operand)}, ${axesTuple(node.axes)}, ${node.splitDim}, ${node.concatDim}, tiled=True)`;
    case 'ppermute':
      return `jax.lax.ppermute(${name(node.operand)}, ${pyStr(node.axis)}, perm=[${node.perm.map(([s, t]) => `(${s}, ${t})`).join(', ')}])`;
    case 'input':
      break;
  }
  throw new Error(`no Python rendering for a '${node.kind}' node`);
}

/** The JAX (and jaxlib) release the exports are tested against (test/jax/, `npm test`). */
export const JAX_TESTED_VERSION = '0.10.2';

/**
 * The header every exported snippet starts with: what it is, the JAX it is tested with, how to run it on a
 * CPU, the imports and the mesh. `jax.make_mesh` makes Explicit axes since JAX 0.9, on which
 * `with_sharding_constraint` and GSPMD-style propagation are refused, so every axis is declared Auto.
 */
export function snippetPreamble(title: string, mode: string, mesh: Mesh): string[] {
  const n = mesh.axes.length;
  return [
    `# ${title}, exported as JAX (${mode}).`,
    `# Tested with JAX ${JAX_TESTED_VERSION} (jax and jaxlib ${JAX_TESTED_VERSION}).`,
    `# Needs ${mesh.deviceCount} devices; on a CPU: XLA_FLAGS=--xla_force_host_platform_device_count=${mesh.deviceCount} python this_file.py`,
    'import re',
    '',
    'import jax',
    'import jax.numpy as jnp',
    'from jax.sharding import AxisType, NamedSharding, PartitionSpec as P',
    '',
    `mesh = jax.make_mesh(${pyTuple(mesh.axes.map((a) => String(a.size)))}, ${pyTuple(mesh.axes.map((a) => pyStr(a.name)))}, axis_types=(AxisType.Auto,) * ${n})`,
  ];
}
