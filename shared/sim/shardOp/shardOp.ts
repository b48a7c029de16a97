// `sim shard`: one op under auto mode (docs/design.md §4.4) — an einsum with in/out shardings, or a reshard —
// planned by the same propagation and partitioner as whole programs, optionally run on random data.
import { bad, isObject, onlyFields, readChoice, readMesh, readNumber, readShape } from '../input/fields.ts';
import type { Mesh } from '../mesh.ts';
import { canonicalizeSpec, specFromSharding, type PartitionSpec } from '../partitionSpec.ts';
import type { DType } from '../program/ir.ts';
import { interpret } from '../program/interpret.ts';
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import { createRng, fillNormal } from '../rng.ts';
import { ok, type Result } from '../result.ts';
import { localShape } from '../sharding.ts';
import { planAuto } from '../spmd/autoMode.ts';
import { executePlan } from '../spmd/executePlan.ts';
import { parseEinsum } from '../tensor/einsumEquation.ts';
import { tasteOutputs } from '../taste/tasteOutputs.ts';

export interface ShardRequest {
  readonly mesh: Mesh;
  readonly op: 'einsum' | 'reshard';
  readonly equation?: string;
  readonly operands: readonly { readonly shape: number[]; readonly spec: unknown; readonly dtype: DType }[];
  readonly out?: unknown;
  readonly execute: boolean;
  readonly seed: number;
}

/** Largest dimension `sim shard` accepts; with execute, the arrays are really allocated. */
export const MAX_SHARD_DIM = 1 << 16;
/**
 * Most bytes `execute` may allocate (1 GiB): the scaling book's 8×2048 by 2048×8192 example on 8 devices needs
 * about 0.7 GiB. Bounded by memory, not by an element count, so the sizes a user tries run.
 */
export const MAX_EXECUTE_BYTES = 1 << 30;

/**
 * Bytes an execution holds: the float32 inputs, every device's float32 block of every value (replicated
 * blocks are really copied to each device) and the float64 reference of every value.
 */
export function executeBytes(
  mesh: Mesh,
  shapes: readonly (readonly number[])[],
  local: readonly (readonly number[])[],
): number {
  const size = (s: readonly number[]) => s.reduce((p, d) => p * d, 1);
  return shapes.reduce(
    (n, s, i) => n + 4 * size(s) + 8 * size(s) + 4 * mesh.deviceCount * size(local[i]!),
    0,
  );
}

export function parseShardRequest(raw: unknown): Result<ShardRequest> {
  if (!isObject(raw)) return bad('input', 'expected an object with mesh, op and operands');
  const fields = onlyFields(raw, ['mesh', 'op', 'equation', 'operands', 'out', 'execute', 'seed'], '');
  if (!fields.ok) return fields;
  const mesh = readMesh(raw.mesh);
  if (!mesh.ok) return mesh;
  const op = readChoice(raw.op, 'op', ['einsum', 'reshard'] as const);
  if (!op.ok) return op;
  const arity = op.value === 'einsum' ? 2 : 1;
  if (!Array.isArray(raw.operands) || raw.operands.length !== arity)
    return bad(
      'operands',
      `${op.value} takes ${arity} operand${arity === 1 ? '' : 's'} ({"shape", "spec", "dtype"?})`,
    );
  const operands: ShardRequest['operands'][number][] = [];
  for (const [i, o] of raw.operands.entries()) {
    const path = `operands[${i}]`;
    if (!isObject(o)) return bad(path, 'expected {"shape": [...], "spec": [...], "dtype"?: "f32"}');
    const f = onlyFields(o, ['shape', 'spec', 'dtype'], path);
    if (!f.ok) return f;
    const shape = readShape(o.shape, `${path}.shape`, MAX_SHARD_DIM);
    if (!shape.ok) return shape;
    const dtype =
      o.dtype === undefined
        ? ok<DType>('f32')
        : readChoice(o.dtype, `${path}.dtype`, ['f32', 'bf16', 'f16', 'int8'] as const);
    if (!dtype.ok) return dtype;
    operands.push({ shape: shape.value, spec: o.spec ?? [], dtype: dtype.value });
  }
  if (op.value === 'einsum' && typeof raw.equation !== 'string')
    return bad('equation', 'einsum needs an equation such as "ij,jk->ik"');
  if (op.value === 'reshard' && raw.out === undefined)
    return bad('out', 'reshard needs the target spec in "out"');
  if (raw.execute !== undefined && typeof raw.execute !== 'boolean')
    return bad('execute', 'expected true or false');
  const seed =
    raw.seed === undefined
      ? ok(0)
      : readNumber(raw.seed, 'seed', { min: 0, max: 2 ** 32 - 1, integer: true });
  if (!seed.ok) return seed;
  return ok({
    mesh: mesh.value,
    op: op.value,
    ...(typeof raw.equation === 'string' ? { equation: raw.equation } : {}),
    operands,
    ...(raw.out !== undefined ? { out: raw.out } : {}),
    execute: raw.execute === true,
    seed: seed.value,
  });
}

export interface ShardReport {
  readonly out: {
    readonly shape: readonly number[];
    readonly spec: PartitionSpec;
    readonly unreduced: readonly string[];
  };
  readonly localShapes: {
    readonly operands: readonly (readonly number[])[];
    readonly out: readonly number[];
  };
  readonly collectives: readonly {
    kind: string;
    axes: readonly string[];
    tensor: string;
    bytesPerDevice: number;
  }[];
  readonly flopsPerDevice: number;
  readonly execution?: { maxAbsError: number; relError: number; ok: boolean; reference: 'float64' };
}

/** Plans (and with `execute`, runs and tastes) one op. */
export function shardOp(req: ShardRequest): Result<ShardReport> {
  const b = new ProgramBuilder();
  const ids = req.operands.map((o, i) => b.input(`operand${i}`, o.shape, 'data', o.dtype));
  if (req.op === 'einsum') {
    const eq = parseEinsum(
      req.equation!,
      req.operands.map((o) => o.shape),
    );
    if (!eq.ok) return eq;
    if (eq.value.inputs.length !== 2) return bad('equation', 'sim shard plans two-operand einsums');
    const result = b.einsum(req.equation!, ids[0]!, ids[1]!, 'out');
    // jit's out_shardings compile as with_sharding_constraint on the returned value does (the same HLO on
    // JAX 0.10.2). Planned as a constraint after the einsum, the einsum takes its operands' layout where the
    // wanted one does not conflict and the result is resharded after it, as XLA's dot partitioner computes
    // (docs/conformance.md, rule 8). A malformed spec is left to planAuto, which reports it as out_shardings'.
    const spec = req.out === undefined ? undefined : canonicalizeSpec(req.out);
    b.output('out', spec?.ok === true ? b.constraint(result, spec.value, 'out_shardings') : result);
  } else {
    const spec = canonicalizeSpec(req.out);
    if (!spec.ok) return spec;
    // A multiply by 1 gives the partitioner an op whose result takes out_shardings; its FLOPs are not reported.
    b.output('out', b.scale(ids[0]!, 1, 'out'));
  }
  const program = b.build();
  const inShardings = Object.fromEntries(req.operands.map((o, i) => [`operand${i}`, o.spec]));
  const plan = planAuto(req.mesh, program, {
    inShardings,
    ...(req.out !== undefined ? { outShardings: { out: req.out } } : {}),
  });
  if (!plan.ok) return plan;
  const { shardings, collectives, ops } = plan.value;
  const outValue = program.outputs[0]!.value;
  const outSharding = shardings[outValue]!;
  const report: ShardReport = {
    out: {
      shape: program.values[outValue]!.shape,
      spec: specFromSharding(outSharding),
      unreduced: outSharding.unreduced,
    },
    localShapes: {
      operands: ids.map((id) => localShape(req.mesh, shardings[id]!, program.values[id]!.shape)),
      out: localShape(req.mesh, outSharding, program.values[outValue]!.shape),
    },
    collectives: collectives.map((c) => ({
      kind: c.kind,
      axes: c.axes,
      tensor: program.values[c.value]!.name,
      bytesPerDevice: c.bytesPerDevice,
    })),
    // A reshard only moves data: JAX compiles it to collectives and copies, no arithmetic.
    flopsPerDevice: req.op === 'reshard' ? 0 : ops.reduce((s, o) => s + o.flopsPerDevice, 0),
  };
  if (!req.execute) return ok(report);
  const bytes = executeBytes(
    req.mesh,
    program.values.map((v) => v.shape),
    program.values.map((v) => localShape(req.mesh, shardings[v.id]!, v.shape)),
  );
  if (bytes > MAX_EXECUTE_BYTES)
    return bad(
      'execute',
      `running it would allocate ${(bytes / 2 ** 30).toFixed(2)} GiB of arrays; execute allocates at most ${MAX_EXECUTE_BYTES / 2 ** 30} GiB (plan it without execute)`,
    );
  const rng = createRng(req.seed);
  const inputs = new Map(
    ids.map((id) => [program.values[id]!.name, fillNormal(program.values[id]!.shape, 1, rng, 'f32')]),
  );
  const execution = executePlan(plan.value, inputs);
  const tasting = tasteOutputs(req.mesh, program, execution.values, interpret(program, inputs, 'f64'));
  const out = tasting.outputs[0]!;
  return ok({
    ...report,
    execution: { maxAbsError: out.maxAbsError, relError: out.relError, ok: out.ok, reference: 'float64' },
  });
}
