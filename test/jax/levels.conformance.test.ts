// Every level's start, reference and trap plan exported (shared/game/exportPlan.ts) and checked on real JAX
// 0.10.2: at the tasting scale the export runs on the core's own input arrays (the tasting's seeded data,
// handed to Python), the collectives in the compiled HLO equal those the game lists for the plan, and the
// loss and every gradient (manual mode: every output) equal the core's sharded run within 1e-4 relative; at
// the banquet scale every export (also of the plans a debrief quotes) lowers and compiles and its
// collectives equal the game's priced list (the Megatron levels' one layer with the differences
// BANQUET_DIFFERENCES names). The case list is data (LEVELS × plans), so a new level or model is checked
// without a new test. On the CPU backend XLA forms no reduce-scatter (it all-reduces, then each device
// slices its part): a listed reduce-scatter counts as an all-reduce, and the game's all-slice (a local
// slice, no traffic) as nothing (docs/conformance.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../shared/game/evaluatePlan.ts';
import { exportPlan, type PlanExport } from '../../shared/game/exportPlan.ts';
import type { Level } from '../../shared/game/level.ts';
import { LEVELS } from '../../shared/game/levels/index.ts';
import type { PlanState } from '../../shared/game/planState.ts';
import { prepareTasting } from '../../shared/game/prepareTasting.ts';
import { assemble } from '../../shared/sim/collectives/distTensor.ts';
import { unwrap } from '../../shared/sim/result.ts';
import { buildShardMap } from '../../shared/sim/spmd/buildShardMap.ts';
import { executePlan } from '../../shared/sim/spmd/executePlan.ts';
import { runShardMap } from '../../shared/sim/spmd/runShardMap.ts';
import { buildStep } from '../../shared/sim/taste/buildStep.ts';
import { shardMapInputs } from '../../shared/sim/taste/planStep.ts';
import type { NdArray } from '../../shared/sim/tensor/ndarray.ts';
import { collectiveKeys, hloCollectives } from './hloCollectives.ts';
import { JAX_AVAILABLE, runJax, type JaxResult } from './jaxOracle.ts';

/** Relative agreement asked of JAX and the core (float32 on both sides, different summation orders). */
const RTOL = 1e-4;
/** Largest mesh the tasting-scale cases need run in one process; bigger meshes get a process of their own. */
const SHARED_DEVICES = 32;

const PLANS = ['start', 'reference', 'trap'] as const;
const planOf = (l: Level, which: (typeof PLANS)[number]): PlanState =>
  which === 'trap' ? l.trap.plan : l[which];

/**
 * Plans besides each level's start, reference and trap, checked the same way (case `<level> <name>`): the
 * recommender's order slips split by batch with the table by rows, where XLA's partitioned gather first
 * all-gathers the ids and its partitioned scatter-add all-gathers the updates into each device's own rows
 * (docs/conformance.md, "Embedding lookups").
 */
const EXTRA_PLANS: readonly { level: string; name: string; plan: (l: Level) => PlanState }[] = [
  {
    level: 'giant-spice-rack',
    name: 'ids by batch',
    plan: (l) => ({ ...l.reference, specs: { ...l.reference.specs, ids: ['row'] } }),
  },
];

/** The game's list as the CPU backend compiles it: reduce-scatter → all-reduce, all-slice → nothing. */
export const onCpu = (cs: PlanExport['collectives']) =>
  cs
    .filter((c) => c.kind !== 'all-slice')
    .map((c) => ({ kind: c.kind === 'reduce-scatter' ? 'all-reduce' : c.kind, axes: c.axes }));

/** The export of a plan the level ships (an error would be a bug). */
function exported(level: Level, state: PlanState, scale: 'tasting' | 'banquet'): PlanExport {
  const r = exportPlan(level, state, scale);
  if (!r.ok) throw new Error(`${level.id}: ${r.error.type}: ${r.error.message}`);
  return r.value;
}

/**
 * Where XLA's compiled choice is known to differ from the game's, what it adds and drops (the test checks the
 * difference is exactly this, so a change on either side shows). Why: docs/conformance.md. None today.
 */
const KNOWN_DIFFERENCES: Readonly<Record<string, { extra: readonly string[]; missing: readonly string[] }>> =
  {};

/** `n` copies of a key. */
const times = (n: number, key: string): string[] => Array.from({ length: n }, () => key);

/**
 * At the banquet scale, the Megatron levels' one-layer exports where XLA's compiled collectives differ from
 * the game's priced list, as measured on JAX 0.10.2 (docs/conformance.md, "The Megatron layer"):
 * - full recompute: XLA recomputes the attention's forward all-reduce (under sequence parallelism its
 *   reduce-scatter) for the backward and drops the MLP's, whose output the backward does not read; the game
 *   lists a forward collective once (RECOMPUTED);
 * - sequence parallelism without recompute: Megatron gathers the layer norms' outputs again for the weight
 *   gradients (priced and listed), XLA keeps them gathered (KEPT_GATHERED);
 * - ZeRO-1: the export returns each gradient whole, so XLA gathers back the reduced slices of the five
 *   sharded weights (without the gradient outputs the compiled step has the game's five gathers only);
 * - ZeRO-3 under full recompute: the recompute gathers the QKV bias again for its add, whose backward does not
 *   read it (the game's backward re-gathers are of the weights the backward reads).
 */
const RECOMPUTED = { extra: ['all-reduce over model'], missing: [] };
const KEPT_GATHERED = { extra: [], missing: times(2, 'all-gather over model') };
const BANQUET_DIFFERENCES: Readonly<
  Record<string, { extra: readonly string[]; missing: readonly string[] }>
> = {
  'the-banquet articlePlan': RECOMPUTED,
  'the-profiler start': RECOMPUTED,
  'the-profiler trap': RECOMPUTED,
  'the-profiler reference': KEPT_GATHERED,
  'cook-again full': RECOMPUTED,
  'cook-again fullSequenceParallel': RECOMPUTED,
  'cook-again sequenceParallelOnly': KEPT_GATHERED,
  'seasoning-ledgers reference': { extra: times(5, 'all-gather over data'), missing: [] },
  'seasoning-ledgers zero3': { extra: ['all-gather over data'], missing: [] },
};

/** The game's keys with a known difference applied. */
function expectedKeys(
  name: string,
  listed: readonly string[],
  known: typeof KNOWN_DIFFERENCES = KNOWN_DIFFERENCES,
): string[] {
  const d = known[name];
  if (d === undefined) return [...listed];
  const keys = [...listed, ...d.extra];
  for (const m of d.missing) {
    const at = keys.indexOf(m);
    if (at < 0) throw new Error(`${name}: the game no longer lists ${m}; update its known difference`);
    keys.splice(at, 1);
  }
  return keys.sort();
}

interface Case {
  readonly name: string;
  readonly level: Level;
  readonly exported: PlanExport;
  readonly job: object;
  /** The core's values to compare with JAX's outputs, by output name. */
  readonly want: ReadonlyMap<string, NdArray>;
}

const doc = (arrays: Iterable<[string, NdArray]>) =>
  Object.fromEntries([...arrays].map(([k, a]) => [k, { shape: a.shape, data: Array.from(a.data) }]));

function tastingCase(
  level: Level,
  which: string,
  state: PlanState = planOf(level, which as (typeof PLANS)[number]),
): Case | undefined {
  const s = level.scenario;
  if (s.engine !== 'tasting+pricing') return undefined;
  const prepared = unwrap(prepareTasting(s, state));
  const req = prepared.request;
  const built = unwrap(buildStep(req.model, req.dims, req.step, req.optimizer));
  const program = built.program;
  const inputs = built.inputs(req.seed);
  const name = `${level.id} ${which}`;
  const exp = exported(level, state, 'tasting');
  if (prepared.tasting.kind === 'manual') {
    const sm = unwrap(
      buildShardMap(prepared.mesh, shardMapInputs(program), prepared.request.manual!, 'step'),
    );
    const run = runShardMap(prepared.mesh, sm, inputs);
    return {
      name,
      level,
      exported: exp,
      job: { kind: 'plan', mode: 'manual', run: 'execute', python: exp.python, inputs: doc(inputs) },
      want: new Map(sm.outputs.map((o) => [o.name, run.outputs.get(o.name)!])),
    };
  }
  const plan = prepared.tasting.plan;
  const execution = executePlan(plan, inputs);
  const roleOf = (n: string) => {
    const v = plan.program.values.find((x) => x.name === n)!;
    return v.node.kind === 'input' && v.node.role === 'optimizer'
      ? 'opt_state'
      : v.node.kind === 'input' && v.node.role === 'param'
        ? 'params'
        : 'data';
  };
  const group = (g: string) => doc([...inputs].filter(([k]) => roleOf(k) === g));
  const want = new Map(
    plan.program.outputs
      .filter(
        (o) =>
          o.name === 'loss' ||
          o.name.startsWith('grad/') ||
          plan.program.values[o.value]!.phase === 'forward',
      )
      .map((o) => [o.name, assemble(prepared.mesh, execution.values[o.value]!).value] as [string, NdArray]),
  );
  return {
    name,
    level,
    exported: exp,
    job: {
      kind: 'plan',
      mode: state.mode,
      run: 'execute',
      python: exp.python,
      inputs: { params: group('params'), opt_state: group('opt_state'), data: group('data') },
    },
    want,
  };
}

/** Largest |a − b| over max |b| (the tasting's relative error). */
function relError(got: readonly number[], want: NdArray): number {
  let diff = 0;
  let scale = Number.MIN_VALUE;
  want.data.forEach((w, i) => {
    diff = Math.max(diff, Math.abs((got[i] ?? NaN) - w));
    scale = Math.max(scale, Math.abs(w));
  });
  return got.length === want.data.length ? diff / scale : Infinity;
}

describe.skipIf(!JAX_AVAILABLE)(
  'every level on JAX 0.10.2, tasting scale: runs, same collectives, same numbers',
  () => {
    const extra = EXTRA_PLANS.map((x) => {
      const l = LEVELS.find((level) => level.id === x.level)!;
      return tastingCase(l, x.name, x.plan(l));
    });
    const cases = [...LEVELS.flatMap((l) => PLANS.map((p) => tastingCase(l, p))), ...extra].filter(
      (c) => c !== undefined,
    );
    const results = new Map<string, JaxResult>();
    beforeAll(async () => {
      const jobs = cases.map((c) => ({ ...c.job, id: c.name }));
      (await runJax(jobs, SHARED_DEVICES)).forEach((r, i) => results.set(cases[i]!.name, r));
    }, 900_000);

    it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
      const r = results.get(c.name)!;
      expect(r.error, JSON.stringify(r.error)).toBeUndefined();
      const mesh = c.exported.mesh.axes;
      expect(collectiveKeys(hloCollectives(r.hlo!, mesh))).toEqual(
        expectedKeys(c.name, collectiveKeys(onCpu(c.exported.collectives))),
      );
      for (const [name, want] of c.want) {
        const got = r.outputs![name];
        expect(got, `JAX returned no '${name}'`).toBeDefined();
        expect(relError(got!, want), name).toBeLessThanOrEqual(RTOL);
      }
    });
  },
);

describe.skipIf(!JAX_AVAILABLE)(
  'every level on JAX 0.10.2, banquet scale: compiles, same collectives',
  () => {
    // The three plans, and the plans a level's debrief quotes figures of (`lessonPlans`).
    const cases = LEVELS.flatMap((l) =>
      [...PLANS.map((p) => [p, planOf(l, p)] as const), ...Object.entries(l.lessonPlans ?? {})].map(
        ([name, plan]) => ({
          name: `${l.id} ${name}`,
          exported: exported(l, plan, 'banquet'),
          mode: plan.mode,
        }),
      ),
    );
    const results = new Map<string, JaxResult>();
    beforeAll(async () => {
      const byDevices = new Map<number, typeof cases>();
      for (const c of cases) {
        const n = c.exported.devices <= SHARED_DEVICES ? SHARED_DEVICES : c.exported.devices;
        byDevices.set(n, [...(byDevices.get(n) ?? []), c]);
      }
      for (const [n, group] of byDevices) {
        // Plans that export the same program (a start equal to its trap) are compiled once.
        const sources = [...new Set(group.map((c) => c.exported.python))];
        const jobs = sources.map((python) => ({
          kind: 'plan',
          mode: group.find((c) => c.exported.python === python)!.mode,
          run: 'compile',
          python,
        }));
        const answers = await runJax(jobs, n, 1_400_000);
        for (const c of group) results.set(c.name, answers[sources.indexOf(c.exported.python)]!);
      }
    }, 1_500_000);

    it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
      const r = results.get(c.name)!;
      expect(r.error, JSON.stringify(r.error)).toBeUndefined();
      expect(r.memory!.argument).toBeGreaterThan(0);
      expect(collectiveKeys(hloCollectives(r.hlo!, c.exported.mesh.axes))).toEqual(
        expectedKeys(c.name, collectiveKeys(onCpu(c.exported.collectives)), BANQUET_DIFFERENCES),
      );
    });

    // The price as well as the list: under ZeRO-3 with full recompute XLA gathers each weight twice per
    // microbatch (forward, recompute; the backward reads the recompute's copy), and the step is priced with
    // as many (blockCost.ts `regatheredParameters`). Counted over the tensors the export shards by its specs
    // (the weights and the QKV bias; the other vectors are DeepSpeed's flat partitions in the price and
    // replicated in the export). A weight's backward gather runs once per layer and microbatch, so the priced
    // runs over it count the gathers of one layer's step: 10, the old price 14.
    it('seasoning-ledgers zero3: as many ZeRO-3 gathers priced per layer and microbatch as XLA compiles', () => {
      const level = LEVELS.find((l) => l.id === 'seasoning-ledgers')!;
      const c = cases.find((x) => x.name === 'seasoning-ledgers zero3')!;
      const overData = (x: { kind: string; axes: readonly string[] }) =>
        x.kind === 'all-gather' && x.axes.join() === 'data';
      const compiled = hloCollectives(results.get(c.name)!.hlo!, c.exported.mesh.axes).filter(overData);
      const sharded = new Set(c.exported.collectives.filter(overData).map((x) => x.tensor));
      const evaluated = evaluatePlan(level, level.lessonPlans!.zero3!);
      if (!evaluated.ok) throw new Error(evaluated.error.message);
      const gathers = evaluated.evaluation.pricing.collectives.filter(
        (x) =>
          x.role === 'parameter' &&
          overData(x) &&
          x.scope?.startsWith('layer') === true &&
          sharded.has(x.tensor),
      );
      const once = Math.min(...gathers.map((x) => x.perStep!));
      expect(gathers.reduce((n, x) => n + x.perStep! / once, 0)).toBe(compiled.length);
      expect(compiled.length).toBe(10);
    });
  },
);
