// `jax.shard_map` (manual mode, sharding.md §1.8): the player's per-device program runs on every device's
// block and nothing is inserted for them. Validation follows jax/_src/shard_map.py in its order: spec axes
// must be manual mesh axes (`_check_specs`) → in_specs rank, then divisibility (`_check_specs_vs_args`) →
// the body, op by op (collective argument errors from jax/_src/lax/parallel.py) → out_specs rank
// (`_check_names`) → with check_vma, the varying-manual-axes check (`_check_vmas`, `_inout_vma_error`).
// vma rules (`insert_collective_pvary`, `collective_vma_rule`): an op varies over the union of its operands'
// axes; collectives first vary their input over their axes; psum and all_gather_invariant then drop them.
import { assemble, distribute } from '../collectives/distTensor.ts';
import type { CollectiveRecord } from '../collectives/ledger.ts';
import {
  allGatherLocal,
  allToAllLocal,
  ppermuteLocal,
  psum,
  psumScatterLocal,
  type LocalResult,
} from '../collectives/localCollectives.ts';
import { axisSize, type Mesh } from '../mesh.ts';
import { shardingFromSpec, checkShardMapDivisible } from '../namedSharding.ts';
import { pySet, pyStr, pyTuple, specToString, type PartitionSpec } from '../partitionSpec.ts';
import {
  DTYPE_BYTES,
  operandsOf,
  type DType,
  type InputRole,
  type Node,
  type Program,
  type ValueId,
} from '../program/ir.ts';
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import { err, ok, unwrap, type Result } from '../result.ts';
import { localShape, shardCount, type Sharding } from '../sharding.ts';
import { einsum } from '../tensor/einsum.ts';
import { parseEinsum } from '../tensor/einsumEquation.ts';
import { binary, broadcastTo, unary } from '../tensor/elementwise.ts';
import { sizeOf, type NdArray } from '../tensor/ndarray.ts';
import { reduce } from '../tensor/reduce.ts';
import type { ManualOp, ManualPlan } from './manualPlan.ts';

/** A positional argument of the mapped function: its global shape. */
export interface ShardMapInput {
  readonly name: string;
  readonly shape: readonly number[];
  readonly dtype?: DType;
  readonly role?: InputRole;
}

/** An input or output of the mapped function with its spec, global shape and per-device shape. */
export interface ShardMapIO {
  readonly name: string;
  readonly value: ValueId;
  readonly spec: PartitionSpec;
  readonly sharding: Sharding;
  readonly globalShape: readonly number[];
  readonly localShape: readonly number[];
}

export interface ShardMapProgram {
  readonly fnName: string;
  readonly checkVma: boolean;
  /** The per-device program (local shapes); its outputs carry the output names. */
  readonly program: Program;
  readonly inputs: readonly ShardMapIO[];
  readonly outputs: readonly ShardMapIO[];
  /** The player's value names (inputs and body values) → ids; composites add unnamed intermediates. */
  readonly names: ReadonlyMap<string, ValueId>;
  /** Varying manual axes of every value, indexed by ValueId, in mesh order. */
  readonly vma: readonly (readonly string[])[];
}

const NUMPY_DTYPE: Record<DType, string> = { f32: 'float32', bf16: 'bfloat16', f16: 'float16', int8: 'int8' };
const strShort = (shape: readonly number[], dtype: DType): string =>
  `${NUMPY_DTYPE[dtype]}[${shape.join(',')}]`;
const entryAxes = (e: PartitionSpec[number]): readonly string[] =>
  e === null ? [] : typeof e === 'string' ? [e] : e;
const meshLine = (mesh: Mesh): string =>
  `The mesh given has shape ${pyTuple(mesh.axes.map((a) => String(a.size)))} with corresponding axis names ` +
  `${pyTuple(mesh.axes.map((a) => pyStr(a.name)))}.`;
const bullets = (msgs: readonly string[]): string =>
  msgs.length === 1 ? msgs[0]! : msgs.map((m) => `* ${m}`).join('\n\n');
const byKey = <T>(m: ReadonlyMap<string, T>): [string, T][] =>
  [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** `_check_specs`: every spec entry must name a manual axis (here: every mesh axis). */
function checkManualAxes(
  mesh: Mesh,
  specs: readonly [string, PartitionSpec][],
  prefix: 'in' | 'out',
): Result<void> {
  const known = new Set(mesh.axes.map((a) => a.name));
  const msgs = specs.flatMap(([key, spec]) =>
    spec
      .flatMap(entryAxes)
      .filter((a) => !known.has(a))
      .map((a) => `  ${prefix}_specs${key} refers to ${pyStr(a)}`),
  );
  if (msgs.length === 0) return ok(undefined);
  return err(
    'ValueError',
    `shard_map ${prefix}_specs argument must refer to an axis marked as manual (frozenset(${pySet([...known])})), ` +
      `but:\n\n${msgs.join('\n\n')}\n\nCheck the ${prefix}_specs values passed to shard_map.`,
  );
}

/** Python `str(axis_name)` as the collectives print it: `model` or `('a', 'b')`. */
const axisNameStr = (axes: readonly string[]): string =>
  axes.length === 1 ? axes[0]! : pyTuple(axes.map(pyStr));
const API_NAME: Partial<Record<ManualOp['kind'], string>> = {
  psum: 'psum',
  allGather: 'all_gather',
  psumScatter: 'reduce_scatter',
  allToAll: 'all_to_all',
  ppermute: 'ppermute',
};

/** Adds one body op to the builder; player mistakes → JAX's ValueError, builder shape errors → ValueError naming the op. */
function addOp(
  b: ProgramBuilder,
  mesh: Mesh,
  op: ManualOp,
  args: readonly ValueId[],
  path: string,
): Result<ValueId> {
  const x = args[0]!;
  const shape = b.shape(x);
  const norm = (d: number): number => (d < 0 ? d + shape.length : d);
  const collAxes = op.kind === 'ppermute' ? [op.axis] : 'axes' in op ? op.axes : [];
  const unbound = collAxes.find((a) => axisSize(mesh, a) === undefined);
  if (unbound !== undefined)
    return err(
      'ValueError',
      `Found an unbound axis name: ${unbound}. To fix this, please call ${API_NAME[op.kind]!} under \`jax.shard_map\`.`,
    );
  const n = collAxes.reduce((p, a) => p * axisSize(mesh, a)!, 1);
  if (op.kind === 'psumScatter' && (shape[norm(op.dim)] ?? 0) % n !== 0)
    return err(
      'ValueError',
      `tiled reduce_scatter operand scatter dimension size ${shape[norm(op.dim)]!} must be divisible by shard_count ${n}`,
    );
  if (op.kind === 'allToAll' && (shape[norm(op.splitDim)] ?? 0) % n !== 0)
    return err(
      'ValueError',
      `The size of all_to_all split_axis (${shape[norm(op.splitDim)]!}) has to be divisible by the size of the named ` +
        `axis ${axisNameStr(op.axes)} (${n})`,
    );
  // jax/_src/lax/parallel.py `_ppermute_lowering`: indices are taken modulo the group size, then must be unique.
  const perm =
    op.kind === 'ppermute' ? op.perm.map(([s, d]) => [((s % n) + n) % n, ((d % n) + n) % n] as const) : [];
  if (op.kind === 'ppermute' && [0, 1].some((k) => new Set(perm.map((p) => p[k])).size !== perm.length))
    return err(
      'ValueError',
      `ppermute sources and destinations must be unique, got ${pyTuple(op.perm.map((p) => pyTuple(p.map(String))))}.`,
    );
  const [a, c] = [x, args[1]!];
  try {
    switch (op.kind) {
      case 'einsum':
        return ok(b.einsum(op.equation, a, c, op.name));
      case 'unary':
        return ok(b.unary(op.fn, a, op.scalar, op.name));
      case 'binary':
        return ok(b.binary(op.fn, a, c, op.name));
      case 'reduce':
        return ok(b.reduce(op.fn, a, op.dims, op.keepDims, op.name));
      case 'softmax':
        return ok(b.softmax(a, op.dim, op.name));
      case 'logSoftmax':
        return ok(b.logSoftmax(a, op.dim, op.name));
      case 'layerNorm':
        return ok(b.layerNorm(a, op.name));
      case 'psum':
        return ok(b.psum(a, op.axes, op.name));
      case 'allGather':
        return ok(b.allGather(a, op.axes, norm(op.dim), op.name));
      case 'psumScatter':
        return ok(b.psumScatter(a, op.axes, norm(op.dim), op.name));
      case 'allToAll':
        return ok(b.allToAll(a, op.axes, norm(op.splitDim), norm(op.concatDim), op.name));
      case 'ppermute':
        return ok(b.ppermute(a, op.axis, perm, op.name));
    }
  } catch (e) {
    return err('ValueError', `${path} ('${op.name}' = ${op.op}): ${(e as Error).message}`);
  }
}

/** vma of an op's result given the union `vary` of its operands' (sharding.md §1.8 collectives table). */
function resultVma(op: ManualOp, vary: Set<string>): Set<string> {
  if (op.kind === 'psum' || (op.kind === 'allGather' && op.to === 'invarying'))
    op.axes.forEach((a) => vary.delete(a));
  else if (op.kind === 'ppermute') vary.add(op.axis);
  else if ('axes' in op) op.axes.forEach((a) => vary.add(a));
  return vary;
}

/** `_inout_vma_error` for the outputs whose out_spec leaves out an axis they may vary over. */
function vmaError(
  mesh: Mesh,
  fnName: string,
  fails: readonly [string, PartitionSpec, readonly string[]][],
): string {
  const msgs = fails.map(([key, spec, vma]) => {
    const mentioned = new Set(spec.flatMap(entryAxes));
    const unmentioned = mesh.axes.map((a) => a.name).filter((a) => !mentioned.has(a));
    const ordered = (names: Iterable<string>): string => {
      const s = new Set(names);
      return mesh.axes
        .filter((a) => s.has(a.name))
        .map((a) => a.name)
        .join(',');
    };
    const p = `out_specs${key} is ${specToString(spec)} which implies that the corresponding output value is `;
    return unmentioned.length > 1
      ? `${p}only varying across mesh axes {${ordered(mentioned)}} and not ` +
          `{${ordered(unmentioned.filter((a) => vma.includes(a)))}}, but it was inferred to be possibly varying over {${ordered(vma)}}`
      : `${p}replicated across mesh axis '${unmentioned[0]!}', but could not infer replication over any axes`;
  });
  return (
    `shard_map applied to the function '${fnName}' was given out_specs which require replication which can't be ` +
    `statically inferred given the mesh:\n\n${meshLine(mesh)}\n\n${bullets(msgs)}\n\n` +
    'Check if these output values are meant to be replicated over those mesh axes. If not, consider revising the ' +
    'corresponding out_specs entries. If so, consider disabling the check by passing the check_vma=False argument ' +
    'to `jax.shard_map`.'
  );
}

/** `_spec_rank_error` for out_specs entries longer than their output's rank. */
function outRankError(
  fnName: string,
  fails: readonly [string, PartitionSpec, readonly number[], DType][],
): string {
  const msgs = fails.map(
    ([key, spec, shape, dtype]) =>
      `out_specs${key} is ${specToString(spec)} which has length ${spec.length}, but ${fnName}(*args)${key} has shape ` +
      `${strShort(shape, dtype)}, which has rank ${shape.length} (and ${shape.length} < ${spec.length})`,
  );
  return (
    `shard_map applied to the function '${fnName}' was given an out_specs entry which is too long to be compatible ` +
    `with the corresponding output value from the function:\n\n${bullets(msgs)}\n\n` +
    'Entries in out_specs must be of length no greater than the number of axes in the corresponding output value.\n\n' +
    `Either revise the spec to be shorter, or modify '${fnName}' so that its outputs have sufficient rank.` +
    (fails.some((f) => f[2].length === 0)
      ? '\n\nFor scalar values (rank 0), consider using an out_specs entry of `P()`, where `P = jax.sharding.PartitionSpec`.' +
        ' In particular, for rank 0 outputs which are not constant over the mesh, add at least one (singleton) axis to' +
        ' them so that they can be concatenated using out_specs.'
      : '')
  );
}

/**
 * Validates a manual plan against the mesh and the global input shapes and builds the per-device program.
 * Player mistakes are results with JAX's messages; malformed `inputs` (duplicate names, bad shapes) throw.
 * @example buildShardMap(mesh, [{ name: 'x', shape: [8, 4] }], unwrap(parseManualPlan(json)))
 */
export function buildShardMap(
  mesh: Mesh,
  inputs: readonly ShardMapInput[],
  plan: ManualPlan,
  fnName = 'step',
): Result<ShardMapProgram> {
  if (new Set(inputs.map((i) => i.name)).size !== inputs.length)
    throw new Error('shard_map inputs need unique names');
  if (!inputs.every((i) => i.shape.every((d) => Number.isSafeInteger(d) && d >= 1)))
    throw new Error('shard_map input shapes need positive integer dims');
  const stray = [...plan.inSpecs.keys()].find((k) => !inputs.some((i) => i.name === k));
  if (stray !== undefined)
    return err('InputError', `inSpecs.${stray}: '${fnName}' has no input named '${stray}'`);
  const inSpecs = inputs.map((i) => plan.inSpecs.get(i.name) ?? []);
  const manual = checkManualAxes(
    mesh,
    inSpecs.map((s, i) => [`[${i}]`, s]),
    'in',
  );
  if (!manual.ok) return manual;
  const outManual = checkManualAxes(
    mesh,
    byKey(plan.outSpecs).map(([k, s]) => [`[${pyStr(k)}]`, s]),
    'out',
  );
  if (!outManual.ok) return outManual;

  const shardings: Sharding[] = [];
  for (const [i, input] of inputs.entries()) {
    const dtype = NUMPY_DTYPE[input.dtype ?? 'f32'];
    const shardMap = { fnName, argIndex: i, paramName: input.name, dtype, shape: input.shape };
    const s = shardingFromSpec(mesh, inSpecs[i]!, input.shape.length, {
      argName: 'NamedSharding spec',
      what: 'shard_map in_specs',
      shardMap,
    });
    if (!s.ok) return s;
    shardings.push(s.value);
  }
  for (const [i, input] of inputs.entries()) {
    const options = {
      argIndex: i,
      paramName: input.name,
      dtype: NUMPY_DTYPE[input.dtype ?? 'f32'],
      spec: inSpecs[i]!,
    };
    const d = checkShardMapDivisible(mesh, shardings[i]!, input.shape, fnName, options);
    if (!d.ok) return d;
  }

  const b = new ProgramBuilder(Object.fromEntries(mesh.axes.map((a) => [a.name, a.size])));
  const names = new Map<string, ValueId>();
  const vma: Set<string>[] = [];
  const ios = inputs.map((input, i): ShardMapIO => {
    const local = localShape(mesh, shardings[i]!, input.shape);
    const value = b.input(input.name, local, input.role ?? 'data', input.dtype ?? 'f32');
    names.set(input.name, value);
    vma[value] = new Set(inSpecs[i]!.flatMap(entryAxes));
    return {
      name: input.name,
      value,
      spec: inSpecs[i]!,
      sharding: shardings[i]!,
      globalShape: [...input.shape],
      localShape: local,
    };
  });

  for (const [i, op] of plan.body.entries()) {
    const path = `body[${i}]`;
    if (names.has(op.name))
      return err('InputError', `${path}.name: '${op.name}' is already an input of '${fnName}'`);
    const args: ValueId[] = [];
    for (const [j, arg] of op.args.entries()) {
      const id = names.get(arg);
      if (id === undefined)
        return err(
          'InputError',
          `${path}.args[${j}]: '${arg}' is neither an input nor an earlier body value`,
        );
      args.push(id);
    }
    const r = addOp(b, mesh, op, args, path);
    if (!r.ok) return r;
    // Composites (softmax, layer_norm) add intermediates: each varies over the union of its operands.
    for (let id = vma.length; id <= r.value; id++)
      vma[id] = new Set(operandsOf(b.value(id).node).flatMap((o) => [...vma[o]!]));
    resultVma(op, vma[r.value]!);
    names.set(op.name, r.value);
  }

  const outs = byKey(plan.outputs).map(([name, valueName]) => ({
    name,
    valueName,
    id: names.get(valueName),
  }));
  const missing = outs.find((o) => o.id === undefined);
  if (missing !== undefined)
    return err(
      'InputError',
      `outputs.${missing.name}: '${missing.valueName}' is neither an input nor a body value`,
    );
  const outSpec = (name: string): PartitionSpec => plan.outSpecs.get(name)!;
  const tooLong = outs.filter((o) => outSpec(o.name).length > b.shape(o.id!).length);
  if (tooLong.length > 0)
    return err(
      'ValueError',
      outRankError(
        fnName,
        tooLong.map((o) => [`[${pyStr(o.name)}]`, outSpec(o.name), b.shape(o.id!), b.value(o.id!).dtype]),
      ),
    );
  const outputs: ShardMapIO[] = [];
  for (const name of plan.outputs.keys()) {
    const o = outs.find((x) => x.name === name)!;
    const local = b.shape(o.id!);
    const s = shardingFromSpec(mesh, outSpec(name), local.length, {
      argName: 'NamedSharding spec',
      what: 'pjit outputs',
    });
    if (!s.ok) return s;
    const globalShape = local.map((n, d) => n * shardCount(mesh, s.value.dims[d]!));
    outputs.push({
      name,
      value: o.id!,
      spec: outSpec(name),
      sharding: s.value,
      globalShape,
      localShape: [...local],
    });
    b.output(name, o.id!);
  }

  const order = (s: Set<string>): string[] => mesh.axes.map((a) => a.name).filter((a) => s.has(a));
  const fails = outs
    .map(
      (o) => [`[${pyStr(o.name)}]`, outSpec(o.name), order(vma[o.id!]!)] as [string, PartitionSpec, string[]],
    )
    .filter(([, spec, v]) => v.some((a) => !spec.flatMap(entryAxes).includes(a)));
  if (plan.checkVma && fails.length > 0) return err('ValueError', vmaError(mesh, fnName, fails));
  return ok({
    fnName,
    checkVma: plan.checkVma,
    program: b.build(),
    inputs: ios,
    outputs,
    names,
    vma: vma.map(order),
  });
}

/** What running a shard_map program produced. */
export interface ShardMapRun {
  /** Global outputs assembled per out_specs; along unmentioned axes, the copy of the device at coordinate 0. */
  readonly outputs: Map<string, NdArray<Float32Array>>;
  /** Every collective the body executed, in program order, with the value it defined. */
  readonly records: { readonly value: string; readonly record: CollectiveRecord }[];
  /** Per player value name: one local array per device id. */
  readonly locals: Map<string, Float32Array[]>;
  /** Per output: largest |a − b| between devices that out_specs treats as copies (non-zero: not replicated). */
  readonly replicaDiff: Map<string, number>;
}

/** One local (non-collective) op on one device's operands, as interpret.ts evaluates it. */
function evalLocal(node: Node, shape: readonly number[], ops: readonly NdArray[]): NdArray {
  const [a, c] = [ops[0]!, ops[1]!];
  switch (node.kind) {
    case 'einsum':
      return einsum(
        unwrap(
          parseEinsum(
            node.equation,
            ops.map((o) => o.shape),
          ),
        ),
        ops,
      );
    case 'unary':
      return unary(node.op, a, node.scalar);
    case 'binary':
      return binary(node.op, a, c);
    case 'reduce':
      return reduce(node.op, a, node.dims, node.keepDims);
    case 'broadcast':
      return broadcastTo(a.shape.length === 0 ? { shape: shape.map(() => 1), data: a.data } : a, shape);
    case 'constraint':
    case 'stopGradient':
      return { shape: a.shape, data: a.data.slice() };
    default:
      throw new Error(`shard_map: '${node.kind}' is not a local op`);
  }
}

function runCollective(
  mesh: Mesh,
  node: Node,
  x: readonly Float32Array[],
  shape: readonly number[],
  bytes: number,
): LocalResult {
  switch (node.kind) {
    case 'psum':
      return psum(mesh, x, shape, node.axes, bytes);
    case 'allGather':
      return allGatherLocal(mesh, x, shape, node.axes, node.dim, bytes);
    case 'psumScatter':
      return psumScatterLocal(mesh, x, shape, node.axes, node.dim, bytes);
    case 'allToAll':
      return allToAllLocal(mesh, x, shape, node.axes, node.splitDim, node.concatDim, bytes);
    case 'ppermute':
      return ppermuteLocal(mesh, x, shape, node.axis, node.perm, bytes);
    default:
      throw new Error(`shard_map: '${node.kind}' is not a collective`);
  }
}

const COLLECTIVES = new Set<Node['kind']>(['psum', 'allGather', 'psumScatter', 'allToAll', 'ppermute']);

/**
 * Runs a built shard_map program on `mesh` (the one it was built for): each device gets its block of every
 * input as a Float32Array, local ops run per device with the tensor kernels, collectives run across devices.
 * `globalInputs` must hold every input at its global shape (a programmer error otherwise).
 * @example runShardMap(mesh, program, new Map([['x', x]])).outputs.get('y')
 */
export function runShardMap(
  mesh: Mesh,
  sm: ShardMapProgram,
  globalInputs: ReadonlyMap<string, NdArray>,
): ShardMapRun {
  const values = sm.program.values;
  const locals: Float32Array[][] = [];
  const records: { value: string; record: CollectiveRecord }[] = [];
  const playerName = new Map([...sm.names].map(([name, id]) => [id, name]));
  for (const v of values) {
    const n = v.node;
    if (n.kind === 'input') {
      const io = sm.inputs.find((i) => i.value === v.id)!;
      const g = globalInputs.get(io.name);
      if (
        g === undefined ||
        g.shape.length !== io.globalShape.length ||
        g.shape.some((d, i) => d !== io.globalShape[i])
      )
        throw new RangeError(`shard_map: input '${io.name}' needs shape [${io.globalShape.join(', ')}]`);
      locals.push([...distribute(mesh, g, io.sharding).shards]);
    } else if (COLLECTIVES.has(n.kind)) {
      const x = operandsOf(n)[0]!;
      const r = runCollective(mesh, n, locals[x]!, values[x]!.shape, DTYPE_BYTES[v.dtype]);
      records.push({ value: playerName.get(v.id) ?? v.name, record: r.record });
      locals.push(r.locals);
    } else {
      const ids = operandsOf(n);
      locals.push(
        Array.from({ length: mesh.deviceCount }, (_, d) => {
          const out = evalLocal(
            n,
            v.shape,
            ids.map((id) => ({ shape: values[id]!.shape, data: locals[id]![d]! })),
          );
          if (sizeOf(out.shape) !== sizeOf(v.shape))
            throw new Error(`shard_map: '${v.name}' has the wrong size`);
          return out.data instanceof Float32Array ? out.data : Float32Array.from(out.data);
        }),
      );
    }
  }
  const outputs = new Map<string, NdArray<Float32Array>>();
  const replicaDiff = new Map<string, number>();
  for (const o of sm.outputs) {
    const { value, maxReplicaDiff } = assemble(mesh, {
      shape: o.globalShape,
      sharding: o.sharding,
      shards: locals[o.value]!,
    });
    outputs.set(o.name, { shape: [...o.globalShape], data: Float32Array.from(value.data) });
    replicaDiff.set(o.name, maxReplicaDiff);
  }
  return {
    outputs,
    records,
    locals: new Map([...sm.names].map(([name, id]) => [name, locals[id]!])),
    replicaDiff,
  };
}
