// The shape of the explanation tables: one function per code, from the code's parameters to a text in both
// languages (docs/design.md §2's metaphor). A code with nothing more to say than its error type uses
// `byType`.
import { pyStr, pyTuple } from '../../sim/partitionSpec.ts';
import type { SimErrorType } from '../../sim/result.ts';
import type { GameErrorCode, GameErrorParams } from '../errors.ts';
import { text, type Text } from '../i18n.ts';

/** An explanation for each code of `C`. */
export type ExplanationTable<C extends GameErrorCode> = {
  readonly [K in C]: (params: GameErrorParams[K]) => Text;
};

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
    '这个方案在 JAX 里会被拒绝，方案保持原样。看上面的报错找出是哪道菜、哪一排厨房。',
    'JAX would refuse this plan, so it stays as it was. The message above names the dish and the row.',
  ),
  ShardingTypeError: text(
    '这道菜的分法和它要参与的运算对不上。',
    'The way this dish is split does not fit the operation it takes part in.',
  ),
  InputError: text(
    '方案里有一项填写得不对，方案保持原样。',
    'A field of the plan is malformed; the plan stays as it was.',
  ),
};

/** The explanation of a code that adds nothing to its error type's. */
export const byType = (type: SimErrorType) => (): Text => BY_TYPE[type];

/** A mesh's axis names as JAX prints them: `('x', 'y')`, `('x',)`. */
export const pyNames = (names: readonly string[]): string => pyTuple(names.map(pyStr));
