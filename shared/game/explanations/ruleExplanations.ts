// Kitchen-language explanations of the game's own refusals (ruleErrorCodes.ts): the level's limits and the
// plan format's rules.
import { cutText } from '../../sim/input/quoteValue.ts';
import { EDIT_NAMES } from '../editNames.ts';
import { text } from '../i18n.ts';
import type { RuleErrorCode } from '../ruleErrorCodes.ts';
import type { ExplanationTable } from './explanationTable.ts';

/** Explanations of the level and plan rules. */
export const RULE_EXPLANATIONS: ExplanationTable<RuleErrorCode> = {
  'rule/unknown-edit': () => text('看不懂这个操作。', 'This edit is not one the kitchen knows.'),
  'level/edit-not-offered': ({ edit }) => {
    const [zh, en] = EDIT_NAMES[edit];
    return text(`这一关不能改${zh}。`, `This level does not let you change ${en}.`);
  },
  'level/too-many-devices': ({ max, asked }) =>
    text(
      `这一关只有 ${max} 间厨房，网格却要 ${asked} 间。`,
      `This level has ${max} kitchens, but the grid asks for ${asked}.`,
    ),
  'level/axis-name': ({ allowed, name }) =>
    text(
      `这一关的厨房排只能叫 ${allowed.join('、')}，不能叫“${name}”。`,
      `In this level the rows of kitchens are called ${allowed.join(', ')}, not '${name}'.`,
    ),
  'level/mode': ({ allowed }) =>
    text(
      `这一关只能用 ${allowed.join('、')} 模式。`,
      `This level can be played in ${allowed.join(', ')} mode only.`,
    ),
  'level/tensor-fixed': ({ allowed, tensor }) =>
    text(
      `这一关只能给 ${allowed.join('、') || '（无）'} 贴标签，“${tensor}”的标签是定好的。`,
      `In this level you may label ${allowed.join(', ') || 'nothing'}; '${tensor}' keeps its label.`,
    ),
  'rule/pmap-no-spec': () =>
    text(
      'pmap 不收分片标签：它只把每份输入按第一维（批次）分给各厨房，菜谱（参数）每间厨房都放一整份。想切开一道菜，请换成带分片标签的 jit（pjit）。',
      'pmap takes no slicing labels: it splits every input along its first (batch) dimension and puts a whole copy of the recipe (the parameters) in every kitchen. To cut a dish, switch to jit with shardings (pjit).',
    ),
  'rule/not-a-port': ({ tensor }) =>
    text(
      `手动模式只给输入和端出的菜贴标签，“${tensor}”两者都不是。`,
      `In manual mode only the inputs and the served dishes carry labels; '${tensor}' is neither.`,
    ),
  'rule/not-manual': () =>
    text(
      '这是手动模式（shard_map）里的操作：先切换到手动模式，再亲自安排传菜。',
      'This belongs to manual mode (shard_map): switch to manual mode first, then place the passes yourself.',
    ),
  'rule/no-manual-plan': () =>
    text(
      '这一关没有准备手动模式的菜谱（shard_map）。',
      'This level has no shard_map recipe to play in manual mode.',
    ),
  'rule/op-position': ({ max }) =>
    text(`新步骤只能插在第 0 到第 ${max} 个位置。`, `A new step can go at positions 0 to ${max} only.`),
  'rule/no-such-op': ({ name }) =>
    text(`菜谱里没有名为“${name}”的步骤。`, `No step of the recipe is called '${name}'.`),
  'rule/no-such-output': ({ output }) =>
    text(`没有名为“${output}”的出菜口。`, `There is no serving hatch called '${output}'.`),
  'rule/rename-not-string': () => text('新的排名要是一个名字。', 'The new name of a row must be a name.'),
  'rule/no-such-axis': ({ axis }) =>
    text(`网格里没有名为“${axis}”的一排厨房。`, `The grid has no row of kitchens called '${axis}'.`),
  'rule/mesh-shape': () =>
    text('网格要写成一排排的 {名字, 间数}。', 'A grid is a list of rows, each {name, size}.'),
  'rule/no-experts': () =>
    text(
      '这道菜没有档口（专家），也就没有座位数可调。',
      'This dish has no counters (experts), so there are no seats to set.',
    ),
  'rule/capacity-factor': ({ allowed }) =>
    text(
      `座位系数只能是 ${allowed.join('、')} 之一。`,
      `The seats factor must be one of ${allowed.join(', ')}.`,
    ),
  'rule/pipeline-not-positive': ({ field }) =>
    field === 'stages'
      ? text('菜序站的数目必须是正整数。', 'The number of course stations must be a whole, positive number.')
      : text(
          '每步上菜的轮数（微批数）必须是正整数。',
          'The rounds per step (microbatches) must be a whole, positive number.',
        ),
  'rule/no-stage-axis': ({ axis }) =>
    text(
      `菜序站就是网格里名为“${axis}”的一排厨房，这个网格没有这一排。`,
      `The course stations are the grid's row called '${axis}', which this grid does not have.`,
    ),
  'rule/sequence-parallel': () => text('序列并行只能开或关。', 'Sequence parallelism is either on or off.'),
  'rule/train-axis': ({ name }) =>
    text(
      `这间大厨房只认三排：data（分客桌）、stage（分菜序）、model（同一道菜切开）。没有名为“${name}”的一排。`,
      `This kitchen knows three rows only: data (copy the menu for more tables), stage (courses) and model (one dish cut up). There is no row called '${name}'.`,
    ),
  'rule/batch-split': ({ globalBatch, dp, microbatches }) =>
    text(
      `${globalBatch} 位客人要平均分到 ${dp} 组客桌、每组 ${microbatches} 轮上菜，每轮的人数必须是整数。换一个能整除的微批数。`,
      `${globalBatch} guests must be shared by ${dp} groups of tables, each served in ${microbatches} rounds, with whole guests per round. Pick a number of microbatches that divides evenly.`,
    ),
  'rule/train-labels': ({ tensors }) =>
    text(
      `这间大厨房按 Megatron 的办法自己切每道菜（先按列、再按行），不收切法标签，也不收 shard_map 的工序：方案里只能定网格、菜序、重算、ZeRO 和序列并行。${tensors.length > 0 ? `请去掉 ${cutText(tensors.join('、'))} 的标签。` : ''}`,
      `This kitchen cuts every dish the Megatron way itself (by columns, then by rows) and takes no slicing labels and no shard_map steps: its plan is the grid, the courses, recompute, ZeRO and sequence parallelism.${tensors.length > 0 ? ` Remove the labels of ${cutText(tensors.join(', '))}.` : ''}`,
    ),
  'sandbox/unknown-menu': ({ menu }) =>
    text(`没有名为“${menu}”的菜单。`, `There is no menu called '${menu}'.`),
  'sandbox/unknown-hardware': ({ hardware }) =>
    text(`没有名为“${hardware}”的厨房。`, `There is no kitchen called '${hardware}'.`),
  'sandbox/devices': ({ devices, allowed }) =>
    text(
      `这道菜单只能用 ${allowed.join('、')} 间厨房，不能用 ${devices} 间。`,
      `This menu can be cooked in ${allowed.join(', ')} kitchens, not ${devices}.`,
    ),
  'rule/unservable': () => text('这份方案无法上菜。', 'This plan cannot be served.'),
};
