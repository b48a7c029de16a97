// Kitchen-language explanations of the mesh, PartitionSpec, NamedSharding, pmap, resharding and
// visualize_sharding codes (mesh.ts, partitionSpec.ts, namedSharding.ts, pmapMode.ts, reshard.ts).
import type { SimErrorCode } from '../../sim/result.ts';
import { text } from '../i18n.ts';
import { byType, pyNames, type ExplanationTable } from './explanationTable.ts';

type MeshCode = Extract<
  SimErrorCode,
  | `mesh/${string}`
  | `spec/${string}`
  | `sharding/${string}`
  | `pmap/${string}`
  | `reshard/${string}`
  | `visualize/${string}`
>;

/** Explanations of the mesh and sharding codes. */
export const MESH_EXPLANATIONS: ExplanationTable<MeshCode> = {
  'mesh/no-axes': () => text('厨房网格至少要有一排。', 'The kitchen grid needs at least one row.'),
  'mesh/axis-name': ({ name }) =>
    text(
      `排名 ${JSON.stringify(name)} 不合规矩：要以字母开头，只用字母、数字或下划线，最多 16 个字符。`,
      `The row name ${JSON.stringify(name)} is not allowed: start with a letter and use at most 16 letters, digits or '_'.`,
    ),
  'mesh/duplicate-axis': ({ name }) =>
    text(
      `两排厨房不能同名（“${name}”重复了）。`,
      `Two rows of kitchens cannot share a name ('${name}' repeats).`,
    ),
  'mesh/axis-size': ({ size }) =>
    text(
      `一排厨房的间数必须是正整数，这里是 ${size}。`,
      `A row must hold a whole, positive number of kitchens; here it is ${size}.`,
    ),
  'mesh/too-many-devices': ({ max }) =>
    text(`网格最多 ${max} 间厨房。`, `A grid may hold at most ${max} kitchens.`),
  'spec/not-a-list': byType('InputError'),
  'spec/nested-tuple': () =>
    text(
      '一个维度可以交给几排厨房一起分（写成一组排名），但组里不能再套一组。',
      'One dimension may be split by several rows of kitchens together (a group of names), but a group cannot hold another group.',
    ),
  'spec/empty-name': byType('InputError'),
  'spec/bad-entry': byType('InputError'),
  'spec/unreduced-overlap': () =>
    text(
      '同一排厨房不能既分着菜、又各自拿着待汇总的半成品。',
      'One row of kitchens cannot both split the dish and hold partial sums still to be added up.',
    ),
  'spec/duplicate-axis': ({ axes }) => {
    const names = axes.map((a) => `'${a}'`).join(', ');
    return text(
      `标签里同一排厨房 ${names} 出现了两次。一排厨房只能沿菜的一个维度分菜，不能既按行又按列分同一道菜。`,
      `The label names the row of kitchens ${names} twice. One row of kitchens can split a dish along one of its dimensions only, not along two at once.`,
    );
  },
  'spec/unknown-axis': ({ axis, meshAxes }) =>
    text(
      `厨房网格里没有名为“${axis}”的一排（现有的排：${pyNames(meshAxes)}）。标签只能用网格里已有的排名。`,
      `The kitchen grid has no row called '${axis}' (its rows: ${pyNames(meshAxes)}). A label can only name rows the grid has.`,
    ),
  'spec/unknown-unreduced': byType('ValueError'),
  'spec/too-long': ({ specLength, rank }) =>
    text(
      `标签写了 ${specLength} 个位置，可这道菜只有 ${rank} 个维度。标签每个位置对应菜的一个维度，不能比维度多。`,
      `The label has ${specLength} entries but the dish has only ${rank} dimensions. Each entry of a label belongs to one dimension of the dish.`,
    ),
  'sharding/indivisible': ({ dim, parts, size }) =>
    text(
      `这道菜的第 ${dim} 维有 ${size} 份，要平均分给 ${parts} 间厨房，可 ${size} 不能被 ${parts} 整除——总会有厨房多拿或少拿。换一排大小能整除它的厨房，或者切另一个维度。`,
      `Dimension ${dim} of this dish has ${size} pieces, to be shared equally by ${parts} kitchens, but ${parts} does not divide ${size}: some kitchen would get more than the others. Use a row of kitchens whose size divides it, or cut another dimension.`,
    ),
  'pmap/one-axis': () =>
    text(
      'pmap 只会把厨房排成一排：每间厨房拿一份完整菜谱、接待不同的客人（数据并行）。要用两排以上的网格，请换成带分片标签的 jit（pjit）。',
      'pmap lines the kitchens up in one row: each keeps the whole recipe and serves different guests (data parallelism). For a grid of two or more rows, use jit with shardings (pjit).',
    ),
  'pmap/axis-name': byType('ValueError'),
  'reshard/rank': byType('InputError'),
  'reshard/unknown-axis': byType('ValueError'),
  'reshard/duplicate-axis': byType('DuplicateSpecError'),
  'reshard/indivisible': byType('IndivisibleError'),
  'reshard/unreduced': byType('ShardingTypeError'),
  'visualize/rank': byType('ValueError'),
};
