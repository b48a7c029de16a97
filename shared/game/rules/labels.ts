// Where a dish's label goes: auto mode keeps one table of specs by tensor name; manual mode (shard_map) has
// in_specs for the function's inputs and out_specs for its outputs; pmap takes no labels at all. Only the
// dishes the level lists may be labelled.
import { ruleError, type GameResult } from '../errors.ts';
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import type { PlanState } from '../planState.ts';
import { scenarioProgram } from '../scenarioProgram.ts';

/** Which table a label of `tensor` belongs to in the plan's mode. */
export type LabelTarget = 'specs' | 'inSpecs' | 'outSpecs';

/** The table `tensor`'s label goes to, or the refusal. */
export function labelTarget(level: Level, state: PlanState, tensor: string): GameResult<LabelTarget> {
  if (!level.limits.tensors.includes(tensor))
    return ruleError(
      'LevelRule',
      `In this level the labels of ${level.limits.tensors.join(', ') || 'no tensor'} may change; '${tensor}' keeps its own.`,
      text(
        `这一关只能给 ${level.limits.tensors.join('、') || '（无）'} 贴标签，“${tensor}”的标签是定好的。`,
        `In this level you may label ${level.limits.tensors.join(', ') || 'nothing'}; '${tensor}' keeps its label.`,
      ),
    );
  if (state.mode === 'pmap')
    return ruleError(
      'PlanRule',
      'pmap takes no PartitionSpec: it maps the leading axis of every argument over its one mesh axis and ' +
        'replicates the parameters (jax.pmap in_axes). Use jit with shardings to shard a weight.',
      text(
        'pmap 不收分片标签：它只把每份输入按第一维（批次）分给各厨房，菜谱（参数）每间厨房都放一整份。想切开一道菜，请换成带分片标签的 jit（pjit）。',
        'pmap takes no slicing labels: it splits every input along its first (batch) dimension and puts a whole copy of the recipe (the parameters) in every kitchen. To cut a dish, switch to jit with shardings (pjit).',
      ),
    );
  if (state.mode === 'auto') return { ok: true, value: 'specs' };
  const s = level.scenario;
  const inputs =
    s.engine === 'tasting+pricing' ? scenarioProgram(s, 'tasting', 'forward') : { ok: false as const };
  if (inputs.ok && inputs.value.values.some((v) => v.node.kind === 'input' && v.name === tensor))
    return { ok: true, value: 'inSpecs' };
  if (state.manual !== null && Object.hasOwn(state.manual.outputs, tensor))
    return { ok: true, value: 'outSpecs' };
  return ruleError(
    'PlanRule',
    `The shard_map has no input or output named '${tensor}'.`,
    text(
      `手动模式只给输入和端出的菜贴标签，“${tensor}”两者都不是。`,
      `In manual mode only the inputs and the served dishes carry labels; '${tensor}' is neither.`,
    ),
  );
}
