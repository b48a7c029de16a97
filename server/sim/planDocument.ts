// A plan as a JSON document (the `plan` of `sim export`): the fields of PlanState (shared/game/planState.ts),
// each checked for its JSON type here; what the fields mean — specs, the shard_map body, the pipeline — is
// checked by the core when the plan is validated against its level (validatePlan), so no rule is repeated.
import { planState, type PlanState } from '../../shared/game/planState.ts';
import { bad, isObject, onlyFields, readChoice, readNumber } from '../../shared/sim/input/fields.ts';
import { ok, type Result } from '../../shared/sim/result.ts';

const FIELDS = [
  'mesh',
  'mode',
  'specs',
  'manual',
  'pipeline',
  'recompute',
  'zeroStage',
  'sequenceParallel',
  'capacityFactor',
] as const;

/** The plan of `raw`, or an InputError naming the first malformed field. */
export function readPlanDocument(raw: unknown, path = 'plan'): Result<PlanState> {
  if (!isObject(raw))
    return bad(path, 'expected "start", "reference", "trap" or a plan document {"mesh": …}');
  const fields = onlyFields(raw, FIELDS, path);
  if (!fields.ok) return fields;
  if (!Array.isArray(raw.mesh) || raw.mesh.length === 0)
    return bad(`${path}.mesh`, 'expected [{"name": "model", "size": 4}, …] or [["model", 4], …]');
  const mesh: { name: string; size: number }[] = [];
  for (const [i, a] of raw.mesh.entries()) {
    const pair = Array.isArray(a) ? { name: a[0], size: a[1] } : isObject(a) ? a : undefined;
    if (pair === undefined || typeof pair.name !== 'string')
      return bad(`${path}.mesh[${i}]`, 'expected {"name": string, "size": integer} or [name, size]');
    const size = readNumber(pair.size, `${path}.mesh[${i}].size`, { min: 1, max: 1 << 16, integer: true });
    if (!size.ok) return size;
    mesh.push({ name: pair.name, size: size.value });
  }
  const plan: Partial<Record<(typeof FIELDS)[number], unknown>> = { mesh };
  if (raw.mode !== undefined) {
    const mode = readChoice(raw.mode, `${path}.mode`, ['auto', 'manual', 'pmap'] as const);
    if (!mode.ok) return mode;
    plan.mode = mode.value;
  }
  if (raw.specs !== undefined) {
    if (!isObject(raw.specs)) return bad(`${path}.specs`, 'expected {"tensor": [spec entries], …}');
    plan.specs = raw.specs;
  }
  if (raw.manual !== undefined && raw.manual !== null) {
    if (!isObject(raw.manual))
      return bad(`${path}.manual`, 'expected {inSpecs, outSpecs, body, outputs, checkVma}');
    plan.manual = raw.manual;
  }
  if (raw.pipeline !== undefined) {
    if (!isObject(raw.pipeline))
      return bad(`${path}.pipeline`, 'expected {"microbatches", "schedule", "virtualStages"}');
    plan.pipeline = raw.pipeline;
  }
  if (raw.recompute !== undefined) {
    const r = readChoice(raw.recompute, `${path}.recompute`, ['none', 'selective', 'full'] as const);
    if (!r.ok) return r;
    plan.recompute = r.value;
  }
  if (raw.zeroStage !== undefined) {
    const z = readNumber(raw.zeroStage, `${path}.zeroStage`, { min: 0, max: 3, integer: true });
    if (!z.ok) return z;
    plan.zeroStage = z.value;
  }
  if (raw.sequenceParallel !== undefined) {
    if (typeof raw.sequenceParallel !== 'boolean')
      return bad(`${path}.sequenceParallel`, 'expected true or false');
    plan.sequenceParallel = raw.sequenceParallel;
  }
  if (raw.capacityFactor !== undefined && raw.capacityFactor !== null) {
    const cf = readNumber(raw.capacityFactor, `${path}.capacityFactor`, { min: 0.01, max: 16 });
    if (!cf.ok) return cf;
    plan.capacityFactor = cf.value;
  }
  // The JSON types are checked above; the meaning of specs, manual and pipeline is the core's (validatePlan).
  return ok(planState(plan as Partial<PlanState> & Pick<PlanState, 'mesh'>));
}
