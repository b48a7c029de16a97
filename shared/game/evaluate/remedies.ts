// What a player can do about what limits a plan, among the edits the level allows. The verdicts used to
// give every level the same advice: "share the ledgers, or cook again instead of storing" on levels without
// ZeRO or recomputation (or with no optimizer state at all: plain SGD), "use fewer stations" on the courses
// levels, which can change their schedule only. Each remedy names the edits that carry it out; a full
// fridge's remedy is offered only where what it shrinks is at least a tenth of the fridge (the banquet's 5 GB
// of activations beside 2.8 TB of model states are not worth a word).
// A remedy the plan on screen already carries out is not offered (planSettings.ts).
//   fridge   cut (setSpec, setMesh); share the ledgers (setZero: ZeRO shards optimizer state, then gradients,
//            then parameters, over the data kitchens: not at stage 3 or with one data kitchen); cook again
//            (setRecompute, not at full); sequence parallelism (setSequenceParallel: the layer norms' and
//            dropouts' activations over the model kitchens, when it is off and there are model kitchens); the
//            schedule (setPipeline: 1F1B and smaller microbatches keep fewer activations in flight; a plan on
//            1F1B is told only the latter, one whose rounds are single examples only the former)
//   bubble   more microbatches or interleaving (setPipeline); fewer stages (setMesh)
//   passing  fewer cuts (setMesh, setSpec), and cuts inside a node only when the plan spans several nodes (in
//            one node every window is the same: column-then-row's four kitchens have no fast ones); another
//            collective (setSpec, clearSpec, setSequenceParallel, manual ops); at ZeRO-3, a lower stage (setZero:
//            stage 3 gathers every weight before each use, forward and backward)
import type { PlanEditType } from '../actions.ts';
import type { MemoryBreakdown } from '../../sim/cost/memory.ts';
import { text, type Text } from '../i18n.ts';
import type { PlanSettings } from './planSettings.ts';

interface Remedy {
  readonly edits: readonly PlanEditType[];
  readonly zh: string;
  readonly en: string;
}

interface FridgeRemedy extends Remedy {
  /** Bytes of the fridge the remedy shrinks, for a plan with `settings` (unknown: every setting at its start). */
  readonly shrinks: (w: MemoryBreakdown, settings?: PlanSettings) => number;
}

/** The model states a higher ZeRO stage still shards: stage 1 shards the optimizer, 2 gradients, 3 parameters. */
function unsharedStates(w: MemoryBreakdown, settings?: PlanSettings): number {
  if (settings !== undefined && settings.dataKitchens <= 1) return 0;
  const stage = settings?.zeroStage ?? 0;
  return (stage < 1 ? w.optimizer : 0) + (stage < 2 ? w.grads : 0) + (stage < 3 ? w.params : 0);
}

/** A fridge remedy is offered when what it shrinks is at least this share of the fridge's contents. */
const WORTH_A_WORD = 0.1;

const CUT_EDITS: readonly PlanEditType[] = ['setSpec', 'setMesh'];

const FRIDGE: readonly FridgeRemedy[] = [
  {
    edits: CUT_EDITS,
    shrinks: (w) => w.total,
    zh: '把大菜切开分给更多厨房',
    en: 'cut the big dishes over more kitchens',
  },
  {
    edits: ['setZero'],
    shrinks: unsharedStates,
    zh: '分摊账本',
    en: 'share the ledgers',
  },
  {
    edits: ['setRecompute'],
    shrinks: (w, settings) => (settings?.recompute === 'full' ? 0 : w.activations),
    zh: '现做不备',
    en: 'cook again instead of storing',
  },
  {
    edits: ['setSequenceParallel'],
    shrinks: (w, settings) =>
      settings?.sequenceParallel === true || (settings?.modelKitchens ?? 2) <= 1 ? 0 : w.activations,
    zh: '把层归一化和 dropout 的激活也分给切模型的厨房（序列并行）',
    en: "split the layer norms' and dropouts' activations over the model kitchens too (sequence parallelism)",
  },
  {
    edits: ['setPipeline'],
    shrinks: (w) => w.activations + w.temporaries,
    zh: '换一种上菜方式（1F1B、更多更小的轮次），让等着反向的激活少一些',
    en: 'serve the courses another way (1F1B, more and smaller rounds) so that fewer activations wait for the backward pass',
  },
];

/**
 * The schedule's remedy for a plan already on 1F1B (plain or interleaved): it already holds at most p rounds of
 * activations per station, so only smaller rounds shrink them (the same batch in more microbatches).
 */
const SMALLER_ROUNDS: FridgeRemedy = {
  edits: ['setPipeline'],
  shrinks: (w) => w.activations + w.temporaries,
  zh: '把同样的菜分成更多、更小的轮次（微批），每轮等着反向的激活就小一些',
  en: 'split the same batch into more, smaller rounds (microbatches) so that each round waiting for the backward pass is smaller',
};

/** The schedule's remedy for a GPipe plan whose rounds are single examples: only 1F1B keeps fewer of them. */
const ONE_F_ONE_B: FridgeRemedy = {
  edits: ['setPipeline'],
  shrinks: (w) => w.activations + w.temporaries,
  zh: '换成 1F1B 上菜，让等着反向的轮次少一些',
  en: 'serve the courses by 1F1B so that fewer rounds wait for the backward pass',
};

/** The schedule's remedy for a plan with `settings`: none when it is on 1F1B with single-example rounds. */
function scheduleRemedy(general: FridgeRemedy, settings?: PlanSettings): FridgeRemedy | null {
  if (settings === undefined) return general;
  const onOneFOneB = settings.schedule !== 'gpipe';
  if (settings.singleExampleRounds) return onOneFOneB ? null : ONE_F_ONE_B;
  return onOneFOneB ? SMALLER_ROUNDS : general;
}

const BUBBLE: readonly Remedy[] = [
  {
    edits: ['setPipeline'],
    zh: '多分几轮上菜（更多微批），或交错上菜（每个站做几段不相邻的层）',
    en: 'serve more rounds (microbatches) or interleave the courses (each station cooks several non-adjacent chunks)',
  },
  { edits: ['setMesh'], zh: '少设几个菜序站', en: 'use fewer stations' },
];

/** Fewer cuts; where the plan spans nodes, cuts kept inside one node's faster windows too. */
const fewerCuts = (spansNodes: boolean): Remedy =>
  spansNodes
    ? {
        edits: CUT_EDITS,
        zh: '少切几刀、把切法留在同一个节点的快窗口内',
        en: "cut fewer times, keep the cuts inside a node's fast windows",
      }
    : { edits: CUT_EDITS, zh: '少切几刀', en: 'cut fewer times' };

/** At ZeRO-3 the passing includes every weight's gathers: a lower stage keeps the weights whole. */
const LOWER_ZERO: Remedy = {
  edits: ['setZero'],
  zh: '少分摊一层账本（降一级 ZeRO：ZeRO-3 每次用到权重前都要把它拼回来，前向、反向各一次）',
  en: 'share fewer ledgers (a lower ZeRO stage: ZeRO-3 gathers every weight before each use, forward and backward)',
};

const passing = (spansNodes: boolean, settings?: PlanSettings): readonly Remedy[] => [
  fewerCuts(spansNodes),
  ...(settings?.zeroStage === 3 && settings.dataKitchens > 1 ? [LOWER_ZERO] : []),
  {
    edits: ['setSpec', 'clearSpec', 'setSequenceParallel', 'addManualOp'],
    zh: '换一种传法',
    en: 'pass another way',
  },
];

/** "a, b or c" / "a、b或c". */
function list(items: readonly string[], or: string, comma: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(comma)}${or}${items[items.length - 1]}`;
}

/** The chosen remedies as one sentence in each language, the Chinese closed by `zhEnd`; `none` when there are none. */
function advise(chosen: readonly Remedy[], none: Text, zhEnd = '。'): Text {
  if (chosen.length === 0) return none;
  const en = list(
    chosen.map((r) => r.en),
    // an item with its own comma or "or" needs the serial comma to read as one list
    chosen.length > 2 || chosen.some((r) => /,| or /.test(r.en)) ? ', or ' : ' or ',
    ', ',
  );
  return text(
    `${list(
      chosen.map((r) => r.zh),
      '或',
      '、',
    )}${zhEnd}`,
    `${en[0]!.toUpperCase()}${en.slice(1)}.`,
  );
}

/** Whether the level (every edit when `editable` is absent: the sandbox, the command line) has the remedy's edit. */
const allowedBy =
  (editable?: readonly PlanEditType[]) =>
  (r: Remedy): boolean =>
    editable === undefined || r.edits.some((e) => editable.includes(e));

/**
 * The remedies for an overflowing fridge holding `worst`, among the edits a level allows and those the plan
 * (`settings`; unknown: all) has not already made: a plan on 1F1B is not told to switch to 1F1B.
 * @example memoryAdvice(worst, ['setPipeline']).en // 'Serve the courses another way (…) so that fewer activations wait for the backward pass.'
 */
export function memoryAdvice(
  worst: MemoryBreakdown,
  editable?: readonly PlanEditType[],
  settings?: PlanSettings,
): Text {
  const chosen = FRIDGE.flatMap((r) => {
    const remedy = r.edits.includes('setPipeline') ? scheduleRemedy(r, settings) : r;
    return remedy ? [remedy] : [];
  }).filter((r) => allowedBy(editable)(r) && r.shrinks(worst, settings) >= WORTH_A_WORD * worst.total);
  return advise(
    chosen,
    text(
      '这一关能改的地方都帮不上冷柜：换一个更大的冷柜，或者少做一点菜。',
      "Nothing this level lets you change shrinks this fridge's contents: it needs a bigger fridge or a smaller dish.",
    ),
    '，才能装下。',
  );
}

/** The remedies for a pipeline bubble, among the edits a level allows. */
export const bubbleAdvice = (editable?: readonly PlanEditType[]): Text =>
  advise(
    BUBBLE.filter(allowedBy(editable)),
    text('这一关能改的地方都缩不短气泡。', 'Nothing this level lets you change shortens the bubble.'),
  );

/**
 * The remedies for passing longer than the cooking, among the edits a level allows; `spansNodes`: the plan's
 * kitchens are in more than one node, so that some windows are slower than others; `settings`, the plan's.
 * @example passingAdvice(['setSpec', 'clearSpec'], false).en // 'Cut fewer times or pass another way.'
 */
export const passingAdvice = (
  editable: readonly PlanEditType[] | undefined,
  spansNodes: boolean,
  settings?: PlanSettings,
): Text =>
  advise(
    passing(spansNodes, settings).filter(allowedBy(editable)),
    text('这一关能改的地方都减不少传菜。', 'Nothing this level lets you change shortens the passing.'),
  );
