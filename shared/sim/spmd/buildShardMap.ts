// `jax.shard_map` (manual mode, docs/jax-semantics.md §1.8): the player's per-device program runs on every device's
// block and nothing is inserted for them. Validation follows jax/_src/shard_map.py in its order: spec axes
// must be manual mesh axes (`_check_specs`) → in_specs rank, then divisibility (`_check_specs_vs_args`) →
// the body, op by op (collective argument errors from jax/_src/lax/parallel.py) → out_specs rank
// (`_check_names`) → with check_vma, the varying-manual-axes check (`_check_vmas`, `_inout_vma_error`).
// vma rules (`insert_collective_pvary`, `collective_vma_rule`): an op varies over the union of its operands'
// axes; collectives first vary their input over their axes; psum and all_gather_invariant then drop them.
import type { Mesh } from '../mesh.ts';
import { shardingFromSpec, checkShardMapDivisible } from '../namedSharding.ts';
import { pyStr, type PartitionSpec } from '../partitionSpec.ts';
import { operandsOf, type DType, type InputRole, type Program, type ValueId } from '../program/ir.ts';
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import { err, ok, type Result } from '../result.ts';
import { localShape, shardCount, type Sharding } from '../sharding.ts';
import { addManualOp } from './addManualOp.ts';
import type { ManualOp } from './manualOp.ts';
import type { ManualPlan } from './manualPlan.ts';
import { checkManualAxes, entryAxes, NUMPY_DTYPE, outRankError, vmaError } from './shardMapErrors.ts';

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

/** A validated shard_map: the per-device program with its inputs, outputs and varying manual axes. */
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

const byKey = <T>(m: ReadonlyMap<string, T>): [string, T][] =>
  [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** vma of an op's result given the union `vary` of its operands' (docs/jax-semantics.md §1.8 collectives table). */
function resultVma(op: ManualOp, vary: Set<string>): Set<string> {
  if (op.kind === 'psum' || (op.kind === 'allGather' && op.to === 'invarying'))
    op.axes.forEach((a) => vary.delete(a));
  else if (op.kind === 'ppermute') vary.add(op.axis);
  else if ('axes' in op) op.axes.forEach((a) => vary.add(a));
  return vary;
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
    return err(
      'shard-map/unknown-input',
      { name: stray, fn: fnName },
      `inSpecs.${stray}: '${fnName}' has no input named '${stray}'`,
    );
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
      return err(
        'shard-map/name-is-input',
        { name: op.name, fn: fnName },
        `${path}.name: '${op.name}' is already an input of '${fnName}'`,
      );
    const args: ValueId[] = [];
    for (const [j, arg] of op.args.entries()) {
      const id = names.get(arg);
      if (id === undefined)
        return err(
          'shard-map/undefined-value',
          { name: arg },
          `${path}.args[${j}]: '${arg}' is neither an input nor an earlier body value`,
        );
      args.push(id);
    }
    const r = addManualOp(b, mesh, op, args, path);
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
      'shard-map/undefined-value',
      { name: missing.valueName },
      `outputs.${missing.name}: '${missing.valueName}' is neither an input nor a body value`,
    );
  const outSpec = (name: string): PartitionSpec => plan.outSpecs.get(name)!;
  const tooLong = outs.filter((o) => outSpec(o.name).length > b.shape(o.id!).length);
  if (tooLong.length > 0)
    return err(
      'shard-map/out-spec-too-long',
      { specLength: outSpec(tooLong[0]!.name).length, rank: b.shape(tooLong[0]!.id!).length },
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
  const varying = outs.filter((o) =>
    order(vma[o.id!]!).some((a) => !outSpec(o.name).flatMap(entryAxes).includes(a)),
  );
  if (plan.checkVma && varying.length > 0)
    return err(
      'shard-map/replication',
      { outputs: varying.map((o) => o.name) },
      vmaError(
        mesh,
        fnName,
        varying.map((o) => [`[${pyStr(o.name)}]`, outSpec(o.name), order(vma[o.id!]!)]),
      ),
    );
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
