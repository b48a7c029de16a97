// The counts of passes a debrief or hint writes in words ("one AllReduce", "four AllToAlls", "一次传菜", "AllReduce
// 一次") are figures of a plan too: the static view lists the passes of the plan on screen, and a text that says
// "four AllToAlls" beside a listing of seven passes contradicts it. A scanner finds every such count in both
// languages; each must be listed below with the plan it speaks of and what the core must list for that plan
// (the tasting's collectives, the passes the static view shows), or as a fact of the text (an identity of the
// ring algorithms, not a plan's).
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER } from '../../../shared/game/lesson.ts';
import { lessonEvaluations } from '../../../shared/game/lessonPlans.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { lessonTextsOf as textsOf, unlistedIn } from './lessonScan.ts';

const COLLECTIVE =
  'AllReduce|AllGather|ReduceScatter|AllToAll|all-reduce|all-gather|reduce-scatter|all-to-all';
const EN_COUNT = 'one|two|three|four|five|six|seven|eight|nine|ten|\\d+';
const ZH_COUNT = '[一二两三四五六七八九十\\d]+';
/** A count of passes: "four AllToAlls", "一次 AllReduce", "一次传菜", "一次汇总", "AllReduce 一次". */
const COUNT = new RegExp(
  `\\b(?:${EN_COUNT})\\s+(?:${COLLECTIVE})s?\\b|${ZH_COUNT}\\s*次\\s*(?:${COLLECTIVE}|传菜|汇总)|(?:${COLLECTIVE})\\s*${ZH_COUNT}\\s*次`,
  'gi',
);

const countsIn = (s: string): string[] => s.replace(PLACEHOLDER, '').match(COUNT) ?? [];

/** What the core must list for a plan: how many passes of `kind` (any kind when absent) in `phase` (any). */
interface Listed {
  readonly plan: string;
  readonly kind?: string;
  readonly phase?: 'forward' | 'backward';
  readonly count: number;
}
/** A count as a text writes it: what it says, and the listings that make it true (none for a text fact). */
interface Claim {
  readonly why: string;
  readonly listed: readonly Listed[];
}
const claim = (why: string, ...listed: Listed[]): Claim => ({ why, listed });

const REFERENCE_ONE_FORWARD: Listed = { plan: 'reference', kind: 'all-reduce', phase: 'forward', count: 1 };
const FOUR_ALL_TO_ALLS: Listed = { plan: 'reference', kind: 'all-to-all', count: 4 };

/** Every count the texts write, by level id and the count as COUNT matches it. */
const CLAIMS: Readonly<Record<string, Readonly<Record<string, Claim>>>> = {
  'fridge-too-small': {
    'one AllReduce': claim('the row-split second layer leaves partial sums', REFERENCE_ONE_FORWARD),
    '一次 AllReduce': claim('the same, in Chinese', REFERENCE_ONE_FORWARD),
    一次汇总: claim('the hint: one sum between the layers when W2 is split by rows', REFERENCE_ONE_FORWARD),
  },
  'myth-model-parallel-is-copying': {
    'one AllReduce': claim(
      'one at the end of each of the two sub-layers forward, and one backward at the MLP input (the block input needs no gradient)',
      { plan: 'reference', kind: 'all-reduce', phase: 'forward', count: 2 },
      { plan: 'reference', kind: 'all-reduce', phase: 'backward', count: 1 },
    ),
    '一次 AllReduce': claim(
      'the same, in Chinese',
      { plan: 'reference', kind: 'all-reduce', phase: 'forward', count: 2 },
      { plan: 'reference', kind: 'all-reduce', phase: 'backward', count: 1 },
    ),
  },
  'column-then-row': {
    'one AllReduce': claim('Megatron’s MLP: y summed once forward', REFERENCE_ONE_FORWARD),
    '一次 AllReduce': claim('the same, in Chinese', REFERENCE_ONE_FORWARD),
  },
  'passing-styles': {
    'one ReduceScatter': claim('AllReduce = ReduceScatter + AllGather, an identity of the ring algorithms'),
    'one AllGather': claim('the same identity'),
    '一次 ReduceScatter': claim('the same identity, in Chinese'),
    '一次 AllGather': claim('the same identity, in Chinese'),
    'one AllReduce': claim('h left split: pred is a partial sum', {
      plan: 'hSplit',
      kind: 'all-reduce',
      count: 1,
    }),
    'AllReduce 一次': claim('the same, in Chinese', { plan: 'hSplit', kind: 'all-reduce', count: 1 }),
  },
  'the-tasting': {
    'one AllReduce': claim('the psum of the reference plan', {
      plan: 'reference',
      kind: 'all-reduce',
      count: 1,
    }),
    '一次 AllReduce': claim('the same, in Chinese', { plan: 'reference', kind: 'all-reduce', count: 1 }),
    一次传菜: claim(
      'the one pass the manual start plan lacks (and that the compiler does not add)',
      { plan: 'start', count: 0 },
      { plan: 'reference', count: 1 },
    ),
  },
  'myth-pmap-is-pjit': {
    'one AllReduce': claim('jit’s plan: one forward, one backward', REFERENCE_ONE_FORWARD, {
      plan: 'reference',
      kind: 'all-reduce',
      phase: 'backward',
      count: 1,
    }),
    '一次 AllReduce': claim('the same, in Chinese', REFERENCE_ONE_FORWARD, {
      plan: 'reference',
      kind: 'all-reduce',
      phase: 'backward',
      count: 1,
    }),
  },
  'giant-spice-rack': {
    'one AllReduce': claim('the masked lookup’s rows summed', REFERENCE_ONE_FORWARD),
    '一次 AllReduce': claim('the same, in Chinese', REFERENCE_ONE_FORWARD),
    一次传菜: claim(
      'the hint asks which pass sums the rows; the debrief says the backward pass needs none',
      { plan: 'reference', phase: 'forward', count: 1 },
      { plan: 'reference', phase: 'backward', count: 0 },
    ),
  },
  'tasting-menu': {
    'one AllReduce': claim('after each of the five blocks', {
      plan: 'reference',
      kind: 'all-reduce',
      phase: 'forward',
      count: 5,
    }),
    '一次 AllReduce': claim('the same, in Chinese', {
      plan: 'reference',
      kind: 'all-reduce',
      phase: 'forward',
      count: 5,
    }),
  },
  'the-buffet': {
    'four AllToAlls': claim('dispatch and combine, forward and backward', FOUR_ALL_TO_ALLS),
    '四次 AllToAll': claim('the same, in Chinese', FOUR_ALL_TO_ALLS),
  },
  'full-stations': {
    'four AllToAlls': claim('dispatch and combine, forward and backward, at every factor', FOUR_ALL_TO_ALLS, {
      plan: 'start',
      kind: 'all-to-all',
      count: 4,
    }),
    '四次 AllToAll': claim('the same, in Chinese', FOUR_ALL_TO_ALLS),
  },
  'myth-more-experts-more-compute': {
    'four AllToAlls': claim('expert parallelism’s dispatch and combine', FOUR_ALL_TO_ALLS),
    '四次 AllToAll': claim('the same, in Chinese', FOUR_ALL_TO_ALLS),
    'three AllReduces': claim('the loss, and the gradients of the weights every kitchen holds whole', {
      plan: 'reference',
      kind: 'all-reduce',
      count: 3,
    }),
    '三次 AllReduce': claim('the same, in Chinese', { plan: 'reference', kind: 'all-reduce', count: 3 }),
  },
};

describe('the count scanner', () => {
  it('finds counts of passes in words, digits and Chinese, not other counts', () => {
    expect(
      countsIn('four AllToAlls and one all-reduce; 一次传菜, 四次 AllToAll, AllReduce 一次; two layers'),
    ).toEqual(['four AllToAlls', 'one all-reduce', '一次传菜', '四次 AllToAll', 'AllReduce 一次']);
    expect(countsIn('{reference.allReduceBytes} per AllReduce, one kitchen')).toEqual([]);
  });
});

describe.each(LEVELS.map((l) => [l.id, l] as const))('%s', (id, l) => {
  const claims = CLAIMS[id] ?? {};
  it('writes no count of passes that is not listed with the plan it speaks of', () => {
    const unlisted = unlistedIn(textsOf(l), countsIn, claims);
    expect(unlisted).toEqual([]);
  });
  it('writes counts that the core lists for those plans, each still written', () => {
    const evaluation = lessonEvaluations(l);
    const all = textsOf(l).flatMap(({ text }) => countsIn(text));
    for (const [count, c] of Object.entries(claims)) {
      expect(all, `${count} is listed but no longer written`).toContain(count);
      for (const want of c.listed) {
        const tasting = evaluation(want.plan).tasting;
        if (tasting === null)
          throw new Error(`${id}: ${want.plan} is priced only: no passes listed to count`);
        const passes = tasting.collectives.filter(
          (p) =>
            (want.kind === undefined || p.kind === want.kind) &&
            (want.phase === undefined || p.phase === want.phase),
        );
        expect(passes.length, `${count} (${c.why}): ${JSON.stringify(want)}`).toBe(want.count);
      }
    }
  });
});
