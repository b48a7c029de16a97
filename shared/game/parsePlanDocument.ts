// A plan document (the PlanState as JSON, e.g. from `sim level`) checked field by field: the mesh as
// [{name, size}], and every other field optional with PLAN_DEFAULTS. Only the form is checked here; the
// sharding rules, the level's limits and the shard_map body are the core's (evaluatePlan), as for any edit.
import { err, ok, type Result } from '../sim/result.ts';
import { planState, type PlanState } from './planState.ts';

const MODES = ['auto', 'manual', 'pmap'];
const RECOMPUTE = ['none', 'selective', 'full'];
const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isPosInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 1;
const isSpec = (x: unknown): boolean =>
  Array.isArray(x) &&
  x.every(
    (d) => d === null || typeof d === 'string' || (Array.isArray(d) && d.every((a) => typeof a === 'string')),
  );

/** The plan in `raw`, or an InputError naming the first malformed field. */
export function parsePlanDocument(raw: unknown): Result<PlanState> {
  const bad = (field: string, want: string) => err('InputError', `plan.${field}: expected ${want}`);
  if (!isRecord(raw)) return bad('', 'an object');
  const known = [
    'mesh',
    'mode',
    'specs',
    'manual',
    'pipeline',
    'recompute',
    'zeroStage',
    'sequenceParallel',
    'capacityFactor',
  ];
  const stray = Object.keys(raw).find((k) => !known.includes(k));
  if (stray !== undefined)
    return err('InputError', `plan.${stray}: not a field of a plan (${known.join(', ')})`);
  const mesh = raw['mesh'];
  if (
    !Array.isArray(mesh) ||
    mesh.length === 0 ||
    !mesh.every((a) => isRecord(a) && typeof a['name'] === 'string' && isPosInt(a['size']))
  )
    return bad('mesh', 'a non-empty array of {"name": string, "size": positive integer}');
  const { mode, specs, manual, pipeline, recompute, zeroStage, sequenceParallel, capacityFactor } = raw;
  if (mode !== undefined && !MODES.includes(mode as string)) return bad('mode', MODES.join(' | '));
  if (specs !== undefined && !(isRecord(specs) && Object.values(specs).every(isSpec)))
    return bad('specs', 'an object of specs (arrays of null, "axis" or ["a", "b"])');
  if (manual !== undefined && manual !== null && !isRecord(manual)) return bad('manual', 'null or an object');
  if (
    pipeline !== undefined &&
    !(
      isRecord(pipeline) &&
      (pipeline['microbatches'] === undefined || isPosInt(pipeline['microbatches'])) &&
      (pipeline['virtualStages'] === undefined || isPosInt(pipeline['virtualStages'])) &&
      (pipeline['schedule'] === undefined || typeof pipeline['schedule'] === 'string')
    )
  )
    return bad('pipeline', '{"microbatches", "schedule", "virtualStages"}');
  if (recompute !== undefined && !RECOMPUTE.includes(recompute as string))
    return bad('recompute', RECOMPUTE.join(' | '));
  if (zeroStage !== undefined && ![0, 1, 2, 3].includes(zeroStage as number))
    return bad('zeroStage', '0 | 1 | 2 | 3');
  if (sequenceParallel !== undefined && typeof sequenceParallel !== 'boolean')
    return bad('sequenceParallel', 'a boolean');
  if (capacityFactor !== undefined && capacityFactor !== null && typeof capacityFactor !== 'number')
    return bad('capacityFactor', 'a number or null');
  return ok(planState(raw as unknown as Partial<PlanState> & Pick<PlanState, 'mesh'>));
}
