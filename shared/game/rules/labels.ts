// Where a dish's label goes: auto mode keeps one table of specs by tensor name; manual mode (shard_map) has
// in_specs for the function's inputs and out_specs for its outputs; pmap takes no labels at all. Only the
// dishes the level lists may be labelled.
import { ruleError, type GameResult } from '../errors.ts';
import type { Level } from '../level.ts';
import type { PlanState } from '../planState.ts';
import { scenarioProgram } from '../scenarioProgram.ts';

/** Which table a label of `tensor` belongs to in the plan's mode. */
export type LabelTarget = 'specs' | 'inSpecs' | 'outSpecs';

/** The table `tensor`'s label goes to, or the refusal. */
export function labelTarget(level: Level, state: PlanState, tensor: string): GameResult<LabelTarget> {
  if (!level.limits.tensors.includes(tensor))
    return ruleError(
      'level/tensor-fixed',
      { allowed: level.limits.tensors, tensor },
      `In this level the labels of ${level.limits.tensors.join(', ') || 'no tensor'} may change; '${tensor}' keeps its own.`,
    );
  if (state.mode === 'pmap')
    return ruleError(
      'rule/pmap-no-spec',
      {},
      'pmap takes no PartitionSpec: it maps the leading axis of every argument over its one mesh axis and ' +
        'replicates the parameters (jax.pmap in_axes). Use jit with shardings to shard a weight.',
    );
  if (state.mode === 'auto') return { ok: true, value: 'specs' };
  const s = level.scenario;
  const inputs =
    s.engine === 'tasting+pricing' ? scenarioProgram(s, 'tasting', 'forward') : { ok: false as const };
  if (inputs.ok && inputs.value.values.some((v) => v.node.kind === 'input' && v.name === tensor))
    return { ok: true, value: 'inSpecs' };
  if (state.manual !== null && Object.hasOwn(state.manual.outputs, tensor))
    return { ok: true, value: 'outSpecs' };
  return ruleError('rule/not-a-port', { tensor }, `The shard_map has no input or output named '${tensor}'.`);
}
