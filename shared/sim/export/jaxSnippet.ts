// An auto-mode plan as a runnable JAX program (docs/design.md §1: "export of the plan as runnable JAX code"):
// `jax.make_mesh`, `NamedSharding`/`PartitionSpec` for every input and output, the forward pass written
// op by op with its `jax.lax.with_sharding_constraint`s, the backward pass by `jax.value_and_grad` (JAX
// derives what the core derived), the optimizer update op by op, and `jax.jit(train_step, in_shardings=…,
// out_shardings=…)` — so XLA's GSPMD partitions it as the core did and `.lower(...).compile().as_text()`
// shows the collectives. Arrays are created sharded by a jitted zeros; nothing big lives on the host.
import type { Mesh } from '../mesh.ts';
import { pyStr, pyTuple, specFromSharding } from '../partitionSpec.ts';
import type { Program, ValueId } from '../program/ir.ts';
import type { SpmdPlan } from '../spmd/partition.ts';
import { JNP_DTYPE, pyExpression, pySpec, pythonNames, snippetPreamble } from './pythonOps.ts';

/** How to write the snippet. */
export interface JaxSnippetOptions {
  /** The mesh to declare (default: the plan's); it must hold the plan's axes. */
  readonly mesh?: Mesh;
  /** Harness values: harness parameters are passed as data and get no gradient or update. */
  readonly skip?: ReadonlySet<ValueId>;
  /** Value names annotated in jit's constraints table (the program's own constraint nodes are always written). */
  readonly constraints?: readonly string[];
  /** A first comment line. */
  readonly title?: string;
}

const indent = (lines: readonly string[], n = 4): string[] => lines.map((l) => ' '.repeat(n) + l);

/** The Python source. */
export function jaxSnippet(plan: SpmdPlan, opts: JaxSnippetOptions = {}): string {
  const program: Program = plan.program;
  const mesh = opts.mesh ?? plan.mesh;
  const skip = opts.skip ?? new Set<ValueId>();
  const constrained = new Set(opts.constraints ?? []);
  const names = pythonNames(program);
  const values = program.values;
  const spec = (id: ValueId) => pySpec(specFromSharding(plan.shardings[id]!));
  const inputs = values.filter((v) => v.node.kind === 'input' && !(skip.has(v.id) && v.phase === 'update'));
  const role = (id: ValueId) => {
    const n = values[id]!.node;
    if (n.kind !== 'input') return undefined;
    if (n.role === 'param' && skip.has(id)) return 'data';
    return n.role === 'optimizer' ? 'opt_state' : n.role === 'param' ? 'params' : 'data';
  };
  const groups = ['params', 'opt_state', 'data'] as const;
  const ref = new Map<ValueId, string>();
  for (const v of inputs) ref.set(v.id, `${role(v.id)}[${pyStr(v.name)}]`);
  const gradOf = new Map<ValueId, ValueId>();
  for (const v of values)
    if (v.gradOf !== undefined && !skip.has(v.gradOf) && !gradOf.has(v.id)) gradOf.set(v.id, v.gradOf);
  const hasBackward = values.some((v) => v.phase === 'backward');

  const lines: string[] = [
    ...snippetPreamble(opts.title ?? 'Mesh Kitchen plan', 'auto mode: jax.jit + GSPMD', mesh),
    '',
    '',
    'def S(spec):',
    '    return NamedSharding(mesh, spec)',
    '',
    '',
  ];
  for (const g of groups) {
    lines.push(`${g}_shapes = {`);
    for (const v of inputs.filter((i) => role(i.id) === g))
      lines.push(
        `    ${pyStr(v.name)}: jax.ShapeDtypeStruct(${pyTuple(v.shape.map(String))}, ${JNP_DTYPE[v.dtype]}, sharding=S(${spec(v.id)})),`,
      );
    lines.push('}');
  }
  lines.push(
    '',
    '',
    'def zeros(shapes):',
    '    """Arrays of the given shapes, created directly in their shardings."""',
    '    make = lambda: {k: jnp.zeros(s.shape, s.dtype) for k, s in shapes.items()}',
    '    return jax.jit(make, out_shardings={k: s.sharding for k, s in shapes.items()})()',
    '',
    '',
  );

  // The forward pass.
  const loss = program.outputs.find((o) => o.name === 'loss')?.value;
  const body = (phase: 'forward' | 'update') =>
    values
      .filter((v) => v.phase === phase && v.node.kind !== 'input' && !(phase === 'update' && skip.has(v.id)))
      .map((v) => {
        let expr = pyExpression(v.node, v.shape, (id) => ref.get(id) ?? names[id]!);
        if (constrained.has(v.name) && v.node.kind !== 'constraint')
          expr = `jax.lax.with_sharding_constraint(${expr}, S(${spec(v.id)}))`;
        return `${names[v.id]} = ${expr}`;
      });
  lines.push('def loss_fn(params, data):', ...indent(body('forward')));
  lines.push(`    return ${loss === undefined ? 'None' : names[loss]}`, '', '');

  // The step: value_and_grad, then the update op by op.
  for (const [g, p] of gradOf) ref.set(g, `grads[${pyStr(values[p]!.name)}]`);
  const skipped = (id: ValueId) => {
    const g = values[id]!.gradOf;
    return skip.has(id) || (g !== undefined && skip.has(g));
  };
  const outputs = program.outputs.filter((o) => o.name === 'loss' || !skipped(o.value));
  const outRef = (id: ValueId) => ref.get(id) ?? names[id]!;
  lines.push('def train_step(params, opt_state, data):');
  lines.push(
    hasBackward
      ? '    loss, grads = jax.value_and_grad(loss_fn)(params, data)'
      : '    loss = loss_fn(params, data)',
  );
  if (loss !== undefined) ref.set(loss, 'loss');
  lines.push(...indent(body('update')));
  lines.push('    return {');
  for (const o of outputs) lines.push(`        ${pyStr(o.name)}: ${outRef(o.value)},`);
  lines.push('    }', '', '');
  lines.push('out_shardings = {');
  for (const o of outputs) lines.push(`    ${pyStr(o.name)}: S(${spec(o.value)}),`);
  lines.push('}');
  lines.push(
    'shardings = lambda shapes: {k: s.sharding for k, s in shapes.items()}',
    'step = jax.jit(',
    '    train_step,',
    '    in_shardings=(shardings(params_shapes), shardings(opt_state_shapes), shardings(data_shapes)),',
    '    out_shardings=out_shardings,',
    ')',
    'args = (zeros(params_shapes), zeros(opt_state_shapes), zeros(data_shapes))',
    '# print(step.lower(*args).compile().as_text())  # the collectives XLA inserted',
    'outputs = step(*args)',
    'print({k: (v.shape, v.sharding.spec) for k, v in outputs.items()})',
    '',
  );
  return lines.join('\n');
}
