// An auto-mode (or pmap-mode) plan as a runnable JAX program (docs/design.md §1: "export of the plan as runnable
// JAX code"): `jax.make_mesh` with Auto axes, `NamedSharding`/`PartitionSpec` for every input and output, the
// forward pass written op by op with its `jax.lax.with_sharding_constraint`s (the program's constraint nodes
// and the player's value labels), the backward pass by `jax.value_and_grad` (JAX derives what the core
// derived), the optimizer update op by op, and `jax.jit(train_step, in_shardings=…, out_shardings=…)` — so
// GSPMD partitions it as the core did and the compiled HLO shows the collectives. Updated values are pinned to
// their inputs' shardings, so the outputs feed the next step. A pmap plan is written as `jax.pmap` (the
// parameters replicated, the batch split, the loss and gradients summed by `psum`). `run: 'execute'` runs it
// on seeded random data (tasting scale); `run: 'compile'` lowers and compiles it only and prints XLA's
// memory_analysis() (banquet scale: nothing is allocated).
import type { Mesh } from '../mesh.ts';
import { pyStr, pyTuple, specFromSharding, type PartitionSpec } from '../partitionSpec.ts';
import type { Program, ValueId } from '../program/ir.ts';
import type { SpmdPlan } from '../spmd/partition.ts';
import { pipelineSnippet, type PipelineExport } from './pipelineSnippet.ts';
import { JNP_DTYPE, pyExpression, pySpec, pythonNames, snippetPreamble } from './pythonOps.ts';
import { pythonRuntime } from './pythonRuntime.ts';

/** How to write the snippet. */
export interface JaxSnippetOptions {
  /** The mesh to declare (default: the plan's); it must hold the plan's axes. */
  readonly mesh?: Mesh;
  /** Harness values: harness parameters are passed as data and get no gradient or update. */
  readonly skip?: ReadonlySet<ValueId>;
  /** Value names annotated with `with_sharding_constraint` (the program's own constraint nodes are always written). */
  readonly constraints?: readonly string[];
  /** A first comment line. */
  readonly title?: string;
  /** Run it on seeded random data, or lower and compile only (default). */
  readonly run?: 'execute' | 'compile';
  /** The data seed of `run: 'execute'` (default 0). */
  readonly seed?: number;
  /** Write the plan as `jax.pmap` over this axis (pmap mode). */
  readonly pmapAxis?: string;
  /** Recompute: the forward values kept for the backward pass (`jax.checkpoint`'s save_only_these_names). */
  readonly saved?: readonly ValueId[];
  /** The pipeline schedule the step runs in (Megatron levels). */
  readonly pipeline?: PipelineExport;
}

const indent = (lines: readonly string[], n = 4): string[] => lines.map((l) => ' '.repeat(n) + l);

/** The Python source. */
export function jaxSnippet(plan: SpmdPlan, opts: JaxSnippetOptions = {}): string {
  const program: Program = plan.program;
  const mesh = opts.mesh ?? plan.mesh;
  const skip = opts.skip ?? new Set<ValueId>();
  const constrained = new Set(opts.constraints ?? []);
  const saved = new Set(opts.saved ?? []);
  const pmap = opts.pmapAxis;
  const names = pythonNames(program);
  const values = program.values;
  const spec = (id: ValueId) => (pmap ? 'P()' : pySpec(specFromSharding(plan.shardings[id]!)));
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
  const execute = opts.run === 'execute';
  const mode = pmap ? `pmap mode: jax.pmap over '${pmap}'` : 'auto mode: jax.jit + GSPMD';

  const lines: string[] = [
    ...snippetPreamble(opts.title ?? 'Mesh Kitchen plan', mode, mesh),
    ...pythonRuntime(),
    '',
    '',
    `SEED = ${opts.seed ?? 0}`,
  ];
  for (const g of groups) {
    lines.push(`${g}_shapes = {`);
    for (const v of inputs.filter((i) => role(i.id) === g))
      lines.push(
        `    ${pyStr(v.name)}: jax.ShapeDtypeStruct(${pyTuple(v.shape.map(String))}, ${JNP_DTYPE[v.dtype]}, sharding=S(${spec(v.id)})),`,
      );
    lines.push('}');
  }

  // The forward pass: every forward-phase output by name (the loss among them).
  const forwardOutputs = program.outputs.filter((o) => values[o.value]!.phase === 'forward');
  const moves = pmap ? NO_MOVES : allToAllMoves(plan);
  const body = (phase: 'forward' | 'update') =>
    values
      .filter((v) => v.phase === phase && v.node.kind !== 'input' && !(phase === 'update' && skip.has(v.id)))
      .flatMap((v) => {
        const lines: string[] = [];
        const moved = new Map<ValueId, string>();
        for (const m of moves.operand.get(v.id) ?? []) {
          const local = `${names[m.value]}_to_${names[v.id]}`;
          lines.push(`${local} = ${reshard(ref.get(m.value) ?? names[m.value]!, m.from, m.to)}`);
          moved.set(m.value, local);
        }
        // A constraint node says what the plan pinned it to: its own spec, or the layout table's in its place.
        const node =
          v.node.kind === 'constraint' && !pmap
            ? { ...v.node, spec: specFromSharding(plan.shardings[v.id]!) }
            : v.node;
        let expr = pyExpression(node, v.shape, (id) => moved.get(id) ?? ref.get(id) ?? names[id]!);
        const result = moves.result.get(v.id);
        if (result !== undefined) expr = reshard(expr, result.from, result.to);
        if (result !== undefined && pySpec(result.to) === spec(v.id)) {
          // already pinned to its final sharding
        } else if (constrained.has(v.name) && v.node.kind !== 'constraint' && !pmap)
          expr = `jax.lax.with_sharding_constraint(${expr}, S(${spec(v.id)}))`;
        if (saved.has(v.id)) expr = `checkpoint_name(${expr}, ${pyStr(v.name)})`;
        lines.push(`${names[v.id]} = ${expr}`);
        return lines;
      });
  lines.push('', '', 'def forward(params, data):', ...indent(body('forward')));
  lines.push(`    return {${forwardOutputs.map((o) => `${pyStr(o.name)}: ${names[o.value]}`).join(', ')}}`);
  const loss = program.outputs.find((o) => o.name === 'loss' || o.name.endsWith('loss'))?.name;
  if (opts.saved !== undefined) {
    const kept = [...saved].map((id) => pyStr(values[id]!.name));
    lines.push(
      '',
      '',
      '# Recompute: only these forward values are kept for the backward pass; the rest is computed again.',
      'from jax.ad_checkpoint import checkpoint_name',
      '',
      `forward = jax.checkpoint(forward, policy=jax.checkpoint_policies.save_only_these_names(${kept.join(', ')}))`,
    );
  }

  // The step: value_and_grad, then the update op by op.
  for (const o of forwardOutputs) ref.set(o.value, `outs[${pyStr(o.name)}]`);
  for (const [g, p] of gradOf) ref.set(g, `grads[${pyStr(values[p]!.name)}]`);
  const skipped = (id: ValueId) => {
    const g = values[id]!.gradOf;
    return skip.has(id) || (g !== undefined && skip.has(g));
  };
  const outputs = program.outputs.filter((o) => o.name === loss || !skipped(o.value));
  const outRef = (id: ValueId) => ref.get(id) ?? names[id]!;
  lines.push('', '', 'def train_step(params, opt_state, data):');
  if (hasBackward && loss !== undefined) {
    lines.push(
      `    loss_fn = lambda p, d: (lambda outs: (outs[${pyStr(loss)}], outs))(forward(p, d))`,
      '    (_, outs), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, data)',
    );
    if (pmap)
      lines.push(
        `    outs = {**outs, ${pyStr(loss)}: jax.lax.psum(outs[${pyStr(loss)}], ${pyStr(pmap)})}`,
        `    grads = jax.lax.psum(grads, ${pyStr(pmap)})  # data parallelism: every device's gradient summed`,
      );
  } else lines.push('    outs = forward(params, data)');
  lines.push(...indent(body('update')));
  lines.push('    return {');
  for (const o of outputs) lines.push(`        ${pyStr(o.name)}: ${outRef(o.value)},`);
  lines.push('    }');
  lines.push(...(pmap ? pmapStep(program, outputs, pmap, mesh) : jitStep(plan, outputs, spec)));
  if (opts.pipeline) lines.push(...pipelineSnippet(opts.pipeline));
  lines.push(...(execute ? executeMain(loss) : compileMain()));
  return lines.join('\n');
}

/** An all-to-all the plan places: the value leaves one sharding for another in which a split dim moved. */
interface Move {
  readonly value: ValueId;
  readonly from: PartitionSpec;
  readonly to: PartitionSpec;
}
const NO_MOVES = { operand: new Map<ValueId, Move[]>(), result: new Map<ValueId, Move>() };

/**
 * The forward pass's all-to-alls by the op they sit at. Left to itself, XLA meets a change of split dim (GShard's
 * dispatch: tokens split by group in, by expert out) by gathering what it needs; written as the value pinned to
 * the sharding it has, then to the one it gets, it emits the all-to-all the plan lists, and JAX's transpose of
 * the pair gives the backward pass's (docs/conformance.md, "mixture of experts"). Partial sums cannot be pinned,
 * so a move from one is left to XLA.
 */
function allToAllMoves(plan: SpmdPlan): typeof NO_MOVES {
  const moves = { operand: new Map<ValueId, Move[]>(), result: new Map<ValueId, Move>() };
  for (const c of plan.collectives) {
    if (c.kind !== 'all-to-all' || c.phase !== 'forward' || c.from.unreduced.length > 0) continue;
    const move = { value: c.value, from: specFromSharding(c.from), to: specFromSharding(c.to) };
    if (c.place === 'result') moves.result.set(c.at, move);
    else moves.operand.set(c.at, [...(moves.operand.get(c.at) ?? []), move]);
  }
  return moves;
}

const reshard = (expr: string, from: PartitionSpec, to: PartitionSpec): string =>
  `jax.lax.with_sharding_constraint(jax.lax.with_sharding_constraint(${expr}, S(${pySpec(from)})), S(${pySpec(to)}))`;

type Outputs = Program['outputs'];

/** jit with in/out shardings; updated values pinned to their inputs' shardings. */
function jitStep(plan: SpmdPlan, outputs: Outputs, spec: (id: ValueId) => string): string[] {
  const values = plan.program.values;
  return [
    '',
    '',
    "# Updated parameters and optimizer state come back in their inputs' shardings, ready for the next step.",
    'out_shardings = {',
    ...outputs.map((o) => `    ${pyStr(o.name)}: S(${spec(values[o.value]!.updates ?? o.value)}),`),
    '}',
    'shardings = lambda shapes: {k: s.sharding for k, s in shapes.items()}',
    'step = jax.jit(',
    '    train_step,',
    '    in_shardings=(shardings(params_shapes), shardings(opt_state_shapes), shardings(data_shapes)),',
    '    out_shardings=out_shardings,',
    ')',
    '',
    '',
    'def place(params, opt_state, data):',
    '    """Host arrays (e.g. numpy) as step\'s arguments, each put in its sharding."""',
    '    put = lambda arrays, shapes: {k: jax.device_put(arrays[k], s.sharding) for k, s in shapes.items()}',
    '    return put(params, params_shapes), put(opt_state, opt_state_shapes), put(data, data_shapes)',
    '',
    '',
    'abstract_args = (params_shapes, opt_state_shapes, data_shapes)',
  ];
}

/** pmap: parameters and optimizer state replicated, every batched data input split on its leading dim. */
function pmapStep(program: Program, outputs: Outputs, axis: string, mesh: Mesh): string[] {
  const n = mesh.axes.find((a) => a.name === axis)?.size ?? mesh.deviceCount;
  const perDevice = outputs.filter((o) => {
    const v = program.values[o.value]!;
    return v.phase === 'forward' && v.shape.length > 0;
  });
  const outAxes = outputs.map((o) => `${pyStr(o.name)}: ${perDevice.includes(o) ? 0 : 'None'}`);
  return [
    '',
    '',
    `N = ${n}  # devices of the mapped axis`,
    'data_axes = {k: 0 if len(s.shape) > 0 else None for k, s in data_shapes.items()}',
    'step = jax.pmap(',
    '    train_step,',
    `    axis_name=${pyStr(axis)},`,
    '    in_axes=(None, None, data_axes),',
    `    out_axes={${outAxes.join(', ')}},`,
    ')',
    '',
    '',
    'def split(x):',
    '    return x.reshape((N, x.shape[0] // N) + tuple(x.shape[1:])) if len(x.shape) > 0 else x',
    '',
    '',
    'def place(params, opt_state, data):',
    '    """Host arrays as pmap\'s arguments: the batch split into one block per device."""',
    '    rep = lambda arrays: {k: jax.device_put(v, S(P())) for k, v in arrays.items()}',
    `    data = {k: jax.device_put(split(v), S(P(${pyStr(axis)}) if len(v.shape) > 0 else P())) for k, v in data.items()}`,
    '    return rep(params), rep(opt_state), data',
    '',
    '',
    'unsharded = lambda shapes: {k: jax.ShapeDtypeStruct(s.shape, s.dtype) for k, s in shapes.items()}',
    'split_shape = lambda shape: (N, shape[0] // N) + tuple(shape[1:]) if len(shape) > 0 else ()',
    'abstract_args = (',
    '    unsharded(params_shapes),',
    '    unsharded(opt_state_shapes),',
    '    {k: jax.ShapeDtypeStruct(split_shape(s.shape), s.dtype) for k, s in data_shapes.items()},',
    ')',
  ];
}

/** Tasting scale: run on seeded random data and print what came out. */
function executeMain(loss: string | undefined): string[] {
  return [
    '',
    '',
    'def make_args(seed=SEED):',
    '    """Seeded random parameters and data, zero optimizer state (salts 0 and 1 keep the streams apart)."""',
    '    return place(random_arrays(params_shapes, seed, 0), zeros(opt_state_shapes), random_arrays(data_shapes, seed, 1))',
    '',
    '',
    "if __name__ == '__main__':",
    '    args = make_args()',
    '    compiled = step.lower(*args).compile()',
    "    print('collectives XLA inserted:')",
    '    for line in collectives(compiled):',
    "        print('  ', line[:160])",
    '    outputs = compiled(*args)',
    '    report(outputs)',
    ...(loss !== undefined ? [`    print('loss', float(outputs[${pyStr(loss)}]))`] : []),
    '',
  ];
}

/** Banquet scale: lower and compile only (the arrays would not fit a host), print memory and collectives. */
function compileMain(): string[] {
  return [
    '',
    '',
    "if __name__ == '__main__':",
    '    compiled = step.lower(*abstract_args).compile()  # abstract arguments: nothing is allocated',
    '    print(compiled.memory_analysis())',
    "    print('collectives XLA inserted:')",
    '    for line in collectives(compiled):',
    "        print('  ', line[:160])",
    '',
  ];
}
