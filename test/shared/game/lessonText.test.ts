// Issue 13: every figure a debrief quotes of a plan comes from the core. A scanner reads every level's debrief
// (placeholders removed) and hints in both languages for figures — times, bytes, shares, rates — and fails on
// any that is not a fact of the text itself, listed below with why it is one and, where the test can, a check
// that it is right. A figure of a plan (the learner's, the reference, a plan the text describes) must be a
// placeholder on a named plan (lesson.ts, lessonPlans.ts).
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/game/i18n.ts';
import { PLACEHOLDER } from '../../../shared/game/lesson.ts';
import { figuresIn, lessonTextsOf as textsOf, unlistedIn } from './lessonScan.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';
import { HARDWARE_PRESETS } from '../../../shared/sim/cost/hardware.ts';
import { MIN_SERVED_SHARE } from '../../../shared/sim/cost/score.ts';

const GB = 1e9;
const link = (id: keyof typeof HARDWARE_PRESETS, which: 'intraNode' | 'interNode') =>
  HARDWARE_PRESETS[id][which].bytesPerS / GB;
const fridge = (id: keyof typeof HARDWARE_PRESETS) => HARDWARE_PRESETS[id].memoryBytes / GB;
const pct = (x: number, digits = 0) => `${(100 * x).toFixed(digits)}%`;
const oneDecimal = (x: number) => x.toFixed(1);

/** A fact of the text: why it is one, and whether it is right (true when the test cannot check it). */
interface Fact {
  readonly why: string;
  readonly right: boolean;
}
const fact = (why: string, right = true): Fact => ({ why, right });

/** The figures each level's texts may write by hand, by level id and figure as FIGURE matches it. */
const TEXT_FACTS: Readonly<Record<string, Readonly<Record<string, Fact>>>> = {
  'myth-model-parallel-is-copying': {
    '16 GB': fact('the fridge of the preset', fridge('fridge-16gb-fast') === 16),
    '18.1 亿': fact('12h² parameters of one GPT-3 layer', oneDecimal((12 * 12288 ** 2) / 1e8) === '18.1'),
  },
  'myth-gspmd-is-automatic': { '16 GB': fact('the fridge', fridge('fridge-16gb-fast') === 16) },
  'myth-pmap-is-pjit': { '16 GB': fact('the fridge', fridge('fridge-16gb-slow') === 16) },
  'myth-more-shards-are-faster': {
    '2.5 GB': fact('the slow window between floors, GB/s', link('fridge-16gb-slow', 'interNode') === 2.5),
    '15 GB': fact('the window inside a floor, GB/s', link('fridge-16gb-slow', 'intraNode') === 15),
  },
  'myth-always-model-parallel': {
    '15 GB': fact('the window inside a floor, GB/s', link('fridge-16gb-slow', 'intraNode') === 15),
  },
  courses: {
    '9.9%': fact('the closed form 7/71', pct(7 / 71, 1) === '9.9%'),
    '40 GB': fact('the A100 40 GB fridge', fridge('a100-40gb') === 40),
    '87.5%': fact('the closed form 7/8', pct(7 / 8, 1) === '87.5%'),
  },
  'interleaved-courses': {
    '44%': fact('the closed form (p−1)/m = 7/16', pct(7 / 16) === '44%'),
    '11%': fact('the closed form (p−1)/(v·m) = 7/64', pct(7 / 64) === '11%'),
    '22%': fact('the closed form (p−1)/(p·v) = 7/32', pct(7 / 32) === '22%'),
    '30%': fact('the closed form (p−1)/(m+p−1) = 7/23', pct(7 / 23) === '30%'),
    '9.9%': fact('the closed form (p−1)/(v·m+p−1) = 7/71', pct(7 / 71, 1) === '9.9%'),
  },
  'cook-again': { '40 GB': fact('the A100 40 GB fridge', fridge('a100-40gb') === 40) },
  'seasoning-ledgers': {
    '26.5 亿': fact('Ψ, the parameters of the GPT (checked by the level test)'),
    '42.4 GB': fact('16Ψ bytes', oneDecimal(16 * 2.65) === '42.4'),
    '16 GB': fact('the fridge', fridge('fridge-16gb-fast') === 16),
    '12.6 GB': fact('(2 + 2 + 12/16)Ψ bytes', oneDecimal((4 + 12 / 16) * 2.65) === '12.6'),
    '7.6 GB': fact('(2 + 14/16)Ψ bytes', oneDecimal((2 + 14 / 16) * 2.65) === '7.6'),
    '2.65 GB': fact('16Ψ/16 bytes'),
  },
  'giant-spice-rack': {
    '100 万': fact('16 million rows over 16 kitchens'),
    '16.4 GB': fact('the table, 16e6 × 256 × 4 B', oneDecimal((16e6 * 256 * 4) / GB) === '16.4'),
  },
  'tasting-menu': {
    '15 s': fact("the article's example: its first token before"),
    '4 s': fact("the article's example: its first token after"),
    '800 亿': fact("the article's 80-billion-parameter model"),
    '21.5 亿': fact("the model's parameters (start.params is 4.3 GB in bf16)"),
  },
  'the-banquet': {
    '1750 亿': fact('GPT-3 175B'),
    '700 GB': fact('175e9 × 4 B', 175e9 * 4 === 700 * GB),
    '700GB': fact("the article's own words, quoted as wrong"),
    '350 GB': fact('175e9 × 2 B', 175e9 * 2 === 350 * GB),
    '2.8 TB': fact('175e9 × 16 B', oneDecimal((175e9 * 16) / 1e12) === '2.8'),
    '80 GB': fact('the A100 80 GB fridge', fridge('a100-80gb') === 80),
    '3.5%': fact('the closed form 7/199', pct(7 / 199, 1) === '3.5%'),
  },
  'full-stations': { '99%': fact('the quality bar, MIN_SERVED_SHARE', pct(MIN_SERVED_SHARE) === '99%') },
  'myth-more-experts-more-compute': {
    '5.4 亿': fact(
      'k·4·d·f = 2·4·4096·16384 FLOPs a token',
      oneDecimal((2 * 4 * 4096 * 16384) / 1e8) === '5.4',
    ),
  },
  'the-profiler': {
    '25 GB': fact("an A100's InfiniBand share, GB/s", link('a100-80gb', 'interNode') === 25),
    '300 GB': fact("an A100's NVLink, GB/s each way", link('a100-80gb', 'intraNode') === 300),
  },
};

describe('the scanner', () => {
  it('finds the figures a text writes by hand, and not those of placeholders or names', () => {
    expect(figuresIn('a 19.6 s step of which 17.1 s is waiting, 224 to 247 GB per fridge')).toEqual([
      '19.6 s',
      '17.1 s',
      '247 GB',
    ]);
    expect(figuresIn('733 rows per second; 每秒 85.8 万行; 23%; 1.19M rows; a 2048-token prompt')).toEqual([
      '733 rows per second',
      '每秒 8',
      '23%',
      '1.19M',
    ]);
    expect(figuresIn('{reference.stepTime} on 4 A100s, W1 and 8 stations')).toEqual([]);
  });
});

describe.each(LEVELS.map((l) => [l.id, l] as const))('%s', (id, l) => {
  const facts = TEXT_FACTS[id] ?? {};
  it('writes no figure of a plan by hand in its debrief or hints, in either language', () => {
    const handWritten = unlistedIn(textsOf(l), figuresIn, facts);
    expect(handWritten).toEqual([]);
  });
  it('keeps only right text facts, each still written', () => {
    const all = textsOf(l).flatMap(({ text }) => figuresIn(text));
    for (const [figure, f] of Object.entries(facts)) {
      expect(f.right, `${figure}: ${f.why}`).toBe(true);
      expect(all, `${figure} is allowed but no longer written`).toContain(figure);
    }
  });
  it('fills no placeholder in a hint: hints are shown as written', () => {
    for (const h of l.hints) for (const locale of LOCALES) expect(h[locale]).not.toMatch(PLACEHOLDER);
  });
});
