// A tasting scenario's plan made ready at both scales: the `sim taste` request (parsed by the core, so every
// rule of the plan format is checked there) and the banquet-scale plan of the same mesh and labels — the
// partitioned program in auto and pmap mode (planAuto: JAX's validation, GSPMD propagation, the inserted
// collectives), the player's per-device program in manual mode (buildShardMap: shard_map's validation).
// The tasting scale is planned too, so a plan that is accepted can be tasted.
import { makeMesh, type Mesh } from '../sim/mesh.ts';
import type { Program } from '../sim/program/ir.ts';
import { err, ok, type Result } from '../sim/result.ts';
import { planAuto } from '../sim/spmd/autoMode.ts';
import { buildShardMap, type ShardMapInput, type ShardMapProgram } from '../sim/spmd/buildShardMap.ts';
import type { SpmdPlan } from '../sim/spmd/partition.ts';
import { pmapAnnotations } from '../sim/spmd/pmapMode.ts';
import { parseTasteRequest, type TasteRequest } from '../sim/taste/tasteRequest.ts';
import type { TastingScenario } from './level.ts';
import { autoAnnotations, tasteDocument } from './planDocuments.ts';
import { meshPairs, type PlanState } from './planState.ts';
import { scenarioProgram, type Scale } from './scenarioProgram.ts';

/** A plan at one scale: partitioned by GSPMD, or the player's shard_map. */
export type BanquetPlan =
  | { readonly kind: 'spmd'; readonly plan: SpmdPlan }
  | { readonly kind: 'manual'; readonly shardMap: ShardMapProgram };

/** A tasting scenario's plan, parsed and planned at both scales. */
export interface PreparedTasting {
  readonly request: TasteRequest;
  readonly mesh: Mesh;
  /** The same plan at the tasting scale (what the tasting runs; a runnable JAX export). */
  readonly tasting: BanquetPlan;
  readonly banquet: BanquetPlan;
}

/** The inputs of a program as shard_map arguments. */
export const shardMapInputs = (program: Program): ShardMapInput[] =>
  program.values.flatMap((v) =>
    v.node.kind === 'input' ? [{ name: v.name, shape: v.shape, dtype: v.dtype, role: v.node.role }] : [],
  );

function planAt(
  s: TastingScenario,
  state: PlanState,
  request: TasteRequest,
  scale: Scale,
): Result<BanquetPlan> {
  const program = scenarioProgram(s, scale, request.step);
  if (!program.ok) return program;
  if (request.mode === 'manual') {
    const sm = buildShardMap(request.mesh, shardMapInputs(program.value), request.manual!, 'step');
    return sm.ok ? ok({ kind: 'manual', shardMap: sm.value }) : sm;
  }
  const ann =
    request.mode === 'pmap'
      ? pmapAnnotations(request.mesh, program.value, request.pmapAxis)
      : ok(autoAnnotations(program.value, state.specs));
  if (!ann.ok) return ann;
  const plan = planAuto(request.mesh, program.value, ann.value);
  return plan.ok ? ok({ kind: 'spmd', plan: plan.value }) : plan;
}

/** Parses the plan's tasting request and plans it at both scales; the first error comes back as is. */
export function prepareTasting(s: TastingScenario, state: PlanState): Result<PreparedTasting> {
  const mesh = makeMesh(meshPairs(state));
  if (!mesh.ok) return mesh;
  const step = state.mode === 'manual' ? 'forward' : s.step;
  if (state.mode === 'manual' && state.manual === null)
    return err('InputError', 'manual: manual mode needs a shard_map plan (inSpecs, outSpecs, body, outputs)');
  const tastingProgram = scenarioProgram(s, 'tasting', step);
  if (!tastingProgram.ok) return tastingProgram;
  const request = parseTasteRequest(tasteDocument(s, state, tastingProgram.value));
  if (!request.ok) return request;
  const tasting = planAt(s, state, request.value, 'tasting');
  if (!tasting.ok) return tasting;
  const banquet = planAt(s, state, request.value, 'banquet');
  if (!banquet.ok) return banquet;
  return ok({ request: request.value, mesh: mesh.value, tasting: tasting.value, banquet: banquet.value });
}
