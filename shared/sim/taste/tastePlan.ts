// `taste` (试菜): run a whole small plan for real — forward, backward and update in auto and pmap mode, the
// player's forward program in manual mode — on every simulated device, and compare with one device in float64.
import type { CollectiveRecord } from '../collectives/ledger.ts';
import { meshToString } from '../mesh.ts';
import { specFromSharding, specToString } from '../partitionSpec.ts';
import { interpret } from '../program/interpret.ts';
import { operandsOf } from '../program/ir.ts';
import { ok, type Result } from '../result.ts';
import { deviceBlock, localShape } from '../sharding.ts';
import { executePlan } from '../spmd/executePlan.ts';
import { recyclingArrays } from '../tensor/arena.ts';
import { buildStep, type BuiltStep } from './buildStep.ts';
import { planStep, type ScalePlan } from './planStep.ts';
import type { TasteRequest } from './tasteRequest.ts';
import { tasteOutputs, type OutputTasting } from './tasteOutputs.ts';
import { tasteManual } from './tasteManual.ts';

export interface TensorReport {
  readonly name: string;
  readonly phase: string;
  /** The part of the model it belongs to ('blk0/attention'; '' at the top; ir.ts `Value.scope`). */
  readonly scope: string;
  readonly role?: string;
  readonly shape: readonly number[];
  readonly spec: string;
  readonly localShape: readonly number[];
  /** Names of the values it is computed from, in operand order ([] for an input). */
  readonly operands: readonly string[];
}

export interface CollectiveReport {
  readonly kind: string;
  readonly axes: readonly string[];
  readonly tensor: string;
  /** The op it was inserted at (auto mode) or the player's op (manual mode). */
  readonly at: string;
  readonly place: 'operand' | 'result' | 'body';
  readonly phase: string;
  /** Planned bytes one device sends (ring formulas); absent in manual mode, where the player placed it. */
  readonly plannedBytesPerDevice?: number;
  /** Bytes the busiest device really sent and received in the simulation. */
  readonly bytesSent: number;
  readonly bytesReceived: number;
}

export interface TasteReport {
  readonly model: string;
  readonly mode: string;
  readonly step: string;
  readonly mesh: string;
  readonly devices: number;
  readonly ok: boolean;
  readonly tolerance: number;
  readonly outputs: readonly OutputTasting[];
  readonly tensors: readonly TensorReport[];
  readonly collectives: readonly CollectiveReport[];
  /** Per axis group ('x', or 'x+y' for a collective over both): bytes the busiest device sent / received. */
  readonly bytesPerAxis: Readonly<Record<string, { readonly sent: number; readonly received: number }>>;
  readonly flopsPerDevice: number;
  /** Every device's block of every output (only with includeShards). */
  readonly shards?: Readonly<
    Record<string, readonly { device: number; start: number[]; size: number[]; values: number[] }[]>
  >;
}

/** Per axis group, the most bytes one device sent and received over all `records`. */
export function bytesPerAxis(
  records: readonly CollectiveRecord[],
  devices: number,
): TasteReport['bytesPerAxis'] {
  const sums = new Map<string, { sent: number[]; received: number[] }>();
  for (const r of records) {
    const key = r.axes.join('+');
    const s = sums.get(key) ?? {
      sent: new Array<number>(devices).fill(0),
      received: new Array<number>(devices).fill(0),
    };
    r.bytesSent.forEach((b, d) => (s.sent[d]! += b));
    r.bytesReceived.forEach((b, d) => (s.received[d]! += b));
    sums.set(key, s);
  }
  return Object.fromEntries(
    [...sums].map(([k, s]) => [k, { sent: Math.max(...s.sent), received: Math.max(...s.received) }]),
  );
}

/**
 * Builds, plans, runs the plan of `req` on real shards and tastes it against the single-device float64
 * reference.
 */
export function tastePlan(req: TasteRequest): Result<TasteReport> {
  const built = buildStep(req.model, req.dims, req.step, req.optimizer);
  if (!built.ok) return built;
  const planned = planStep(req, built.value.program);
  if (!planned.ok) return planned;
  return tastePlanned(req, built.value, planned.value);
}

/**
 * Runs `planned` (the plan of `built` for `req`, as planStep made it) and tastes it. The report is plain
 * data (shards are copied out with `Array.from`), so the arrays of the run are recycled.
 */
export function tastePlanned(req: TasteRequest, built: BuiltStep, planned: ScalePlan): Result<TasteReport> {
  return recyclingArrays(() => taste(req, built, planned));
}

function taste(req: TasteRequest, built: BuiltStep, planned: ScalePlan): Result<TasteReport> {
  const program = built.program;
  const inputs = built.inputs(req.seed);
  const head = {
    model: req.model,
    mode: req.mode,
    step: req.step,
    mesh: meshToString(req.mesh),
    devices: req.mesh.deviceCount,
  };
  if (planned.kind === 'manual') {
    const manual = tasteManual(req, program, inputs, planned.shardMap);
    return manual.ok ? ok({ ...head, ...manual.value }) : manual;
  }
  const plan = planned.plan;
  const mesh = req.mesh;
  const execution = executePlan(plan, inputs);
  const tasting = tasteOutputs(mesh, program, execution.values, interpret(program, inputs, 'f64'));
  const name = (id: number) => program.values[id]!.name;
  return ok({
    ...head,
    ok: tasting.ok,
    tolerance: tasting.tolerance,
    outputs: tasting.outputs,
    tensors: program.values.map((v) => {
      const s = plan.shardings[v.id]!;
      return {
        name: v.name,
        phase: v.phase,
        scope: v.scope ?? '',
        ...(v.node.kind === 'input' ? { role: v.node.role } : {}),
        shape: v.shape,
        spec: specToString(specFromSharding(s)),
        localShape: localShape(mesh, s, v.shape),
        operands: operandsOf(v.node).map(name),
      };
    }),
    collectives: plan.collectives.map((c, i) => ({
      kind: c.kind,
      axes: c.axes,
      tensor: name(c.value),
      at: name(c.at),
      place: c.place,
      phase: c.phase,
      plannedBytesPerDevice: c.bytesPerDevice,
      bytesSent: Math.max(...execution.records[i]!.bytesSent),
      bytesReceived: Math.max(...execution.records[i]!.bytesReceived),
    })),
    bytesPerAxis: bytesPerAxis(execution.records, mesh.deviceCount),
    flopsPerDevice: plan.ops.reduce((s, o) => s + o.flopsPerDevice, 0),
    ...(req.includeShards
      ? {
          shards: Object.fromEntries(
            program.outputs.map(({ name: out, value }) => {
              const t = execution.values[value]!;
              return [
                out,
                t.shards.map((data, device) => ({
                  device,
                  ...deviceBlock(mesh, t.sharding, t.shape, device),
                  values: Array.from(data),
                })),
              ];
            }),
          ),
        }
      : {}),
  });
}
