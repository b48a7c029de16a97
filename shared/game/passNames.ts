// What the screens call each kind of pass (docs/glossary.md: a pass is a collective; its passing styles are
// AllGather 拼盘, AllReduce 汇总分发, ReduceScatter 汇总分份, AllToAll 换岗, ppermute 点对点传菜): the views'
// legends and rows, the debrief's "passes:" list and the reveal's all say a kind the same way. The core
// names a kind as XLA does ('all-reduce', 'collective-permute') and a manual plan as JAX does ('psum',
// 'psum_scatter', 'ppermute'); passKind maps every spelling to one kind.
import { text, type Locale, type Text } from './i18n.ts';

export const PASS_KINDS = [
  'all-gather',
  'all-reduce',
  'reduce-scatter',
  'all-to-all',
  'ppermute',
  'all-slice',
] as const;
export type PassKind = (typeof PASS_KINDS)[number];

const SPELLINGS: Readonly<Record<string, PassKind>> = {
  'all-gather': 'all-gather',
  all_gather: 'all-gather',
  'all-reduce': 'all-reduce',
  psum: 'all-reduce',
  'reduce-scatter': 'reduce-scatter',
  psum_scatter: 'reduce-scatter',
  'all-to-all': 'all-to-all',
  all_to_all: 'all-to-all',
  ppermute: 'ppermute',
  'collective-permute': 'ppermute',
  'all-slice': 'all-slice',
};

/** The kind a core or JAX spelling names ('psum' → 'all-reduce'); undefined for anything else. */
export const passKind = (spelling: string): PassKind | undefined =>
  Object.hasOwn(SPELLINGS, spelling) ? SPELLINGS[spelling] : undefined;

export const PASS_NAMES: Readonly<Record<PassKind, Text>> = {
  'all-gather': text('AllGather 拼盘', 'AllGather'),
  'all-reduce': text('AllReduce 汇总分发', 'AllReduce'),
  'reduce-scatter': text('ReduceScatter 汇总分份', 'ReduceScatter'),
  'all-to-all': text('AllToAll 换岗', 'AllToAll'),
  ppermute: text('ppermute 点对点传菜', 'ppermute'),
  'all-slice': text('切片（不传菜）', 'slice (no pass)'),
};

/**
 * The pass a collective event of a step's timeline is: its kind, absent when the event stands for passes of
 * several kinds (a training task's tensor-parallel passes under sequence parallelism), and its mesh axes.
 */
export interface EventPass {
  readonly kind?: PassKind;
  readonly axes: readonly string[];
}

/** The EventPass of a collective of `spelling` over `axes` (no kind for a spelling passKind does not know). */
export function eventPass(spelling: string | undefined, axes: readonly string[]): EventPass {
  const kind = spelling === undefined ? undefined : passKind(spelling);
  return kind === undefined ? { axes } : { kind, axes };
}

/**
 * A pass kind as the screens name it in `locale`; a spelling of no known kind as it is.
 * @example passName('psum', 'zh-CN') // 'AllReduce 汇总分发'
 */
export function passName(spelling: string, locale: Locale): string {
  const kind = passKind(spelling);
  return kind === undefined ? spelling : PASS_NAMES[kind][locale];
}
