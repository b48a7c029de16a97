// A manual-mode plan (a validated `jax.shard_map`, buildShardMap.ts) as a runnable JAX program: the
// per-device body op by op with the collectives the player placed (`jax.lax.psum`, `all_gather`,
// `psum_scatter`, `all_to_all`, `ppermute`), wrapped in `jax.shard_map(body, mesh=…, in_specs=…,
// out_specs=…, check_vma=…)` under `jax.jit`, applied to zeros created in their input shardings.
import type { Mesh } from '../mesh.ts';
import { pyStr, pyTuple } from '../partitionSpec.ts';
import type { ShardMapProgram } from '../spmd/buildShardMap.ts';
import { JNP_DTYPE, pyExpression, pySpec, pythonNames, snippetPreamble } from './pythonOps.ts';

/** The Python source of `sm` on `mesh`. */
export function shardMapSnippet(sm: ShardMapProgram, mesh: Mesh, title = 'Mesh Kitchen plan'): string {
  const { program } = sm;
  const names = pythonNames(program);
  const inputIds = new Set(sm.inputs.map((i) => i.value));
  const args = sm.inputs.map((i) => names[i.value]!);
  const body = program.values
    .filter((v) => v.node.kind !== 'input' && !inputIds.has(v.id))
    .map((v) => `    ${names[v.id]} = ${pyExpression(v.node, v.shape, (id) => names[id]!)}`);
  const fn = sm.fnName.replace(/[^A-Za-z0-9_]/g, '_') || 'body';
  const lines = [
    ...snippetPreamble(title, 'manual mode: jax.shard_map with the collectives written out', mesh),
    '',
    '',
    `def ${fn}(${args.join(', ')}):`,
    '    """Runs on every device, on its own block (local shapes)."""',
    ...body,
    `    return ${pyTuple(sm.outputs.map((o) => names[o.value]!))}`,
    '',
    '',
    'f = jax.jit(',
    '    jax.shard_map(',
    `        ${fn},`,
    '        mesh=mesh,',
    `        in_specs=${pyTuple(sm.inputs.map((i) => pySpec(i.spec)))},`,
    `        out_specs=${pyTuple(sm.outputs.map((o) => pySpec(o.spec)))},`,
    `        check_vma=${sm.checkVma ? 'True' : 'False'},`,
    '    )',
    ')',
    'args = [',
    ...sm.inputs.map((i) => {
      const dtype = JNP_DTYPE[program.values[i.value]!.dtype];
      return `    jax.device_put(jnp.zeros(${pyTuple(i.globalShape.map(String))}, ${dtype}), NamedSharding(mesh, ${pySpec(i.spec)})),`;
    }),
    ']',
    `outputs = dict(zip(${pyTuple(sm.outputs.map((o) => pyStr(o.name)))}, f(*args)))`,
    'print({k: (v.shape, v.sharding.spec) for k, v in outputs.items()})',
    '',
  ];
  return lines.join('\n');
}
