// JAX's shard_map error messages, word for word: `_check_specs` (spec axes must be manual mesh axes),
// `_spec_rank_error` (out_specs longer than the output's rank) and `_inout_vma_error` (check_vma), from
// jax/_src/shard_map.py. Numbers and shapes print as Python would (`float32[8,4]`, `('a', 'b')`).
import type { Mesh } from '../mesh.ts';
import { pySet, pyStr, pyTuple, specToString, type PartitionSpec } from '../partitionSpec.ts';
import type { DType } from '../program/ir.ts';
import { err, ok, type Result } from '../result.ts';

/** NumPy's name of each dtype, as JAX prints it in shapes (`float32[8,4]`). */
export const NUMPY_DTYPE: Record<DType, string> = {
  f32: 'float32',
  bf16: 'bfloat16',
  f16: 'float16',
  int8: 'int8',
};

/** The mesh axes one PartitionSpec entry names (`None` → none, `'a'` → [a], `('a', 'b')` → [a, b]). */
export const entryAxes = (e: PartitionSpec[number]): readonly string[] =>
  e === null ? [] : typeof e === 'string' ? [e] : e;

/** `aval.str_short()`: `float32[8,4]`. */
const strShort = (shape: readonly number[], dtype: DType): string =>
  `${NUMPY_DTYPE[dtype]}[${shape.join(',')}]`;
const meshLine = (mesh: Mesh): string =>
  `The mesh given has shape ${pyTuple(mesh.axes.map((a) => String(a.size)))} with corresponding axis names ` +
  `${pyTuple(mesh.axes.map((a) => pyStr(a.name)))}.`;
const bullets = (msgs: readonly string[]): string =>
  msgs.length === 1 ? msgs[0]! : msgs.map((m) => `* ${m}`).join('\n\n');

/** `_check_specs`: every spec entry must name a manual axis (here: every mesh axis). `specs` are [key, spec]. */
export function checkManualAxes(
  mesh: Mesh,
  specs: readonly [string, PartitionSpec][],
  prefix: 'in' | 'out',
): Result<void> {
  const known = new Set(mesh.axes.map((a) => a.name));
  const axes = specs.flatMap(([, spec]) => spec.flatMap(entryAxes).filter((a) => !known.has(a)));
  const msgs = specs.flatMap(([key, spec]) =>
    spec
      .flatMap(entryAxes)
      .filter((a) => !known.has(a))
      .map((a) => `  ${prefix}_specs${key} refers to ${pyStr(a)}`),
  );
  if (msgs.length === 0) return ok(undefined);
  return err(
    'shard-map/non-manual-axis',
    { prefix, axes },
    `shard_map ${prefix}_specs argument must refer to an axis marked as manual (frozenset(${pySet([...known])})), ` +
      `but:\n\n${msgs.join('\n\n')}\n\nCheck the ${prefix}_specs values passed to shard_map.`,
  );
}

/** `_inout_vma_error` for the outputs (`[key, out_spec, vma]`) whose out_spec leaves out an axis they may vary over. */
export function vmaError(
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

/** `_spec_rank_error` for out_specs entries (`[key, spec, shape, dtype]`) longer than their output's rank. */
export function outRankError(
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
