// Exports for the sandbox and the score screen (docs/design.md §5.1): the plan as runnable JAX — jax.jit with
// shardings (jaxSnippet.ts) or jax.shard_map with the player's collectives (shardMapSnippet.ts), at the
// tasting scale (runs on a laptop with forced CPU devices) or the banquet scale; for the Megatron levels, one
// transformer layer of the layout — and the step's timeline as a Chrome trace (Perfetto opens it).
import type { ChromeTrace, TraceEvent } from '../sim/export/chromeTrace.ts';
import { planReshard } from '../sim/collectives/reshard.ts';
import { backwardRegathers } from '../sim/cost/collectivePricing.ts';
import { devicesLabel } from '../sim/deviceIdsText.ts';
import { jaxSnippet } from '../sim/export/jaxSnippet.ts';
import { shardMapSnippet } from '../sim/export/shardMapSnippet.ts';
import type { Program } from '../sim/program/ir.ts';
import type { ShardMapProgram } from '../sim/spmd/buildShardMap.ts';
import type { Mesh } from '../sim/mesh.ts';
import type { SpmdPlan } from '../sim/spmd/partition.ts';
import { STAGE_AXIS } from '../sim/train/trainAxes.ts';
import { simulateTrain } from '../sim/train/simulateTrain.ts';
import { parseTrainRequest } from '../sim/train/trainRequest.ts';
import type { GameResult } from './errors.ts';
import { fromSim } from './explain.ts';
import type { StepTimeline } from './evaluation.ts';
import type { Level } from './level.ts';
import { autoAnnotations, trainDocument } from './planDocuments.ts';
import type { PlanState } from './planState.ts';
import { prepareTasting } from './prepareTasting.ts';
import { scenarioProgram, type Scale } from './scenarioProgram.ts';

/** One collective the game lists for a plan: one entry per collective per step. */
export interface ExportedCollective {
  readonly kind: string;
  readonly axes: readonly string[];
  /** The value whose data moves. */
  readonly tensor: string;
  readonly phase: string;
}

/** A plan exported as JAX, with what running it needs and the collectives the game lists for it. */
export interface PlanExport {
  readonly python: string;
  readonly devices: number;
  readonly mesh: { readonly axes: readonly (readonly [string, number])[] };
  /** Whether running `python` executes the step (tasting scale) or lowers and compiles it only. */
  readonly run: 'execute' | 'compile';
  readonly collectives: readonly ExportedCollective[];
}

/**
 * The plan's collectives as the step's priced list has them, then those that bring each updated value back to
 * its input's sharding (the export pins them there so that the outputs feed the next step). A tasting level's
 * plan is pinned already (prepareTasting.ts `withUpdatesPinned`: the reshards are its own, priced and listed),
 * so this adds nothing to it; Megatron's one-layer plan (blockCost.ts) is planned without the pin, and priced
 * with Megatron's backward re-gathers (`megatronRegathers`, pricePlan.ts), listed here too. Axes of size 1
 * are left out of a group (a Megatron level's `data` or `model` of 1): XLA's groups cannot tell them, and a
 * collective over one device in all moves nothing and is not listed, as the priced lists (spmdStep.ts,
 * trainCollectives.ts) do not list it.
 */
function spmdCollectives(
  plan: SpmdPlan,
  opts: { readonly skip?: ReadonlySet<number>; readonly megatronRegathers?: boolean } = {},
): ExportedCollective[] {
  const values = plan.program.values;
  const sizeOf = (a: string) => plan.mesh.axes.find((x) => x.name === a)?.size ?? 1;
  const listed: ExportedCollective[] = [];
  const list = (c: { kind: string; axes: readonly string[] }, tensor: string, phase: string) => {
    const axes = c.axes.filter((a) => sizeOf(a) > 1);
    if (axes.length > 0) listed.push({ kind: c.kind, axes, tensor, phase });
  };
  for (const c of plan.collectives) list(c, values[c.value]!.name, c.phase);
  if (opts.megatronRegathers === true)
    for (const c of backwardRegathers(plan)) list(c, values[c.value]!.name, c.phase);
  for (const o of plan.program.outputs) {
    const input = values[o.value]!.updates;
    if (input === undefined || opts.skip?.has(o.value) === true) continue;
    const steps = planReshard(
      plan.mesh,
      values[o.value]!.shape,
      plan.shardings[o.value]!,
      plan.shardings[input]!,
    );
    if (!steps.ok) continue;
    for (const step of steps.value) list(step, o.name, 'update');
  }
  return listed;
}

/** The player's collectives of a shard_map body, named as `sim shard` names the inserted ones. */
const MANUAL_KIND: Readonly<Record<string, string>> = {
  psum: 'all-reduce',
  allGather: 'all-gather',
  psumScatter: 'reduce-scatter',
  allToAll: 'all-to-all',
  ppermute: 'collective-permute',
};
const manualCollectives = (sm: ShardMapProgram): ExportedCollective[] =>
  sm.program.values.flatMap((v) => {
    const kind = MANUAL_KIND[v.node.kind];
    if (kind === undefined) return [];
    const axes = v.node.kind === 'ppermute' ? [v.node.axis] : 'axes' in v.node ? v.node.axes : [];
    return [{ kind, axes, tensor: v.name, phase: 'forward' }];
  });

/**
 * The plan as a JAX program with its device count, mesh and listed collectives. The tasting scale runs
 * (seeded random data); the banquet scale, and the Megatron levels (one full-size transformer layer,
 * priced only), lower and compile only.
 * @example exportPlan(level, level.reference, 'tasting') // { ok: true, value: { python: '# Mesh Kitchen: …', devices: 4, … } }
 */
export function exportPlan(level: Level, state: PlanState, scale: Scale = 'tasting'): GameResult<PlanExport> {
  const title = `Mesh Kitchen: ${level.title.en}`;
  const s = level.scenario;
  const mesh = { axes: state.mesh.map((a) => [a.name, a.size] as const) };
  const devices = state.mesh.reduce((n, a) => n * a.size, 1);
  const run = scale === 'tasting' && s.engine === 'tasting+pricing' ? 'execute' : 'compile';
  if (s.engine === 'tasting+pricing') {
    const prepared = fromSim(prepareTasting(s, state));
    if (!prepared.ok) return prepared;
    const plan = scale === 'tasting' ? prepared.value.tasting : prepared.value.banquet;
    const opts = { title: `${title} (${scale} scale)`, run, seed: s.seed ?? 0 } as const;
    if (plan.kind === 'manual') {
      const reference = scenarioProgram(s, scale, 'forward');
      return {
        ok: true,
        value: {
          python: shardMapSnippet(plan.shardMap, prepared.value.mesh, {
            ...opts,
            ...(reference.ok ? { reference: reference.value } : {}),
          }),
          devices,
          mesh,
          run,
          collectives: manualCollectives(plan.shardMap),
        },
      };
    }
    const program: Program = plan.plan.program;
    const python = jaxSnippet(plan.plan, {
      ...opts,
      ...(state.mode === 'pmap'
        ? { pmapAxis: prepared.value.request.pmapAxis ?? state.mesh[0]!.name }
        : { constraints: Object.keys(autoAnnotations(program, state.specs).constraints ?? {}) }),
    });
    return { ok: true, value: { python, devices, mesh, run, collectives: spmdCollectives(plan.plan) } };
  }
  const doc = trainDocument(s, state);
  if (!doc.ok) return doc;
  const req = fromSim(parseTrainRequest(doc.value));
  if (!req.ok) return req;
  const sim = fromSim(simulateTrain(req.value));
  if (!sim.ok) return sim;
  const { tp, pp, dp, recompute, schedule, virtualStages } = req.value.parallel;
  const { megatron, layer } = sim.value.blocks;
  const saved = { none: megatron.savedNone, selective: megatron.savedSelective, full: megatron.savedFull }[
    recompute
  ];
  // The layer as one stage runs it, on that stage's devices: left in the mesh, the stage axis holds copies
  // of every value, and XLA moved the sequence-parallel gathers onto it (a permute from `model` to `stage`,
  // then an all-gather over `stage`, across nodes on a real machine; JAX 0.10.2, the-profiler's reference).
  const full = sim.value.blocks.mesh;
  const stageMesh: Mesh = {
    axes: full.axes.filter((a) => a.name !== STAGE_AXIS),
    deviceCount: full.deviceCount / pp,
  };
  const python = jaxSnippet(layer.plan, {
    mesh: stageMesh,
    skip: megatron.harness,
    constraints: sim.value.blocks.layerConstraints,
    run,
    ...(recompute === 'none' ? {} : { saved }),
    pipeline: { stages: pp, schedule, microbatches: sim.value.microbatches, virtualStages },
    title: `${title}: one transformer layer (tp ${tp}, dp ${dp}; each of the ${pp} stages runs ${s.model.layers / pp}; recompute ${recompute})`,
  });
  return {
    ok: true,
    value: {
      python,
      devices: stageMesh.deviceCount,
      mesh: { axes: stageMesh.axes.map((a) => [a.name, a.size] as const) },
      run,
      collectives: spmdCollectives(layer.plan, { skip: megatron.harness, megatronRegathers: true }),
    },
  };
}

/**
 * The plan as a JAX program (Python source).
 * @example exportJax(level, level.reference) // { ok: true, value: '# Mesh Kitchen: The fridge is too small …' }
 */
export function exportJax(level: Level, state: PlanState, scale: Scale = 'tasting'): GameResult<string> {
  const r = exportPlan(level, state, scale);
  return r.ok ? { ok: true, value: r.value.python } : r;
}

/** Microseconds, rounded to the nanosecond (as chromeTrace.ts). */
const us = (s: number): number => Math.round(s * 1e9) / 1e3;

/**
 * The timeline as Chrome trace-event JSON: one thread per lane, named by its label and its devices' mesh ids
 * (devicesLabel: stage 0 of dp 8 × pp 8 × tp 8 is "0–7, 64–71, …, 448–455", not a range it does not
 * hold), one complete event per non-idle event; overlapped events (gradient reductions) on a second thread
 * of the lane, named only when the lane has any.
 */
export function timelineTrace(timeline: StepTimeline): ChromeTrace {
  const events: TraceEvent[] = [];
  timeline.lanes.forEach((lane, i) => {
    const name = `${lane.label.en} (${devicesLabel(lane.devices)})`;
    events.push({ name: 'thread_name', ph: 'M', ts: 0, pid: 0, tid: 2 * i, args: { name } });
    if (lane.events.some((e) => e.overlapped && e.kind !== 'idle'))
      events.push({
        name: 'thread_name',
        ph: 'M',
        ts: 0,
        pid: 0,
        tid: 2 * i + 1,
        args: { name: `${name}: overlapped` },
      });
    for (const e of lane.events) {
      if (e.kind === 'idle') continue;
      events.push({
        name: e.label ?? (e.microbatch === undefined ? e.kind : `${e.kind} mb ${e.microbatch}`),
        cat: e.kind,
        ph: 'X',
        ts: us(e.startS),
        dur: us(e.endS - e.startS),
        pid: 0,
        tid: e.overlapped ? 2 * i + 1 : 2 * i,
      });
    }
  });
  return { traceEvents: events, displayTimeUnit: 'ms' };
}
