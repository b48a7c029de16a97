// A manual-mode plan (a validated `jax.shard_map`, buildShardMap.ts) as a runnable JAX program: the
// per-device body op by op with the collectives the player placed (`jax.lax.psum`, `all_gather` — with
// `to='invarying'` where the core's vma says the result no longer varies —, `psum_scatter`, `all_to_all`,
// `ppermute`), wrapped in `jax.shard_map(body, mesh=…, in_specs=…, out_specs=…, check_vma=…)` under
// `jax.jit`. `run: 'execute'` applies it to seeded random inputs made in their shardings and, given the
// model's unsharded program, prints each output's largest difference from the unsharded result;
// `run: 'compile'` lowers and compiles only and prints memory_analysis().
import type { Mesh } from '../mesh.ts';
import { pyStr, pyTuple } from '../partitionSpec.ts';
import type { Program } from '../program/ir.ts';
import type { ShardMapProgram } from '../spmd/buildShardMap.ts';
import { JNP_DTYPE, pyExpression, pySpec, pythonNames, snippetPreamble } from './pythonOps.ts';
import { pythonRuntime } from './pythonRuntime.ts';

/** How to write the snippet. */
export interface ShardMapSnippetOptions {
  readonly title?: string;
  readonly run?: 'execute' | 'compile';
  readonly seed?: number;
  /** The model's unsharded program (global shapes): the outputs are compared with its values of their names. */
  readonly reference?: Program;
}

/** The Python source of `sm` on `mesh`. */
export function shardMapSnippet(sm: ShardMapProgram, mesh: Mesh, opts: ShardMapSnippetOptions = {}): string {
  const { program } = sm;
  const names = pythonNames(program);
  const inputIds = new Set(sm.inputs.map((i) => i.value));
  const args = sm.inputs.map((i) => names[i.value]!);
  const invariant = (id: number): boolean => {
    const node = program.values[id]!.node;
    return node.kind === 'allGather' && node.axes.every((a) => !sm.vma[id]!.includes(a));
  };
  const body = program.values
    .filter((v) => v.node.kind !== 'input' && !inputIds.has(v.id))
    .map((v) => `    ${names[v.id]} = ${pyExpression(v.node, v.shape, (id) => names[id]!, invariant(v.id))}`);
  const fn = sm.fnName.replace(/[^A-Za-z0-9_]/g, '_') || 'body';
  const outNames = pyTuple(sm.outputs.map((o) => pyStr(o.name)));
  const lines = [
    ...snippetPreamble(
      opts.title ?? 'Mesh Kitchen plan',
      'manual mode: jax.shard_map with the collectives written out',
      mesh,
    ),
    ...pythonRuntime(),
    '',
    '',
    `SEED = ${opts.seed ?? 0}`,
    'input_shapes = {',
    ...sm.inputs.map((i) => {
      const dtype = JNP_DTYPE[program.values[i.value]!.dtype];
      return `    ${pyStr(i.name)}: jax.ShapeDtypeStruct(${pyTuple(i.globalShape.map(String))}, ${dtype}, sharding=S(${pySpec(i.spec)})),`;
    }),
    '}',
    '',
    '',
    `def ${fn}(${args.join(', ')}):`,
    '    """Runs on every device, on its own block (local shapes)."""',
    ...body,
    `    return ${pyTuple(sm.outputs.map((o) => names[o.value]!))}`,
    '',
    '',
    'mapped = jax.jit(',
    '    jax.shard_map(',
    `        ${fn},`,
    '        mesh=mesh,',
    `        in_specs=${pyTuple(sm.inputs.map((i) => pySpec(i.spec)))},`,
    `        out_specs=${pyTuple(sm.outputs.map((o) => pySpec(o.spec)))},`,
    `        check_vma=${sm.checkVma ? 'True' : 'False'},`,
    '    )',
    ')',
    '',
    '',
    'def step(inputs):',
    '    """The inputs by name → the outputs by name."""',
    `    return dict(zip(${outNames}, mapped(*[inputs[k] for k in input_shapes])))`,
    '',
    '',
    'def place(inputs):',
    '    """Host arrays (e.g. numpy) by name, each put in its in_specs sharding."""',
    '    return {k: jax.device_put(inputs[k], s.sharding) for k, s in input_shapes.items()}',
    ...(opts.reference ? referenceFunction(opts.reference, sm) : []),
    ...(opts.run === 'execute' ? executeMain(opts.reference !== undefined) : compileMain()),
  ];
  return lines.join('\n');
}

/** `reference(inputs)`: the model's unsharded forward pass, returning the values the outputs are named after. */
function referenceFunction(reference: Program, sm: ShardMapProgram): string[] {
  const names = pythonNames(reference);
  const ref = (id: number) => {
    const v = reference.values[id]!;
    return v.node.kind === 'input' ? `inputs[${pyStr(v.name)}]` : names[id]!;
  };
  const wanted = new Set(sm.outputs.map((o) => o.name));
  const byName = new Map(reference.values.map((v) => [v.name, v.id]));
  const body = reference.values
    .filter((v) => v.node.kind !== 'input' && v.phase === 'forward' && v.node.kind !== 'constraint')
    .map((v) => `    ${names[v.id]} = ${pyExpression(v.node, v.shape, ref)}`);
  return [
    '',
    '',
    'def reference(inputs):',
    '    """The same outputs computed unsharded, from the model\'s own program (global shapes)."""',
    ...body,
    `    return {${[...wanted].map((n) => `${pyStr(n)}: ${ref(byName.get(n)!)}`).join(', ')}}`,
  ];
}

function executeMain(withReference: boolean): string[] {
  return [
    '',
    '',
    "if __name__ == '__main__':",
    '    inputs = random_arrays(input_shapes, SEED, 0)',
    '    compiled = mapped.lower(*[inputs[k] for k in input_shapes]).compile()',
    "    print('collectives:')",
    '    for line in collectives(compiled):',
    "        print('  ', line[:160])",
    '    outputs = step(inputs)',
    '    report(outputs)',
    ...(withReference
      ? [
          '    want = jax.jit(reference)(inputs)',
          '    for k, v in outputs.items():',
          "        print(f'{k}: max |shard_map - unsharded| = {float(jnp.max(jnp.abs(v - want[k]))):.3g}')",
        ]
      : []),
    '',
  ];
}

function compileMain(): string[] {
  return [
    '',
    '',
    "if __name__ == '__main__':",
    '    compiled = mapped.lower(*input_shapes.values()).compile()  # abstract arguments: nothing is allocated',
    '    print(compiled.memory_analysis())',
    "    print('collectives:')",
    '    for line in collectives(compiled):',
    "        print('  ', line[:160])",
    '',
  ];
}
