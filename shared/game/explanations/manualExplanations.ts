// Kitchen-language explanations of the shard_map, manual-mode body and einsum codes (namedSharding.ts,
// shardMapErrors.ts, buildShardMap.ts, addManualOp.ts, manualOp.ts, manualPlan.ts, einsumEquation.ts).
import type { SimErrorCode } from '../../sim/result.ts';
import { text, type Text } from '../i18n.ts';
import { byType, type ExplanationTable } from './explanationTable.ts';

type ManualCode = Extract<SimErrorCode, `shard-map/${string}` | `manual/${string}` | `einsum/${string}`>;

const specTooLong = ({ specLength, rank }: { specLength: number; rank: number }): Text =>
  text(
    `标签写了 ${specLength} 个位置，可这道菜只有 ${rank} 个维度。`,
    `The label has ${specLength} entries but the dish has only ${rank} dimensions.`,
  );

/** Explanations of the shard_map, body-op and einsum codes. */
export const MANUAL_EXPLANATIONS: ExplanationTable<ManualCode> = {
  'shard-map/in-spec-too-long': specTooLong,
  'shard-map/out-spec-too-long': specTooLong,
  'shard-map/indivisible': ({ dim, size, parts }) =>
    text(
      `第 ${dim} 维有 ${size} 份，分给 ${parts} 间厨房分不均匀（shard_map 不会补齐）。`,
      `Dimension ${dim} has ${size} pieces, which ${parts} kitchens cannot share equally (shard_map pads nothing).`,
    ),
  'shard-map/non-manual-axis': () =>
    text('shard_map 的标签只能用网格里的排名。', "shard_map's labels can only name rows of the grid."),
  'shard-map/replication': () =>
    text(
      '你承诺每间厨房端出的是同一盘完整的菜（out_specs 里没提这排厨房），可各厨房手里还是各自的半成品。先用 psum 把半成品汇总分发，或者在 out_specs 里写明这道菜按这排厨房分着放。',
      'You promise every kitchen serves the same complete dish (out_specs does not name this row), but each kitchen still holds its own partial dish. Add them up with a psum first, or say in out_specs that the dish stays split over this row.',
    ),
  'shard-map/unknown-input': byType('InputError'),
  'shard-map/name-is-input': byType('InputError'),
  'shard-map/undefined-value': ({ name }) =>
    text(
      `有一步（或出菜口）要用“${name}”，可它前面没有哪一步做出它。要拿掉一步，先把用到它的地方改掉。`,
      `A step (or a serving hatch) uses '${name}', which no earlier step makes. To take a step away, first change what still uses it.`,
    ),
  'shard-map/unknown-output': byType('InputError'),
  'manual/unbound-axis': ({ axis }) =>
    text(
      `没有名为“${axis}”的一排厨房，传菜员不知道沿哪排窗口传。`,
      `There is no row of kitchens called '${axis}', so the runners do not know which windows to pass along.`,
    ),
  'manual/scatter-indivisible': ({ size, shards }) =>
    text(
      `汇总分份要把 ${size} 份平均分给 ${shards} 间厨房，分不均匀。`,
      `ReduceScatter must hand ${size} pieces out equally to ${shards} kitchens, which does not divide.`,
    ),
  'manual/all-to-all-indivisible': ({ size, shards }) =>
    text(
      `换岗要把 ${size} 份平均分给 ${shards} 间厨房，分不均匀。`,
      `AllToAll must split ${size} pieces equally among ${shards} kitchens, which does not divide.`,
    ),
  'manual/ppermute-not-unique': () =>
    text(
      '点对点传菜（ppermute）时，每间厨房只能送出一盘、也只能收到一盘。',
      'In a ppermute each kitchen sends one plate and receives one plate, no more.',
    ),
  'manual/op-invalid': byType('ValueError'),
  'manual/duplicate-name': ({ name, earlier }) =>
    text(
      `第 ${earlier} 步已经做出了叫“${name}”的菜，换个名字。`,
      `Step ${earlier} already makes a dish called '${name}'; pick another name.`,
    ),
  'manual/no-body-op': byType('InputError'),
  'einsum/no-arrow': byType('ValueError'),
  'einsum/many-arrows': byType('ValueError'),
  'einsum/ellipsis': byType('ValueError'),
  'einsum/too-many-operands': byType('ValueError'),
  'einsum/operand-count': byType('ValueError'),
  'einsum/bad-subscript': byType('ValueError'),
  'einsum/bad-shape': byType('ValueError'),
  'einsum/rank-mismatch': byType('ValueError'),
  'einsum/repeated-label': byType('ValueError'),
  'einsum/size-mismatch': ({ label, first, size }) =>
    text(
      `这一步要相乘的两块对不上：维度 '${label}' 一边是 ${first}，一边是 ${size}。每间厨房手里的块大小取决于 in_specs，看看标签和这一步的乘法是否配套。`,
      `The two pieces this step multiplies do not match: dimension '${label}' is ${first} on one side and ${size} on the other. The block each kitchen holds follows from in_specs: check that the labels fit this step's product.`,
    ),
  'einsum/output-repeated': byType('ValueError'),
  'einsum/output-unknown-label': byType('ValueError'),
};
