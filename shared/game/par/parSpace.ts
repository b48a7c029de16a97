// The plans a level's allowed edits can reach, as choice dimensions the par search walks (par/searchPar.ts).
// Data-driven: the dimensions come from the level's `editable` edits and `limits` — a new level (an MoE one,
// say) gets its space from its own data. Each dimension maps the plan chosen so far to the plans one choice
// of it makes, so a choice can depend on earlier ones (the microbatches on the data-parallel size, the
// interleaved chunks on the stages). Plans are built as data; evaluatePlan refuses the ones the core would
// refuse (a batch that does not split, layers that do not divide), exactly as applyEdit would.
//
// What each edit contributes:
//   setSpec/clearSpec   every label of every listed dish: unlabelled, or each dimension None or one mesh axis
//                       (an axis at most once per label); ranks from the start plan's tasting
//   setMesh             every grid of the start's axes with sizes the grid form offers (1–16, powers of two)
//                       within the level's kitchens
//   renameAxis          every assignment of the level's axis names to the start's axes
//   setMode             every mode the level offers
//   setPipeline         schedule × interleaved chunks v (divisors of layers/pp) × microbatches (divisors of
//                       the sequences per data-parallel replica)
//   setRecompute, setZero, setSequenceParallel, setCapacityFactor   every value
//   manual passes       the start body with each op of the reference body that the start lacks, in or out,
//                       and every output among the body's values (the search cannot invent collectives)
import type { Level } from '../level.ts';
import type { MeshAxisState, PlanState, SpecJson } from '../planState.ts';
import type { PipelineSchedule } from '../../sim/cost/pipelineSimulation.ts';
import type { RecomputePolicy } from '../../sim/train/trainRequest.ts';
import { CAPACITY_FACTORS } from '../../sim/cost/routedTokens.ts';

/** One choice dimension: the plans `plan`'s choice of it can lead to (never empty). */
export interface ParDimension {
  readonly name: string;
  readonly options: (plan: PlanState) => readonly PlanState[];
}

const SCHEDULES: readonly PipelineSchedule[] = ['gpipe', '1f1b', 'interleaved'];
const RECOMPUTE: readonly RecomputePolicy[] = ['none', 'selective', 'full'];
const ZERO: readonly PlanState['zeroStage'][] = [0, 1, 2, 3];

/** Divisors of n, ascending (n a positive integer). */
export function divisorsOf(n: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= n; d++) if (n % d === 0) out.push(d);
  return out;
}

/** Grid sizes the grid form offers up to `max`: 1–16, then the powers of two (meshGridForm's sizeChoices). */
export function gridSizes(max: number): number[] {
  const out: number[] = [];
  for (let s = 1; s <= Math.min(max, 16); s++) out.push(s);
  for (let s = 32; s <= max; s *= 2) out.push(s);
  return out;
}

/** Every label of a rank-`rank` dish over `axes`: each dimension None or one axis, an axis at most once. */
export function labelsOf(rank: number, axes: readonly string[]): SpecJson[] {
  let out: (string | null)[][] = [[]];
  for (let d = 0; d < rank; d++)
    out = out.flatMap((l) => [[...l, null], ...axes.filter((a) => !l.includes(a)).map((a) => [...l, a])]);
  return out;
}

/** Every grid with the start's axes (names kept, major first) whose sizes multiply to at most `max`. */
function grids(start: readonly MeshAxisState[], max: number): MeshAxisState[][] {
  let out: MeshAxisState[][] = [[]];
  for (const a of start)
    out = out.flatMap((g) => {
      const used = g.reduce((n, x) => n * x.size, 1);
      return gridSizes(Math.floor(max / used)).map((size) => [...g, { name: a.name, size }]);
    });
  return out;
}

/** Every way to give the start's axes distinct names among `names`. */
function renamings(start: readonly MeshAxisState[], names: readonly string[]): MeshAxisState[][] {
  let out: MeshAxisState[][] = [[]];
  for (const a of start)
    out = out.flatMap((g) =>
      names.filter((n) => !g.some((x) => x.name === n)).map((name) => [...g, { name, size: a.size }]),
    );
  return out;
}

const sizeOf = (plan: PlanState, name: string) => plan.mesh.find((a) => a.name === name)?.size ?? 1;

/** Renames axis names inside a label. */
const renameSpec = (spec: SpecJson, map: ReadonlyMap<string, string>): SpecJson =>
  spec.map((e) =>
    e === null ? null : typeof e === 'string' ? (map.get(e) ?? e) : e.map((x) => map.get(x) ?? x),
  );

/**
 * The choice dimensions of `level`, in the order the search fixes them. `ranks` gives the rank of every
 * dish the level lists (from the start plan's tasting; train levels list none).
 */
export function parSpace(level: Level, ranks: ReadonlyMap<string, number>): ParDimension[] {
  const can = (t: string) => level.editable.includes(t as Level['editable'][number]);
  const dims: ParDimension[] = [];
  const s = level.scenario;
  if (can('setMode') && level.limits.modes.length > 1)
    dims.push({ name: 'mode', options: (p) => level.limits.modes.map((mode) => ({ ...p, mode })) });
  if (can('renameAxis'))
    dims.push({
      name: 'axis names',
      options: (p) =>
        renamings(p.mesh, level.limits.axisNames).map((mesh) => {
          const map = new Map(p.mesh.map((a, i) => [a.name, mesh[i]!.name]));
          const specs = Object.fromEntries(Object.entries(p.specs).map(([k, v]) => [k, renameSpec(v, map)]));
          return { ...p, mesh, specs };
        }),
    });
  if (can('setMesh'))
    dims.push({
      name: 'grid',
      options: (p) => grids(p.mesh, level.limits.maxDevices).map((mesh) => ({ ...p, mesh })),
    });
  if (can('setPipeline') && s.engine === 'train') {
    if (!can('setMesh') && level.start.mesh.some((a) => a.name === 'stage'))
      dims.push({
        name: 'stages',
        options: (p) => {
          const others = p.mesh.reduce((n, a) => (a.name === 'stage' ? n : n * a.size), 1);
          return gridSizes(Math.floor(level.limits.maxDevices / others)).map((size) => ({
            ...p,
            mesh: p.mesh.map((a) => (a.name === 'stage' ? { ...a, size } : a)),
          }));
        },
      });
    dims.push({
      name: 'schedule',
      options: (p) =>
        SCHEDULES.flatMap((schedule) =>
          (schedule === 'interleaved'
            ? divisorsOf(Math.max(1, Math.floor(s.model.layers / sizeOf(p, 'stage'))))
            : [1]
          )
            .filter((v) => schedule !== 'interleaved' || v > 1)
            .map((virtualStages) => ({ ...p, pipeline: { ...p.pipeline, schedule, virtualStages } })),
        ),
    });
    dims.push({
      name: 'microbatches',
      options: (p) => {
        const perReplica = s.globalBatch / sizeOf(p, 'data');
        if (!Number.isInteger(perReplica)) return [p];
        return divisorsOf(perReplica).map((microbatches) => ({
          ...p,
          pipeline: { ...p.pipeline, microbatches },
        }));
      },
    });
  }
  if (can('setRecompute'))
    dims.push({ name: 'recompute', options: (p) => RECOMPUTE.map((recompute) => ({ ...p, recompute })) });
  if (can('setZero'))
    dims.push({ name: 'zero', options: (p) => ZERO.map((zeroStage) => ({ ...p, zeroStage })) });
  if (can('setSequenceParallel'))
    dims.push({
      name: 'sequence parallel',
      options: (p) => [false, true].map((sequenceParallel) => ({ ...p, sequenceParallel })),
    });
  if (can('setCapacityFactor'))
    dims.push({
      name: 'capacity factor',
      options: (p) => CAPACITY_FACTORS.map((capacityFactor) => ({ ...p, capacityFactor })),
    });
  if (can('setSpec'))
    for (const tensor of level.limits.tensors) {
      const rank = ranks.get(tensor);
      if (rank === undefined) continue;
      dims.push({
        name: `label ${tensor}`,
        options: (p) => {
          const axes = p.mesh.map((a) => a.name);
          const labels = labelsOf(rank, axes);
          if (p.mode === 'manual' && p.manual) {
            const side = tensor in p.manual.outSpecs ? 'outSpecs' : 'inSpecs';
            return labels.map((spec) => ({
              ...p,
              manual: { ...p.manual!, [side]: { ...p.manual![side], [tensor]: spec } },
            }));
          }
          const { [tensor]: _dropped, ...rest } = p.specs;
          const cleared = can('clearSpec') ? [{ ...p, specs: rest }] : [];
          return [...cleared, ...labels.map((spec) => ({ ...p, specs: { ...p.specs, [tensor]: spec } }))];
        },
      });
    }
  const [sm, rm] = [level.start.manual, level.reference.manual];
  if (sm && rm && can('addManualOp')) {
    const extra = rm.body.filter((o) => !sm.body.some((b) => b.name === o.name));
    for (const op of extra)
      dims.push({
        name: `pass ${op.name}`,
        options: (p) =>
          p.manual ? [p, { ...p, manual: { ...p.manual, body: [...p.manual.body, op] } }] : [p],
      });
    if (can('setManualOutput'))
      for (const output of Object.keys(sm.outputs))
        dims.push({
          name: `serve ${output}`,
          options: (p) =>
            p.manual
              ? p.manual.body.map((o) => ({
                  ...p,
                  manual: { ...p.manual!, outputs: { ...p.manual!.outputs, [output]: o.name } },
                }))
              : [p],
        });
  }
  return dims;
}
