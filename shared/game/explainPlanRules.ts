// Kitchen-language explanations of the core's manual-mode (addManualOp.ts, shardMapErrors.ts,
// buildShardMap.ts, manualPlan.ts), Megatron request (trainRequest.ts, pipelineSimulation.ts) and input
// (input/fields.ts) messages; explain.ts applies them after the sharding rules.
import { text } from './i18n.ts';
import type { ExplainRule } from './explain.ts';

/** Rules for the manual-mode, Megatron and input messages. */
export const PLAN_RULES: readonly ExplainRule[] = [
  [
    /Found an unbound axis name: (\S+)\./,
    (m) =>
      text(
        `没有名为“${m[1]}”的一排厨房，传菜员不知道沿哪排窗口传。`,
        `There is no row of kitchens called '${m[1]}', so the runners do not know which windows to pass along.`,
      ),
  ],
  [
    /reduce_scatter operand scatter dimension size (\d+) must be divisible by shard_count (\d+)/,
    (m) =>
      text(
        `汇总分份要把 ${m[1]} 份平均分给 ${m[2]} 间厨房，分不均匀。`,
        `ReduceScatter must hand ${m[1]} pieces out equally to ${m[2]} kitchens, which does not divide.`,
      ),
  ],
  [
    /all_to_all split_axis \((\d+)\) has to be divisible by the size of the named axis \S+ \((\d+)\)/,
    (m) =>
      text(
        `换岗要把 ${m[1]} 份平均分给 ${m[2]} 间厨房，分不均匀。`,
        `AllToAll must split ${m[1]} pieces equally among ${m[2]} kitchens, which does not divide.`,
      ),
  ],
  [
    /ppermute sources and destinations must be unique/,
    () =>
      text(
        '传下一站时，每间厨房只能送出一盘、也只能收到一盘。',
        'In a ppermute each kitchen sends one plate and receives one plate, no more.',
      ),
  ],
  [
    /out_specs which require replication/,
    () =>
      text(
        '你承诺每间厨房端出的是同一盘完整的菜（out_specs 里没提这排厨房），可各厨房手里还是各自的半成品。先用 psum 把半成品汇总分发，或者在 out_specs 里写明这道菜按这排厨房分着放。',
        'You promise every kitchen serves the same complete dish (out_specs does not name this row), but each kitchen still holds its own partial dish. Add them up with a psum first, or say in out_specs that the dish stays split over this row.',
      ),
  ],
  [
    /must refer to an axis marked as manual/,
    () => text('shard_map 的标签只能用网格里的排名。', "shard_map's labels can only name rows of the grid."),
  ],
  [
    /splits the (\d+) attention heads over tp = (\d+)/,
    (m) =>
      text(
        `同一道菜要切给 ${m[2]} 间厨房，可 ${m[1]} 个注意力头分不均匀。`,
        `One dish is cut for ${m[2]} kitchens, but its ${m[1]} attention heads do not share out evenly.`,
      ),
  ],
  [
    /splits the MLP's (\d+) units over tp = (\d+)/,
    (m) =>
      text(
        `MLP 的 ${m[1]} 个单元分不均匀给 ${m[2]} 间厨房。`,
        `The MLP's ${m[1]} units do not share out evenly among ${m[2]} kitchens.`,
      ),
  ],
  [
    /The (\d+) layers must split evenly into pp·virtualStages = (\d+)/,
    (m) =>
      text(
        `${m[1]} 道工序（层）要平均分成 ${m[2]} 个菜序站，分不均匀。`,
        `${m[1]} steps of the recipe (layers) must be shared equally by ${m[2]} course stations, which does not divide.`,
      ),
  ],
  [
    /The global batch \((\d+)\) must be a multiple of microBatch·dp = (\d+)/,
    (m) =>
      text(
        `${m[1]} 位客人分不成每轮 ${m[2]} 人的整桌。`,
        `${m[1]} guests do not make whole tables of ${m[2]} per round.`,
      ),
  ],
  [
    /Only the interleaved schedule/,
    () =>
      text(
        '只有交错（interleaved）排班才让一间厨房负责几段不相邻的菜序。',
        'Only the interleaved schedule gives one kitchen several non-adjacent courses.',
      ),
  ],
  [
    /The interleaved schedule needs the number of microbatches \((\d+)\) to be a multiple of the pipeline stages \((\d+)\)/,
    (m) =>
      text(
        `交错排班按 ${m[2]} 桌一组轮转，${m[1]} 桌凑不成整组。`,
        `The interleaved schedule goes round in groups of ${m[2]} tables; ${m[1]} tables do not make whole groups.`,
      ),
  ],
  [
    /size of label '(\w)' is (\d+) in operand \d but (\d+) in operand \d/,
    (m) =>
      text(
        `这一步要相乘的两块对不上：维度 '${m[1]}' 一边是 ${m[2]}，一边是 ${m[3]}。每间厨房手里的块大小取决于 in_specs，看看标签和这一步的乘法是否配套。`,
        `The two pieces this step multiplies do not match: dimension '${m[1]}' is ${m[2]} on one side and ${m[3]} on the other. The block each kitchen holds follows from in_specs: check that the labels fit this step's product.`,
      ),
  ],
  [
    /'(.+)' is already defined by body\[(\d+)\]/,
    (m) =>
      text(
        `第 ${m[2]} 步已经做出了叫“${m[1]}”的菜，换个名字。`,
        `Step ${m[2]} already makes a dish called '${m[1]}'; pick another name.`,
      ),
  ],
  [
    /'(.+)' is neither an input nor (?:an earlier body value|a body value)/,
    (m) =>
      text(
        `有一步（或出菜口）要用“${m[1]}”，可它前面没有哪一步做出它。要拿掉一步，先把用到它的地方改掉。`,
        `A step (or a serving hatch) uses '${m[1]}', which no earlier step makes. To take a step away, first change what still uses it.`,
      ),
  ],
  [
    /expected one of (.+), got (.+)$/,
    (m) =>
      text(`只能从 ${m[1]} 中选，${m[2]} 不在其中。`, `Choose one of ${m[1]}; ${m[2]} is not one of them.`),
  ],
  [
    /expected a value between (\S+) and (\S+), got (\S+)/,
    (m) =>
      text(
        `这里要填 ${m[1]} 到 ${m[2]} 之间的值，不是 ${m[3]}。`,
        `This takes a value from ${m[1]} to ${m[2]}, not ${m[3]}.`,
      ),
  ],
];
