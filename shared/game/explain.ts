// Kitchen-language explanations (docs/design.md §2's metaphor) of the core's errors. The core's message stays
// the content (JAX's template, filled in); this adds what it means for the chefs. Each rule matches one
// message template of the core — here namedSharding.ts, partitionSpec.ts, mesh.ts and pmapMode.ts; the
// manual-mode, Megatron and input templates in explainPlanRules.ts — and reads its figures back out of it;
// an unmatched message gets its type's explanation.
import type { SimError, SimErrorType } from '../sim/result.ts';
import { text, type Text } from './i18n.ts';
import type { GameError, GameResult } from './errors.ts';
import type { Result } from '../sim/result.ts';
import { PLAN_RULES } from './explainPlanRules.ts';

/** A message template of the core and the explanation made from its match. */
export type ExplainRule = readonly [RegExp, (m: RegExpMatchArray) => Text];

/** Rules for the mesh, PartitionSpec and NamedSharding messages. */
const SHARDING_RULES: readonly ExplainRule[] = [
  [
    /duplicate entries for (.+)$/,
    (m) =>
      text(
        `标签里同一排厨房 ${m[1]!.replace(/`/g, "'")} 出现了两次。一排厨房只能沿菜的一个维度分菜，不能既按行又按列分同一道菜。`,
        `The label names the row of kitchens ${m[1]!.replace(/`/g, "'")} twice. One row of kitchens can split a dish along one of its dimensions only, not along two at once.`,
      ),
  ],
  [
    /Resource axis: (\S+) of .* is not found in mesh: (.*)\.$/,
    (m) =>
      text(
        `厨房网格里没有名为“${m[1]}”的一排（现有的排：${m[2]}）。标签只能用网格里已有的排名。`,
        `The kitchen grid has no row called '${m[1]}' (its rows: ${m[2]}). A label can only name rows the grid has.`,
      ),
  ],
  [
    /array axis (\d+) is partitioned (\d+) times, but the dimension size is (\d+)/,
    (m) =>
      text(
        `这道菜的第 ${m[1]} 维有 ${m[3]} 份，要平均分给 ${m[2]} 间厨房，可 ${m[3]} 不能被 ${m[2]} 整除——总会有厨房多拿或少拿。换一排大小能整除它的厨房，或者切另一个维度。`,
        `Dimension ${m[1]} of this dish has ${m[3]} pieces, to be shared equally by ${m[2]} kitchens, but ${m[2]} does not divide ${m[3]}: some kitchen would get more than the others. Use a row of kitchens whose size divides it, or cut another dimension.`,
      ),
  ],
  [
    /maps array axis (\d+) \(of size (\d+)\) to mesh .*?\(of (?:total )?size (\d+)\)/,
    (m) =>
      text(
        `第 ${m[1]} 维有 ${m[2]} 份，分给 ${m[3]} 间厨房分不均匀（shard_map 不会补齐）。`,
        `Dimension ${m[1]} has ${m[2]} pieces, which ${m[3]} kitchens cannot share equally (shard_map pads nothing).`,
      ),
  ],
  [
    /only valid for values of rank at least (\d+), but was applied to a value of rank (\d+)/,
    (m) =>
      text(
        `标签写了 ${m[1]} 个位置，可这道菜只有 ${m[2]} 个维度。标签每个位置对应菜的一个维度，不能比维度多。`,
        `The label has ${m[1]} entries but the dish has only ${m[2]} dimensions. Each entry of a label belongs to one dimension of the dish.`,
      ),
  ],
  [
    /which has length (\d+), but .* which has rank (\d+)/,
    (m) =>
      text(
        `标签写了 ${m[1]} 个位置，可这道菜只有 ${m[2]} 个维度。`,
        `The label has ${m[1]} entries but the dish has only ${m[2]} dimensions.`,
      ),
  ],
  [
    /cannot contain a nested tuple/,
    () =>
      text(
        '一个维度可以交给几排厨房一起分（写成一组排名），但组里不能再套一组。',
        'One dimension may be split by several rows of kitchens together (a group of names), but a group cannot hold another group.',
      ),
  ],
  [
    /partitions cannot overlap with unreduced axes/,
    () =>
      text(
        '同一排厨房不能既分着菜、又各自拿着待汇总的半成品。',
        'One row of kitchens cannot both split the dish and hold partial sums still to be added up.',
      ),
  ],
  [
    /Mesh axis name (.*) must be 1–16 letters/,
    (m) =>
      text(
        `排名 ${m[1]} 不合规矩：要以字母开头，只用字母、数字或下划线，最多 16 个字符。`,
        `The row name ${m[1]} is not allowed: start with a letter and use at most 16 letters, digits or '_'.`,
      ),
  ],
  [
    /must be unique, but '(.+)' appears more than once/,
    (m) =>
      text(
        `两排厨房不能同名（“${m[1]}”重复了）。`,
        `Two rows of kitchens cannot share a name ('${m[1]}' repeats).`,
      ),
  ],
  [
    /must have a positive integer size, got (.+)\.$/,
    (m) =>
      text(
        `一排厨房的间数必须是正整数，这里是 ${m[1]}。`,
        `A row must hold a whole, positive number of kitchens; here it is ${m[1]}.`,
      ),
  ],
  [
    /A mesh needs at least one axis/,
    () => text('厨房网格至少要有一排。', 'The kitchen grid needs at least one row.'),
  ],
  [
    /A mesh may hold at most (\d+) devices/,
    (m) => text(`网格最多 ${m[1]} 间厨房。`, `A grid may hold at most ${m[1]} kitchens.`),
  ],
  [
    /pmap maps exactly one axis/,
    () =>
      text(
        'pmap 只会把厨房排成一排：每间厨房拿一份完整菜谱、接待不同的客人（数据并行）。要用两排以上的网格，请换成带分片标签的 jit（pjit）。',
        'pmap lines the kitchens up in one row: each keeps the whole recipe and serves different guests (data parallelism). For a grid of two or more rows, use jit with shardings (pjit).',
      ),
  ],
];

const BY_TYPE: Readonly<Record<SimErrorType, Text>> = {
  DuplicateSpecError: text(
    '同一排厨房在标签里只能出现一次。',
    'A row of kitchens may appear only once in a label.',
  ),
  IndivisibleError: text(
    '这道菜分不均匀：某个维度的大小不是厨房间数的整数倍。',
    'The dish does not share out evenly: a dimension is not a multiple of the number of kitchens.',
  ),
  ValueError: text(
    '这个计划在 JAX 里会被拒绝，计划保持原样。看上面的报错找出是哪道菜、哪一排厨房。',
    'JAX would refuse this plan, so it stays as it was. The message above names the dish and the row.',
  ),
  ShardingTypeError: text(
    '这道菜的分法和它要参与的运算对不上。',
    'The way this dish is split does not fit the operation it takes part in.',
  ),
  InputError: text(
    '计划里有一项填写得不对，计划保持原样。',
    'A field of the plan is malformed; the plan stays as it was.',
  ),
};

/**
 * The kitchen-language explanation of a core error.
 * @example explain({ type: 'ValueError', message: "Resource axis: y of P('y',) is not found in mesh: ('x',)." }).en
 *   // "The kitchen grid has no row called 'y' (its rows: ('x',)). …"
 */
export function explain(error: SimError): Text {
  for (const [pattern, make] of [...SHARDING_RULES, ...PLAN_RULES]) {
    const m = error.message.match(pattern);
    if (m) return make(m);
  }
  return BY_TYPE[error.type];
}

/** A core error with its explanation. */
export const explained = (error: SimError): GameError => ({ ...error, explanation: explain(error) });

/** A core result as a game result (an error gets its explanation). */
export function fromSim<T>(result: Result<T>): GameResult<T> {
  return result.ok ? result : { ok: false, error: explained(result.error) };
}
