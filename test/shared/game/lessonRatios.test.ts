// The comparisons a debrief makes in words ("almost twice as slow", "about twice as fast", "as fast as ZeRO-1",
// "four times the kitchens") are figures of two plans too. Each is listed here with the words that make it, in
// both languages, and the range of the ratio of the two plans' figures (the core's pricing) that the words
// can honestly stand for; the test fails when a pricing change leaves the words behind.
import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../../../shared/game/evaluation.ts';
import { levelById } from '../../../shared/game/levels/index.ts';
import { lessonEvaluations } from '../../../shared/game/lessonPlans.ts';

interface Ratio {
  readonly level: string;
  /** The words, as each language's debrief writes them. */
  readonly en: string;
  readonly zh: string;
  /** figure(of) / figure(to) must lie in [min, max]. */
  readonly of: string;
  readonly to: string;
  readonly figure: (e: Evaluation) => number;
  readonly min: number;
  readonly max: number;
}

const stepS = (e: Evaluation) => e.pricing.stepS;
const devices = (e: Evaluation) => e.pricing.devices;
/** Gradient reductions the critical device runs per step. */
const gradientRuns = (e: Evaluation) =>
  e.pricing.collectives.filter((c) => c.role === 'gradient').reduce((n, c) => n + c.perStep, 0);

const RATIOS: readonly Ratio[] = [
  {
    level: 'myth-more-shards-are-faster',
    en: 'four times the kitchens',
    zh: '多用 4 倍的厨房',
    of: 'trap',
    to: 'reference',
    figure: devices,
    min: 4,
    max: 4,
  },
  {
    level: 'myth-more-shards-are-faster',
    en: 'almost twice as slow',
    zh: '慢了近一倍',
    of: 'trap',
    to: 'reference',
    figure: stepS,
    min: 1.6,
    max: 2,
  },
  {
    level: 'myth-more-experts-more-compute',
    en: 'about twice as fast',
    zh: '快了大约一倍',
    of: 'start',
    to: 'reference',
    figure: stepS,
    min: 1.8,
    max: 2.2,
  },
  {
    level: 'seasoning-ledgers',
    en: 'as fast as ZeRO-1',
    zh: '和 ZeRO-1 一样快',
    of: 'zero2',
    to: 'reference',
    figure: stepS,
    min: 0.99,
    max: 1.01,
  },
  {
    level: 'seasoning-ledgers',
    en: 'four times a step instead of once',
    zh: '一步 4 回而不是 1 回',
    of: 'zero2',
    to: 'reference',
    figure: gradientRuns,
    min: 4,
    max: 4,
  },
];

describe.each(RATIOS.map((r) => [`${r.level}: ${r.en}`, r] as const))('%s', (_, r) => {
  const level = levelById(r.level)!;
  it('is still written in both languages', () => {
    expect(level.debrief.en).toContain(r.en);
    expect(level.debrief['zh-CN']).toContain(r.zh);
  });
  it('is what the core prices for the two plans', () => {
    const evaluation = lessonEvaluations(level);
    const ratio = r.figure(evaluation(r.of)) / r.figure(evaluation(r.to));
    expect(ratio, `${r.of} / ${r.to}`).toBeGreaterThanOrEqual(r.min);
    expect(ratio, `${r.of} / ${r.to}`).toBeLessThanOrEqual(r.max);
  });
});
