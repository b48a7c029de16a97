// Auto mode = `jax.jit(step, in_shardings=…, out_shardings=…)` with `with_sharding_constraint` inside:
// validates the player's specs the way jit does (JAX's messages), fixes them as annotations, propagates
// shardings to every other value and partitions the program. Inputs without a spec are replicated, as an
// uncommitted argument of jit is; with no annotation at all nothing is sharded.
import type { Mesh } from '../mesh.ts';
import { checkDivisible, shardingFromSpec, type SpecArgName, type SpecWhat } from '../namedSharding.ts';
import { canonicalizeSpec } from '../partitionSpec.ts';
import type { Program, ValueId } from '../program/ir.ts';
import { err, ok, withMessage, type Result } from '../result.ts';
import { cutText } from '../input/quoteValue.ts';
import type { Sharding } from '../sharding.ts';
import { partitionProgram, type SpmdPlan } from './partition.ts';
import { propagateShardings } from './propagate.ts';

/** Raw JSON specs (arrays of null | "axis" | ["a", "b"]) by name. */
export type SpecTable = Readonly<Record<string, unknown>>;

export interface AutoAnnotations {
  /** By input name (jit's in_shardings). */
  readonly inShardings?: SpecTable;
  /** By output name (jit's out_shardings). */
  readonly outShardings?: SpecTable;
  /** By value name: `with_sharding_constraint` on that value. */
  readonly constraints?: SpecTable;
}

/** The sharding of one annotated value, validated in JAX's order. */
export function annotate(
  mesh: Mesh,
  raw: unknown,
  shape: readonly number[],
  argName: SpecArgName,
  what: Exclude<SpecWhat, 'shard_map in_specs'>,
  keyPath?: string,
): Result<Sharding> {
  const spec = canonicalizeSpec(raw);
  if (!spec.ok) return spec;
  const sharding = shardingFromSpec(mesh, spec.value, shape.length, {
    argName,
    what,
    ...(keyPath !== undefined ? { keyPath } : {}),
  });
  if (!sharding.ok) return sharding;
  const even = checkDivisible(mesh, sharding.value, shape, spec.value);
  if (!even.ok) {
    if (what !== 'with_sharding_constraint arguments') return even;
    // JAX pads uneven shards inside jit; the tasting keeps every shard even, so the game refuses them.
    return withMessage(
      even.error,
      `${even.error.message} (XLA would pad this uneven sharding inside jit; Mesh Kitchen keeps every shard even.)`,
    );
  }
  return sharding;
}

/** Annotations → fixed shardings by value id. */
export function fixedShardings(
  mesh: Mesh,
  program: Program,
  ann: AutoAnnotations,
): Result<Map<ValueId, Sharding>> {
  const fixed = new Map<ValueId, Sharding>();
  const constrained: [ValueId, Sharding][] = [];
  const byName = new Map(program.values.map((v) => [v.name, v]));
  const outputs = new Map(program.outputs.map((o) => [o.name, o.value]));
  const inputNames = program.values.filter((v) => v.node.kind === 'input').map((v) => v.name);
  const tables: [SpecTable | undefined, SpecArgName, Exclude<SpecWhat, 'shard_map in_specs'>][] = [
    [ann.inShardings, 'in_shardings', 'pjit arguments'],
    [ann.constraints, 'NamedSharding spec', 'with_sharding_constraint arguments'],
    [ann.outShardings, 'out_shardings', 'pjit outputs'],
  ];
  for (const [table, argName, what] of tables) {
    for (const [name, raw] of Object.entries(table ?? {})) {
      const id = argName === 'out_shardings' ? outputs.get(name) : byName.get(name)?.id;
      const value = id === undefined ? undefined : program.values[id];
      if (!value || (argName === 'in_shardings' && value.node.kind !== 'input'))
        return err(
          'auto/unknown-name',
          { argName, name },
          argName === 'in_shardings'
            ? `in_shardings names '${cutText(name)}', which is not an input; the inputs are: ${inputNames.join(', ')}.`
            : argName === 'out_shardings'
              ? `out_shardings names '${cutText(name)}', which is not an output; the outputs are: ${[...outputs.keys()].join(', ')}.`
              : `with_sharding_constraint names '${cutText(name)}', which is not a value of the program.`,
        );
      // jit names an argument by its parameter: the program's input name (test/jax/harness.py names the
      // jitted function's parameters so).
      const keyPath = argName === 'in_shardings' ? name : undefined;
      const sharding = annotate(mesh, raw, value.shape, argName, what, keyPath);
      if (!sharding.ok) return withMessage(sharding.error, `${name}: ${sharding.error.message}`);
      fixed.set(value.id, sharding.value);
      if (argName === 'NamedSharding spec') constrained.push([value.id, sharding.value]);
    }
  }
  // JAX transposes with_sharding_constraint into the same constraint on the cotangent (jax/_src/pjit.py,
  // `ad.deflinear2(sharding_constraint_p, …)` binds the constraint on ct): the gradient flowing back through
  // a labelled value carries its label too.
  const cotangentOf = new Map((program.cotangents ?? []).map((c) => [c.of, c.value]));
  for (const [id, sharding] of constrained) {
    const cot = cotangentOf.get(id);
    if (cot !== undefined && !fixed.has(cot)) fixed.set(cot, sharding);
  }
  // with_sharding_constraint written into the program itself (builder.constraint) is an annotation too.
  for (const v of program.values) {
    if (v.node.kind !== 'constraint' || fixed.has(v.id)) continue;
    const sharding = annotate(
      mesh,
      v.node.spec,
      v.shape,
      'NamedSharding spec',
      'with_sharding_constraint arguments',
    );
    if (!sharding.ok) return withMessage(sharding.error, `${v.name}: ${sharding.error.message}`);
    fixed.set(v.id, sharding.value);
  }
  return ok(fixed);
}

/** Plans `program` in auto mode: annotate, propagate, partition. */
export function planAuto(mesh: Mesh, program: Program, ann: AutoAnnotations): Result<SpmdPlan> {
  const fixed = fixedShardings(mesh, program, ann);
  if (!fixed.ok) return fixed;
  return partitionProgram(mesh, program, propagateShardings(mesh, program, fixed.value));
}
