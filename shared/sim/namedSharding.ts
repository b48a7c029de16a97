// NamedSharding validation in JAX's order (docs/jax-semantics.md §1.3, §1.10, §5): partitions ∩ unreduced
// (`P(...)` construction) → duplicate axes (`_check_unique_resources`) → unknown axes
// (`_check_mesh_resource_axis`) → unknown unreduced axes (`_check_mesh_unreduced`) → rank
// (`check_compatible_aval`, wrapped by `pjit_check_aval_sharding`) → divisibility (`_common_shard_shape`).
// Simplification: the NamedSharding repr omits `axis_types=(...)` and `memory_kind=device`, and the mesh has
// no axis types, so the Explicit-only rule for unreduced axes is not checked.
import { meshToString, type Mesh } from './mesh.ts';
import {
  partitionsToString,
  pySet,
  pyStr,
  pyTuple,
  specFromSharding,
  specToString,
  type PartitionSpec,
} from './partitionSpec.ts';
import { err, ok, type Result } from './result.ts';
import { cutText } from './input/quoteValue.ts';
import { localShape, shardCount, type Sharding } from './sharding.ts';

/** Where a spec came from; `argName` fills the DuplicateSpecError, `what` the rank/divisibility wrappers. */
export type SpecArgName = 'NamedSharding spec' | 'in_shardings' | 'out_shardings';
export type SpecWhat =
  | 'pjit arguments'
  | 'pjit outputs'
  | 'with_sharding_constraint arguments'
  | 'device_put args'
  | 'shard_map in_specs';

/** One positional argument of a `shard_map`-ped function, for its error messages (jax/_src/shard_map.py). */
export interface ShardMapArg {
  /** `f.__name__`, e.g. `'step'`. */
  readonly fnName: string;
  /** Position in `args` / `in_specs` (default 0). */
  readonly argIndex?: number;
  /** When known, adds `, where args[i] is bound to {fn}'s parameter '{name}',`. */
  readonly paramName?: string;
  /** numpy dtype name for `aval.str_short()` (default `float32`). */
  readonly dtype?: string;
}

export interface ShardingContext {
  readonly argName: SpecArgName;
  readonly what: SpecWhat;
  /** With `what: 'shard_map in_specs'`, the rank error uses shard_map's own template (needs the shape). */
  readonly shardMap?: ShardMapArg & { readonly shape: readonly number[] };
  /**
   * The argument's pytree key path as jit prints it in the rank error (pjit.py `pjit_check_aval_sharding`,
   * " with pytree key path {name}"): the jitted function's parameter name, e.g. `operand0`.
   */
  readonly keyPath?: string;
}

/**
 * JAX 0.10.2's `repr(NamedSharding(mesh, spec))` for a mesh of Auto axes (the game's: jax.make_mesh with
 * axis_types Auto) on devices: named_sharding.py `__repr__` with the mesh's axis_types and memory_kind=device.
 * @example namedShardingToString(mesh, ['x', 'y']) // "NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('x', 'y'), memory_kind=device)"
 */
export function namedShardingToString(
  mesh: Mesh,
  spec: PartitionSpec,
  unreduced: readonly string[] = [],
): string {
  return namedShardingRepr(mesh, specToString(spec, unreduced));
}

/** The repr with the spec's given as text (an error message's, cut: input/quoteValue.ts). */
function namedShardingRepr(mesh: Mesh, specRepr: string): string {
  const n = mesh.axes.length;
  const types = n === 1 ? '(Auto,)' : `(${Array.from({ length: n }, () => 'Auto').join(', ')})`;
  const meshRepr = `${meshToString(mesh).slice(0, -1)}, axis_types=${types})`;
  return `NamedSharding(mesh=${meshRepr}, spec=${specRepr}, memory_kind=device)`;
}

const entryAxes = (entry: PartitionSpec[number]): readonly string[] =>
  entry === null ? [] : typeof entry === 'string' ? [entry] : entry;

const meshNames = (mesh: Mesh): string => pyTuple(mesh.axes.map((a) => pyStr(a.name)));

/** `aval.str_short()` of an unsharded-typed array: `float32[8,6]`. */
const strShort = (shape: readonly number[], dtype = 'float32'): string => `${dtype}[${shape.join(',')}]`;

/**
 * Validates a canonical spec against a mesh and applies it to a value of rank `rank` (padding with null).
 * `unreduced` = `P(..., unreduced={...})`: mesh axes over which the value is a pending sum.
 * @example shardingFromSpec(mesh, ['x'], 2, { argName: 'NamedSharding spec', what: 'device_put args' })
 *   // ok({ dims: [['x'], []], unreduced: [] })
 */
export function shardingFromSpec(
  mesh: Mesh,
  spec: PartitionSpec,
  rank: number,
  context: ShardingContext,
  unreduced: readonly string[] = [],
): Result<Sharding> {
  const pspec = cutText(specToString(spec, unreduced));
  const reduce = new Set(unreduced);
  if (spec.some((e) => entryAxes(e).some((a) => reduce.has(a))))
    return err(
      'spec/unreduced-overlap',
      {},
      'partitions cannot overlap with unreduced axes passed to PartitionSpec. ' +
        `Got partitions: ${cutText(partitionsToString(spec))} and unreduced axes: frozenset(${cutText(pySet(unreduced))})`,
    );

  const counts = new Map<string, number>();
  for (const a of spec.flatMap(entryAxes)) counts.set(a, (counts.get(a) ?? 0) + 1);
  const duplicates = [...counts]
    .filter(([, c]) => c > 1)
    .map(([a]) => `\`${a}\``)
    .sort();
  if (duplicates.length > 0)
    return err(
      'spec/duplicate-axis',
      { axes: duplicates.map((d) => d.slice(1, -1)) },
      `A single ${context.argName} specification can map every mesh axis to at most one positional dimension, ` +
        `but ${pspec} has duplicate entries for ${cutText(duplicates.join(', '))}`,
    );

  const known = new Set(mesh.axes.map((a) => a.name));
  const unknown = spec.flatMap(entryAxes).find((a) => !known.has(a));
  if (unknown !== undefined)
    return err(
      'spec/unknown-axis',
      { axis: unknown, meshAxes: mesh.axes.map((a) => a.name) },
      `Resource axis: ${cutText(unknown)} of ${pspec} is not found in mesh: ${meshNames(mesh)}.`,
    );
  const unknownUnreduced = unreduced.find((a) => !known.has(a));
  if (unknownUnreduced !== undefined)
    return err(
      'spec/unknown-unreduced',
      { axis: unknownUnreduced, meshAxes: mesh.axes.map((a) => a.name) },
      `Unreduced axes ${cutText(unknownUnreduced)} is not found in mesh.axis_names=${meshNames(mesh)}. Got pspec=${pspec}`,
    );

  if (!Number.isInteger(rank) || rank < 0)
    throw new RangeError(`rank must be a non-negative integer, got ${rank}`);
  if (spec.length > rank) {
    const sm = context.shardMap;
    if (context.what === 'shard_map in_specs' && sm !== undefined)
      return err(
        'shard-map/in-spec-too-long',
        { specLength: spec.length, rank: sm.shape.length },
        shardMapRankMessage(spec, unreduced, sm),
      );
    const s = namedShardingRepr(mesh, pspec);
    return err(
      'spec/too-long',
      { specLength: spec.length, rank },
      `One of ${context.what}${context.keyPath ? ` with pytree key path ${context.keyPath}` : ''} is incompatible with its sharding annotation ${s}: Sharding ${s} is only valid for ` +
        `values of rank at least ${spec.length}, but was applied to a value of rank ${rank}.` +
        (rank === 0 ? ' For scalars the PartitionSpec should be P()' : ''),
    );
  }

  const dims = Array.from({ length: rank }, (_, d) => [...entryAxes(spec[d] ?? null)]);
  const order = mesh.axes.map((a) => a.name);
  return ok({ dims, unreduced: order.filter((a) => reduce.has(a)) });
}

function shardMapRankMessage(
  spec: PartitionSpec,
  unreduced: readonly string[],
  arg: ShardMapArg & { shape: readonly number[] },
): string {
  const i = arg.argIndex ?? 0;
  const f = arg.fnName;
  const extra =
    arg.paramName === undefined ? '' : `, where args[${i}] is bound to ${f}'s parameter '${arg.paramName}',`;
  const r = arg.shape.length;
  return (
    `shard_map applied to the function '${f}' was given an in_specs entry which is too long to be compatible with the ` +
    `corresponding input value from the function:\n\n` +
    `in_specs[${i}] is ${specToString(spec, unreduced)} which has length ${spec.length}, but args[${i}]${extra} has shape ` +
    `${strShort(arg.shape, arg.dtype)}, which has rank ${r} (and ${r} < ${spec.length})\n\n` +
    `Entries in in_specs must be of length no greater than the number of axes in the corresponding input value.\n\n` +
    `Either revise the spec to be shorter, or modify '${f}' so that its inputs have sufficient rank.` +
    (r === 0
      ? '\n\nFor scalar values (rank 0), consider using an in_specs entry of `P()`, where `P = jax.sharding.PartitionSpec`.'
      : '')
  );
}

function assertRank(sharding: Sharding, shape: readonly number[]): void {
  if (shape.length !== sharding.dims.length)
    throw new RangeError(
      `shape ${pyTuple(shape.map(String))} does not match a sharding of rank ${sharding.dims.length}`,
    );
}

/**
 * `NamedSharding.shard_shape(shape)`: the local block shape, or JAX's unwrapped IndivisibleError
 * `{sharding} implies that array axis {d} is partitioned {p} times, …` for the first uneven dimension.
 * `spec` (default: the canonical spec of `sharding`) is what the message prints.
 * @example shardShape(mesh, sharding, [8, 6]) // ok([4, 6]) for P('x') on a mesh with |x| = 2
 */
export function shardShape(
  mesh: Mesh,
  sharding: Sharding,
  shape: readonly number[],
  spec: PartitionSpec = specFromSharding(sharding),
): Result<number[]> {
  assertRank(sharding, shape);
  const factors = sharding.dims.map((axes) => shardCount(mesh, axes));
  const d = shape.findIndex((n, i) => n % factors[i]! !== 0);
  if (d >= 0)
    return err(
      'sharding/indivisible',
      { dim: d, parts: factors[d]!, size: shape[d]! },
      `Sharding ${namedShardingToString(mesh, spec, sharding.unreduced)} implies that array axis ${d} is ` +
        `partitioned ${factors[d]!} times, but the dimension size is ${shape[d]!} (full shape: ` +
        `${pyTuple(shape.map(String))}, per-dimension tiling factors: [${factors.join(', ')}] should evenly ` +
        `divide the shape)`,
    );
  return ok(localShape(mesh, sharding, shape));
}

/**
 * Divisibility check of jit in/out shardings and device_put (`allow_uneven_sharding=False`). Not for
 * with_sharding_constraint, whose uneven shards XLA pads (docs/jax-semantics.md §1.6). JAX 0.10.2 raises
 * shard_shape's IndivisibleError as it is, for arguments, outputs and device_put alike (checked against it:
 * test/jax/shard.conformance.test.ts); older releases wrapped it in "One of … was given the sharding".
 * @example checkDivisible(mesh, sharding, [6, 8]) // IndivisibleError 'Sharding NamedSharding(…) implies that array axis 0 …'
 */
export function checkDivisible(
  mesh: Mesh,
  sharding: Sharding,
  shape: readonly number[],
  spec?: PartitionSpec,
): Result<void> {
  const r = shardShape(mesh, sharding, shape, spec);
  return r.ok ? ok(undefined) : r;
}

/**
 * shard_map's divisibility check (no padding in shard_map, docs/jax-semantics.md §1.8): lists every uneven dimension
 * of one argument in `_spec_divisibility_error`'s template.
 * @example checkShardMapDivisible(mesh, sharding, [6], 'step') // ValueError "shard_map applied to the function 'step' …"
 */
export function checkShardMapDivisible(
  mesh: Mesh,
  sharding: Sharding,
  shape: readonly number[],
  fnName: string,
  options: Omit<ShardMapArg, 'fnName'> & { readonly spec?: PartitionSpec } = {},
): Result<void> {
  assertRank(sharding, shape);
  const i = options.argIndex ?? 0;
  const spec = specToString(options.spec ?? specFromSharding(sharding), sharding.unreduced);
  const extra =
    options.paramName === undefined
      ? ''
      : `, where args[${i}] is bound to ${fnName}'s parameter '${options.paramName}',`;
  const uneven: { dim: number; size: number; parts: number }[] = [];
  const msgs = sharding.dims.flatMap((axes, d) => {
    const sz = shardCount(mesh, axes);
    if (axes.length === 0 || shape[d]! % sz === 0) return [];
    uneven.push({ dim: d, size: shape[d]!, parts: sz });
    const axis = axes.length > 1 ? `axes ${pyTuple(axes.map(pyStr))}` : `axis '${axes[0]!}'`;
    const total = axes.length > 1 ? 'total ' : '';
    return [
      `* the passed args[${i}] of shape ${strShort(shape, options.dtype)}${extra} corresponds to in_specs[${i}] of ` +
        `value ${spec}, which maps array axis ${d} (of size ${shape[d]!}) to mesh ${axis} (of ${total}size ${sz}), ` +
        `but ${sz} does not evenly divide ${shape[d]!}`,
    ];
  });
  if (msgs.length === 0) return ok(undefined);
  const body = msgs.length === 1 ? [msgs[0]!.slice(2)] : msgs;
  return err(
    'shard-map/indivisible',
    uneven[0]!,
    `shard_map applied to the function '${fnName}' was given argument arrays with axis sizes that are not evenly ` +
      `divisible by the corresponding mesh axis sizes:\n\n` +
      `The mesh given has shape ${pyTuple(mesh.axes.map((a) => String(a.size)))} with corresponding axis names ` +
      `${meshNames(mesh)}.\n\n${body.join('\n\n')}\n\n` +
      `Array arguments' axis sizes must be evenly divisible by the mesh axis or axes indicated by the corresponding ` +
      `elements of the argument's in_specs entry. Consider checking that in_specs are correct, and if so consider ` +
      `changing the mesh axis sizes or else padding the input and adapting '${fnName}' appropriately.`,
  );
}
