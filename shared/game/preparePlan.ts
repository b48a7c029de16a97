// A plan checked and made ready, once: the level's limits, then the core's own validation of the whole plan —
// planned at both scales for a tasting scenario (prepareTasting.ts), the Megatron request parsed and its step
// simulated (parseTrainRequest, simulateTrain) for a training one. applyEdit prepares every edited plan and
// hands the result on, so evaluating an accepted edit plans nothing again (evaluatePlan.ts). A plan is a
// pure function of (level, plan): the teams of a class, a player's undo and redo, meet the same few plans of a
// level again and again, so the last PREPARED_PER_LEVEL of each level are kept (memo.ts; a refusal too).
import { simulateTrain, type TrainSimulation } from '../sim/train/simulateTrain.ts';
import { parseTrainRequest, type TrainRequest } from '../sim/train/trainRequest.ts';
import type { GameResult } from './errors.ts';
import { fromSim } from './explain.ts';
import type { Level, TastingScenario, TrainScenario } from './level.ts';
import { trainDocument } from './planDocuments.ts';
import { makeMesh } from '../sim/mesh.ts';
import type { PlanState } from './planState.ts';
import { prepareTasting, type PreparedTasting } from './prepareTasting.ts';
import { checkLimits } from './checkLimits.ts';
import { memoPer } from '../sim/memo.ts';

/** A plan of a level, valid and prepared; `level` and `state` are the very objects it was prepared from. */
export type PreparedPlan = { readonly level: Level; readonly state: PlanState } & (
  | {
      readonly engine: 'tasting+pricing';
      readonly scenario: TastingScenario;
      readonly tasting: PreparedTasting;
    }
  | {
      readonly engine: 'train';
      readonly scenario: TrainScenario;
      readonly request: TrainRequest;
      readonly sim: TrainSimulation;
    }
);

/** Plans kept per level: a prepared banquet-scale plan holds both scales' programs (~100 KB). */
const PREPARED_PER_LEVEL = 32;
/** The name resetCaches('preparedPlans') empties alone (bench/editPreview.ts times a first visit so). */
export const PREPARED_PLANS_CACHE = 'preparedPlans';
const PREPARED = memoPer<Level, GameResult<PreparedPlan>>(PREPARED_PER_LEVEL, PREPARED_PLANS_CACHE);

/**
 * Prepares `state` in `level`; a refusal carries the core's message and its explanation. The result holds
 * this very `state` object, whether it was prepared now or an equal plan was before.
 * @example preparePlan(level, level.start).ok // true
 */
export function preparePlan(level: Level, state: PlanState): GameResult<PreparedPlan> {
  const r = PREPARED.get(level, JSON.stringify(state), () => preparePlanNow(level, state));
  // a refusal met again is a new refusal (the client buzzes on each new error object)
  if (!r.ok) return { ok: false, error: { ...r.error } };
  return r.value.state === state ? r : { ok: true, value: { ...r.value, state } };
}

function preparePlanNow(level: Level, state: PlanState): GameResult<PreparedPlan> {
  const limits = checkLimits(level, state);
  if (!limits.ok) return limits;
  const s = level.scenario;
  if (s.engine === 'tasting+pricing') {
    const tasting = fromSim(prepareTasting(s, state));
    return tasting.ok
      ? { ok: true, value: { level, state, engine: s.engine, scenario: s, tasting: tasting.value } }
      : tasting;
  }
  // The Megatron request reads the grid by axis name, so the core's mesh rules (one axis per name) first.
  const mesh = fromSim(makeMesh(state.mesh.map((a) => [a.name, a.size] as const)));
  if (!mesh.ok) return mesh;
  const doc = trainDocument(s, state);
  if (!doc.ok) return doc;
  const request = fromSim(parseTrainRequest(doc.value));
  if (!request.ok) return request;
  const sim = fromSim(simulateTrain(request.value));
  if (!sim.ok) return sim;
  return {
    ok: true,
    value: { level, state, engine: s.engine, scenario: s, request: request.value, sim: sim.value },
  };
}

/** `prepared` when it was made from this very level and plan, else the plan prepared now. */
export const preparedFor = (
  level: Level,
  state: PlanState,
  prepared: PreparedPlan | undefined,
): GameResult<PreparedPlan> =>
  prepared !== undefined && prepared.level === level && prepared.state === state
    ? { ok: true, value: prepared }
    : preparePlan(level, state);
