// A tasting scenario's plan made ready at both scales, once per plan: the typed `sim taste` request the game
// builds directly from the plan (no JSON detour: parsing is for the command line's untrusted input), the
// tasting-scale step and its plan (what the tasting runs; a runnable JAX export) and the banquet-scale
// program and its plan (what is priced) — GSPMD's partitioned program in auto and pmap mode (JAX's
// validation, propagation, the inserted collectives), the player's shard_map in manual mode (its validation).
// The tasting scale is planned too, so a plan that is accepted can be tasted; evaluation reuses all of it.
import { makeMesh, type Mesh } from '../sim/mesh.ts';
import { MODELS } from '../sim/models/modelRegistry.ts';
import type { Program } from '../sim/program/ir.ts';
import { ok, type Result } from '../sim/result.ts';
import type { ManualPlan } from '../sim/spmd/manualPlan.ts';
import type { BuiltStep } from '../sim/taste/buildStep.ts';
import { planStep, type ScalePlan } from '../sim/taste/planStep.ts';
import { readManual, type TasteRequest } from '../sim/taste/tasteRequest.ts';
import type { TastingScenario } from './level.ts';
import { autoAnnotations } from './planDocuments.ts';
import { meshPairs, type PlanState } from './planState.ts';
import { planScenario, scenarioStep } from './scenarioProgram.ts';

/** A tasting scenario's plan, planned at both scales. */
export interface PreparedTasting {
  /** The tasting scale's `sim taste` request, its updates pinned (withUpdatesPinned): `sim taste` plans it alike. */
  readonly request: TasteRequest;
  /** The plan's mesh (the request's). */
  readonly mesh: Mesh;
  /** The tasting-scale step (program and inputs) and its plan. */
  readonly tastingStep: BuiltStep;
  readonly tasting: ScalePlan;
  /** The banquet-scale program and its plan. */
  readonly banquetProgram: Program;
  readonly banquet: ScalePlan;
}

/**
 * The request with each fp32 master copy of the banquet's mixed-precision update (`master/<param>`,
 * autodiff.ts) labelled as its parameter, as a JAX user shards optimizer state like the parameters
 * (optax's state mirrors the parameter tree). The player labels the dishes; the copies follow.
 */
function withMasterLabels(request: TasteRequest, banquetProgram: Program): TasteRequest {
  if (request.mode !== 'auto') return request;
  const inShardings = { ...request.inShardings };
  for (const v of banquetProgram.values) {
    if (v.node.kind !== 'input' || !v.name.startsWith('master/')) continue;
    const spec = request.inShardings[v.name.slice('master/'.length)];
    if (spec !== undefined) inShardings[v.name] = spec;
  }
  return { ...request, inShardings };
}

/**
 * The request with every updated parameter and optimizer state (`new/<x>`, tagged `updates`) pinned to its
 * input's sharding, as the export's `out_shardings` pin them (jaxSnippet.ts) and a JAX training loop does so
 * that a step's outputs feed the next one: an input without a label is replicated (jit's default), so is its
 * update. Without the pin, GSPMD leaves an update where it was computed — column-then-row's start plan
 * updated its whole `w_in` from a quarter of its gradient on each kitchen, one all-gather short of a step that
 * can repeat, and counted a quarter of that gradient in the fridge. A label the player gives an output wins.
 */
function withUpdatesPinned(request: TasteRequest, program: Program): TasteRequest {
  if (request.mode !== 'auto') return request;
  const outShardings: Record<string, unknown> = { ...request.outShardings };
  for (const o of program.outputs) {
    const input = program.values[program.values[o.value]!.updates ?? -1];
    if (input === undefined || o.name in outShardings) continue;
    outShardings[o.name] = request.inShardings[input.name] ?? [];
  }
  return { ...request, outShardings };
}

/** Builds the plan's tasting request and plans it at both scales; the first error comes back as is. */
export function prepareTasting(scenario: TastingScenario, state: PlanState): Result<PreparedTasting> {
  const s = planScenario(scenario, state);
  const mesh = makeMesh(meshPairs(state));
  if (!mesh.ok) return mesh;
  const step = state.mode === 'manual' ? 'forward' : s.step;
  let manual: ManualPlan | undefined;
  if (state.mode === 'manual') {
    const m = readManual(state.manual ?? undefined);
    if (!m.ok) return m;
    manual = m.value;
  }
  const tastingStep = scenarioStep(s, 'tasting', step);
  if (!tastingStep.ok) return tastingStep;
  const ann =
    state.mode === 'auto'
      ? autoAnnotations(tastingStep.value.program, state.specs)
      : { inShardings: {}, outShardings: {}, constraints: {} };
  const request: TasteRequest = {
    model: s.model,
    dims: { ...MODELS[s.model]!.dims, ...s.tastingDims },
    mesh: mesh.value,
    mode: state.mode,
    step,
    ...ann,
    ...(manual === undefined ? {} : { manual }),
    seed: s.seed ?? 0,
    includeShards: false,
  };
  const pinned = withUpdatesPinned(request, tastingStep.value.program);
  const tasting = planStep(pinned, tastingStep.value.program);
  if (!tasting.ok) return tasting;
  const banquetStep = scenarioStep(s, 'banquet', step);
  if (!banquetStep.ok) return banquetStep;
  const banquetProgram = banquetStep.value.program;
  const banquet = planStep(
    withUpdatesPinned(withMasterLabels(request, banquetProgram), banquetProgram),
    banquetProgram,
  );
  if (!banquet.ok) return banquet;
  return ok({
    request: pinned,
    mesh: mesh.value,
    tastingStep: tastingStep.value,
    tasting: tasting.value,
    banquetProgram: banquetStep.value.program,
    banquet: banquet.value,
  });
}
