// What a player can do about an overflowing fridge, from what fills it and the edits the level allows: a
// verdict that said "share the ledgers, or cook again instead of storing" on a level without ZeRO or
// recomputation (or with no optimizer state at all: plain SGD) gave advice the player could not take. Each
// remedy is offered where the level has its edit and what it shrinks is at least a tenth of the fridge (the
// banquet's 5 GB of activations beside 2.8 TB of model states are not worth a word):
//   cut            setSpec / setMesh: every sharded dish, parameters first
//   ledgers        setZero: ZeRO shards optimizer state, gradients, parameters over the data kitchens
//   cook again     setRecompute: activations recomputed in the backward pass instead of stored
//   sequence       setSequenceParallel: the layer norms' and dropouts' activations split over the model kitchens
//   courses        setPipeline: 1F1B and more, smaller microbatches keep fewer activations in flight
import type { PlanEditType } from '../actions.ts';
import type { MemoryBreakdown } from '../../sim/cost/memory.ts';
import { text, type Text } from '../i18n.ts';

interface Remedy {
  readonly edits: readonly PlanEditType[];
  /** Bytes of the fridge the remedy shrinks. */
  readonly shrinks: (w: MemoryBreakdown) => number;
  readonly zh: string;
  readonly en: string;
}

/** A remedy is offered when what it shrinks is at least this share of the fridge's contents. */
const WORTH_A_WORD = 0.1;

const REMEDIES: readonly Remedy[] = [
  {
    edits: ['setSpec', 'setMesh'],
    shrinks: (w) => w.total,
    zh: '把大菜切开分给更多厨房',
    en: 'cut the big dishes over more kitchens',
  },
  {
    edits: ['setZero'],
    shrinks: (w) => w.optimizer + w.grads + w.params,
    zh: '分摊账本',
    en: 'share the ledgers',
  },
  {
    edits: ['setRecompute'],
    shrinks: (w) => w.activations,
    zh: '现做不备',
    en: 'cook again instead of storing',
  },
  {
    edits: ['setSequenceParallel'],
    shrinks: (w) => w.activations,
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

/** "a, b or c" in English, "a、b或c" in Chinese. */
function list(items: readonly string[], or: string, comma: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(comma)}${or}${items[items.length - 1]}`;
}

/**
 * The remedies for an overflowing fridge holding `worst`, among the edits a level allows; every remedy when
 * `editable` is absent (the sandbox and the command line allow every edit).
 * @example memoryAdvice(worst, ['setPipeline']).en // 'Serve the courses another way (…) so that fewer activations wait for the backward pass.'
 */
export function memoryAdvice(worst: MemoryBreakdown, editable?: readonly PlanEditType[]): Text {
  const allowed = (r: Remedy) => editable === undefined || r.edits.some((e) => editable.includes(e));
  const chosen = REMEDIES.filter((r) => allowed(r) && r.shrinks(worst) >= WORTH_A_WORD * worst.total);
  if (chosen.length === 0)
    return text(
      '这一关能改的地方都帮不上冷柜：换一个更大的冷柜，或者少做一点菜。',
      "Nothing this level lets you change shrinks this fridge's contents: it needs a bigger fridge or a smaller dish.",
    );
  const en = list(
    chosen.map((r) => r.en),
    chosen.length > 2 ? ', or ' : ' or ',
    ', ',
  );
  return text(
    `${list(
      chosen.map((r) => r.zh),
      '或',
      '、',
    )}，才能装下。`,
    `${en[0]!.toUpperCase()}${en.slice(1)}.`,
  );
}
