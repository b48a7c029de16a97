// Tasting a manual-mode (shard_map) plan: the player's per-device forward program runs on every device with
// the collectives the player placed, and each output is compared, by name, with the same value of the
// model's forward pass on one device in float64. A missing psum shows up here as a large error.
import { operandsOf, type Program, type ValueId } from '../program/ir.ts';
import { interpret } from '../program/interpret.ts';
import { err, ok, type Result } from '../result.ts';
import { deviceBlock } from '../sharding.ts';
import type { ShardMapIO, ShardMapProgram } from '../spmd/buildShardMap.ts';
import { runShardMap } from '../spmd/runShardMap.ts';
import { einsumFlops, parseEinsum } from '../tensor/einsumEquation.ts';
import { sizeOf, type NdArray } from '../tensor/ndarray.ts';
import { specFromSharding, specToString } from '../partitionSpec.ts';
import type { Sharding } from '../sharding.ts';
import { compareArrays, TASTING_TOLERANCE } from './compareArrays.ts';
import type { TasteReport } from './tastePlan.ts';
import { bytesPerAxis } from './tastePlan.ts';
import type { TasteRequest } from './tasteRequest.ts';

type Body = Omit<TasteReport, 'model' | 'mode' | 'step' | 'mesh' | 'devices'>;

/** Runs the player's planned shard_map `sm` of `program` and tastes each output against the model's. */
export function tasteManual(
  req: TasteRequest,
  program: Program,
  inputs: ReadonlyMap<string, NdArray>,
  sm: ShardMapProgram,
): Result<Body> {
  const mesh = req.mesh;
  const reference = interpret(program, inputs, 'f64');
  const refByName = new Map(program.values.map((v) => [v.name, reference[v.id]!]));
  const missing = sm.outputs.find((o) => !refByName.has(o.name));
  if (missing)
    return err(
      'shard-map/unknown-output',
      { output: missing.name, model: req.model },
      `manual.outputs: '${missing.name}' names no value of ${req.model} to taste against; name an output after one of: ${program.values.map((v) => v.name).join(', ')}`,
    );
  const run = runShardMap(mesh, sm, inputs);
  const outputs = sm.outputs.map((o) => {
    const want = refByName.get(o.name)!;
    const got = run.outputs.get(o.name)!;
    let scale = Number.MIN_VALUE;
    for (const x of want.data) scale = Math.max(scale, Math.abs(x));
    if (!sameShape(got.shape, want.shape))
      return {
        name: o.name,
        phase: 'forward' as const,
        shape: o.globalShape,
        spec: rankedSpec(o.sharding),
        maxAbsError: scale,
        relError: 1,
        replicaMismatch: run.replicaDiff.get(o.name) ?? 0,
        expectedShape: want.shape,
        ok: false,
      };
    const cmp = compareArrays(got, want);
    const replicaMismatch = run.replicaDiff.get(o.name) ?? 0;
    const devices = cmp.worst
      ? Array.from({ length: mesh.deviceCount }, (_, d) => d).filter((d) => {
          const { start, size } = deviceBlock(mesh, o.sharding, o.globalShape, d);
          return cmp.worst!.index.every((i, k) => i >= start[k]! && i < start[k]! + size[k]!);
        })
      : [];
    return {
      name: o.name,
      phase: 'forward' as const,
      shape: o.globalShape,
      spec: rankedSpec(o.sharding),
      maxAbsError: cmp.maxAbsError,
      relError: cmp.relError,
      replicaMismatch,
      ...(cmp.worst && cmp.maxAbsError > 0 ? { worst: { ...cmp.worst, devices } } : {}),
      ok: cmp.relError <= TASTING_TOLERANCE && replicaMismatch / scale <= TASTING_TOLERANCE,
    };
  });
  const local = sm.program;
  const flopsPerDevice = local.values.reduce((sum, v) => {
    if (v.node.kind === 'input') return sum;
    if (v.node.kind !== 'einsum') return sum + sizeOf(v.shape);
    const eq = parseEinsum(
      v.node.equation,
      v.node.operands.map((id) => local.values[id]!.shape),
    );
    return sum + (eq.ok ? einsumFlops(eq.value) : 0);
  }, 0);
  const records = run.records.map((r) => r.record);
  return ok({
    ok: outputs.every((o) => o.ok),
    tolerance: TASTING_TOLERANCE,
    outputs,
    tensors: [
      ...sm.inputs.map((io) => ({ io, operands: [] as string[] })),
      ...sm.outputs.map((io) => ({ io, operands: inputsRead(local, io.value, sm.inputs) })),
    ].map(({ io, operands }) => ({
      name: io.name,
      phase: 'forward',
      scope: '',
      shape: io.globalShape,
      spec: rankedSpec(io.sharding),
      localShape: io.localShape,
      operands,
    })),
    // A pass is named by the value it sends, as the pricing names it (manualStep.ts) and as auto mode names
    // a reshard; `at` is the value it defines, where the static view pins it.
    collectives: run.records.map(({ value, operand, record }) => ({
      kind: record.kind,
      axes: record.axes,
      tensor: operand,
      at: value,
      place: 'body' as const,
      phase: 'forward',
      bytesSent: Math.max(...record.bytesSent),
      bytesReceived: Math.max(...record.bytesReceived),
    })),
    bytesPerAxis: bytesPerAxis(records, mesh.deviceCount),
    flopsPerDevice,
    ...(req.includeShards
      ? {
          shards: Object.fromEntries(
            sm.outputs.map((o) => [
              o.name,
              (run.locals.get(req.manual!.outputs.get(o.name) ?? o.name) ?? []).map((data, device) => ({
                device,
                ...deviceBlock(mesh, o.sharding, o.globalShape, device),
                values: Array.from(data),
              })),
            ]),
          ),
        }
      : {}),
  });
}

/** The shard_map inputs that body value `id` reads, directly or through the body, in input order. */
function inputsRead(body: Program, id: ValueId, inputs: readonly ShardMapIO[]): string[] {
  const seen = new Set<ValueId>();
  const stack = [id];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    stack.push(...operandsOf(body.values[v]!.node));
  }
  return inputs.filter((io) => seen.has(io.value)).map((io) => io.name);
}

const sameShape = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * A shard_map label with one entry per dimension, as the auto mode's tasting (specFromSharding) and the plan
 * editor write it: in_specs `P()` of a matrix reads `P(None, None)`, the same sharding in JAX.
 */
const rankedSpec = (s: Sharding): string => specToString(specFromSharding(s), s.unreduced);
