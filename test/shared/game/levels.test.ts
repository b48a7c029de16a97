// Every level as data and as play: its texts are complete in both languages, its starting plan is valid,
// its reference solution reaches three stars, and its trap plan — the misconception — fails in the
// simulation exactly the way the level's debrief says (docs/design.md §5.4).
import { describe, expect, it } from 'vitest';
import type { Evaluation } from '../../../shared/game/evaluation.ts';
import { LOCALES } from '../../../shared/game/i18n.ts';
import { LEVELS, levelById } from '../../../shared/game/levels/index.ts';
import { validatePlan } from '../../../shared/game/validatePlan.ts';
import { evaluate } from './helpers.ts';
import { inLocale, shownTextsOf } from './lessonScan.ts';

const results = new Map(
  LEVELS.map((l) => [l.id, { reference: evaluate(l, l.reference), trap: evaluate(l, l.trap.plan) }]),
);
const of = (id: string) => results.get(id)!;

/** The station numbers a text writes: "3 号站", "第 3 站", "station 3", "stations 0 and 7" (not "each station 4 layers"). */
function stationNumbers(text: string): number[] {
  const zh = [...text.matchAll(/(\d+) ?号站|第 ?(\d+) ?站/g)].map((m) => Number(m[1] ?? m[2]));
  const en = [
    ...text.matchAll(
      /\bstations? (\d+)\b(?! (?:layers|rounds|chunks|tables|microbatches))(?: and (\d+)\b)?/g,
    ),
  ].flatMap((m) => [m[1], m[2]].flatMap((d) => (d === undefined ? [] : [Number(d)])));
  return [...zh, ...en];
}

describe('the level index', () => {
  it("has fourteen concept levels and six misconception levels (the article's five and the experts' one), with unique ids", () => {
    expect(LEVELS.filter((l) => l.kind === 'concept')).toHaveLength(14);
    expect(LEVELS.filter((l) => l.kind === 'misconception')).toHaveLength(6);
    expect(new Set(LEVELS.map((l) => l.id)).size).toBe(LEVELS.length);
  });
  it('finds a level by id', () => {
    expect(levelById('the-banquet')?.title.en).toBe('The banquet');
    expect(levelById('no-such-level')).toBeUndefined();
  });
});

describe.each(LEVELS.map((l) => [l.id, l] as const))('%s', (_id, l) => {
  it('has non-empty zh-CN and en texts for every field, and at most three hints', () => {
    const texts = [l.title, l.story, l.goal, l.debrief, ...l.hints, ...(l.belief ? [l.belief] : [])];
    for (const t of texts) for (const locale of LOCALES) expect(t[locale].trim().length).toBeGreaterThan(0);
    expect(l.hints.length).toBeGreaterThan(0);
    expect(l.hints.length).toBeLessThanOrEqual(3);
    expect(l.belief !== undefined).toBe(l.kind === 'misconception');
  });
  it('writes its English texts in English: no Chinese, not even a gloss after a name', () => {
    // the buffet's debrief said "the AllToAll (换岗)": the kitchen word belongs to the Chinese screen
    const han = inLocale(shownTextsOf(l), 'en').flatMap(({ where, text }) =>
      [...text.matchAll(/.{0,20}\p{Script=Han}+/gu)].map((m) => `${where}: …${m[0]}`),
    );
    expect(han).toEqual([]);
  });
  it('numbers its stations from 0, as the service lanes do ("0 号站", "station 0")', () => {
    // the courses story said "station 1 hands its course to station 2" beside lanes numbered from 0
    const stations = l.reference.mesh.find((a) => a.name === 'stage')?.size ?? Infinity;
    for (const { where, text } of shownTextsOf(l)) {
      const numbers = stationNumbers(text);
      if (numbers.length === 0) continue;
      expect(numbers, `${where} numbers its stations from 0`).toContain(0);
      for (const n of numbers) expect(n, `${where}: station ${n} of ${stations}`).toBeLessThan(stations);
    }
  });
  it("writes a formula symbol's subscript without a hyphen, where a phone would break the line", () => {
    // the profiler's "T_per-step" wrapped as "T_per-" / "step"; its symbols are T_calc, T_comm, T_step
    const broken = shownTextsOf(l).flatMap(({ where, text }) =>
      [...text.matchAll(/[A-Za-z]_[A-Za-z0-9]*-[A-Za-z0-9]+/g)].map((m) => `${where}: ${m[0]}`),
    );
    expect(broken).toEqual([]);
  });
  it('starts from a valid plan and offers edits', () => {
    expect(validatePlan(l, l.start)).toEqual({ ok: true, value: undefined });
    expect(l.editable.length).toBeGreaterThan(0);
  });
  it('reference solution: three stars, a right tasting, fitting fridges', () => {
    const e = of(l.id).reference;
    expect(e.score.reason).toBeUndefined();
    expect(e.stars).toBe(3);
    expect(e.pricing.memory.fits).toBe(true);
    if (e.tasting) expect(e.tasting.ok).toBe(true);
  });
  it(`trap plan fails: ${l.trap.fails}`, () => {
    const { trap, reference } = of(l.id);
    if (l.trap.fails === 'memory') {
      expect(trap.limitedBy).toBe('memory');
      expect(trap.score.reason).toMatch(/^out of memory on device \d+ by [\d.]+ [GT]B$/);
    } else if (l.trap.fails === 'tasting') {
      expect(trap.limitedBy).toBe('tasting');
      expect(trap.score.reason).toBe('tasting failed');
    } else {
      expect(trap.pricing.memory.fits).toBe(true);
      expect(trap.pricing.stepS).toBeGreaterThan(reference.pricing.stepS);
      expect(trap.stars).toBeLessThan(3);
    }
  });
});

/** The worst fridge's parts in GB. */
const gb = (e: Evaluation) => ({
  total: e.pricing.memory.worst.total / 1e9,
  overflow: e.pricing.memory.overflowBytes / 1e9,
  device: e.pricing.memory.worstDevice,
});

describe('each trap fails the way its level teaches', () => {
  it('fridge too small: a whole copy of 4.3e9 fp32 parameters overflows kitchen 0 by 19.6 GB', () => {
    const { trap, reference } = of('fridge-too-small');
    expect(trap.score.reason).toBe('out of memory on device 0 by 19.6 GB');
    expect(trap.pricing.memory.worst.params).toBeCloseTo(4 * 2 * 16384 * 131072, -6);
    expect(gb(reference).total).toBeCloseTo(9.0, 1);
    expect(reference.pricing.collectives.map((c) => [c.kind, c.tensor])).toEqual([['all-reduce', 'pred']]);
  });
  it('model parallel is copying: the batch-split copy overflows 16 GB; the cut block needs 14.5 GB', () => {
    const { trap, reference } = of('myth-model-parallel-is-copying');
    expect(gb(trap)).toMatchObject({ device: 0 });
    expect(gb(trap).total).toBeCloseTo(24.2, 1);
    expect(gb(reference).total).toBeCloseTo(14.5, 1);
    expect(trap.tasting?.ok).toBe(true); // the copy tastes right: it just does not fit
  });
  it('column then row: row-then-column all-reduces the 4× wider h_pre and is communication-bound', () => {
    const { trap, reference } = of('column-then-row');
    expect(trap.limitedBy).toBe('communication');
    expect(trap.pricing.collectives.some((c) => c.kind === 'all-reduce' && c.tensor === 'h_pre')).toBe(true);
    expect(reference.pricing.collectives.filter((c) => c.phase === 'forward').map((c) => c.tensor)).toEqual([
      'y',
    ]);
    expect(trap.pricing.stepS / reference.pricing.stepS).toBeGreaterThan(1.7);
  });
  it("giant spice rack: the row-cut table's update is most of the step, and the verdict says so", () => {
    const { reference } = of('giant-spice-rack');
    expect(reference.explanation.en).toMatch(/^The optimizer's update takes \d+% of the/);
    expect(reference.explanation.en).not.toMatch(/stoves are busy/);
  });
  it('passing styles: asking for h whole makes every kitchen cook the whole dish', () => {
    const { trap, reference } = of('passing-styles');
    // W1 and W2 gathered for the forward pass; dh = dpred · W2ᵀ reads the gathered W2 again (the label keeps
    // the gradient of h whole too: JAX transposes with_sharding_constraint into the same constraint on the
    // cotangent), and XLA keeps it rather than gathering twice: the banquet-scale trap compiles to these two
    // all-gathers on JAX 0.10.2.
    expect(trap.pricing.collectives.filter((c) => c.kind === 'all-gather').map((c) => c.tensor)).toEqual([
      'w1',
      'w2',
    ]);
    // Every kitchen runs the whole forward pass: over half of all the matmuls instead of a quarter.
    expect(trap.pricing.workShare).toBeGreaterThan(0.5);
    expect(reference.pricing.workShare).toBeCloseTo(1 / 4, 6);
    expect(trap.explanation.en).toMatch(/repeat each other's work/);
    expect(trap.pricing.stepS / reference.pricing.stepS).toBeGreaterThan(2);
  });
  it('GSPMD is automatic: with no annotation nothing is split and nothing is passed', () => {
    const { trap } = of('myth-gspmd-is-automatic');
    expect(trap.limitedBy).toBe('memory');
    expect(trap.tasting?.collectives).toEqual([]);
    expect(trap.tasting?.tensors.every((t) => !t.spec.includes("'model'"))).toBe(true);
  });
  it('the tasting: without the psum pred is a partial sum, wrong on every kitchen', () => {
    const { trap, reference } = of('the-tasting');
    expect(trap.tasting?.wrong).toEqual(['pred']);
    expect(trap.tasting?.outputs[0]?.relError).toBeGreaterThan(0.1);
    expect(trap.explanation.en).toMatch(/^The tasting failed: pred/);
    expect(reference.pricing.collectives.map((c) => [c.kind, c.tensor, c.role])).toEqual([
      ['all-reduce', 'pred_partial', 'manual'],
    ]);
  });
  it('pmap is pjit: pmap keeps a whole copy of the 2.16e9 parameters on every kitchen', () => {
    const { trap, reference } = of('myth-pmap-is-pjit');
    expect(trap.score.reason).toBe('out of memory on device 0 by 4.4 GB');
    // W_in [1024, 16384], W1 [16384, 65536], W2 [65536, 16384], 4 bytes each, all in every kitchen.
    const params = 1024 * 16384 + 2 * 16384 * 65536;
    expect(trap.pricing.memory.worst.params).toBe(4 * params);
    expect(reference.pricing.memory.worst.params).toBe(4 * (1024 * 16384 + (2 * 16384 * 65536) / 4));
  });
  it('more shards are faster: 16 kitchens across floors are slower than 4 on one floor', () => {
    const { trap, reference } = of('myth-more-shards-are-faster');
    expect(trap.pricing.devices).toBe(16);
    expect(reference.pricing.devices).toBe(4);
    expect(trap.limitedBy).toBe('communication');
    expect(trap.pricing.collectives.every((c) => c.link === 'inter')).toBe(true);
    expect(trap.pricing.tokensPerS).toBeLessThan(0.6 * reference.pricing.tokensPerS);
  });
  it('always model parallel: tensor parallelism is slower than data parallelism for a small model', () => {
    const { trap, reference } = of('myth-always-model-parallel');
    expect(trap.pricing.breakdownS.communication).toBeGreaterThan(0.01);
    expect(
      reference.pricing.collectives.filter((c) => c.role === 'gradient').every((c) => c.overlapped),
    ).toBe(true);
    expect(reference.pricing.tokensPerS / trap.pricing.tokensPerS).toBeGreaterThan(1.3);
  });
  it('courses: GPipe keeps all 64 microbatches; the last stage overflows by 206 GB', () => {
    const { trap, reference } = of('courses');
    expect(trap.score.reason).toBe('out of memory on device 7 by 206.2 GB');
    expect(trap.pricing.memory.worst.activations).toBeGreaterThan(200e9);
    expect(reference.pricing.memory.worst.activations).toBeLessThan(30e9);
    expect(reference.pricing.bubbleFraction).toBeGreaterThan(7 / 71); // uneven stages: more than the closed form
  });
  it('interleaved courses: v = 4 chunks shrink the bubble; station 0 holds 1 + (p−1)/(p·v) times the activations', () => {
    const { trap, reference } = of('interleaved-courses');
    const [p, v] = [8, 4];
    expect(reference.pricing.memory.fits).toBe(true);
    expect(reference.pricing.bubbleFraction).toBeLessThan(trap.pricing.bubbleFraction);
    expect(reference.pricing.breakdownS.compute).toBeCloseTo(trap.pricing.breakdownS.compute, 9);
    const stage0 = (e: Evaluation) => e.pricing.memory.groups[0]!.bytes.activations;
    expect(stage0(reference) / stage0(trap)).toBeCloseTo(1 + (p - 1) / (p * v), 12);
    expect(trap.pricing.tokensPerS / reference.pricing.tokensPerS).toBeLessThan(0.85);
  });
  it('cook again: keeping every activation overflows 40 GB, and so does either half of the answer alone', () => {
    const { trap, reference } = of('cook-again');
    expect(gb(trap).overflow).toBeCloseTo(25.2, 1);
    expect(trap.pricing.memory.worst.activations).toBeGreaterThan(reference.pricing.memory.worst.activations);
    const level = LEVELS.find((l) => l.id === 'cook-again')!;
    const priced = (recompute: 'none' | 'selective' | 'full', sequenceParallel: boolean) =>
      evaluate(level, { ...level.reference, recompute, sequenceParallel }).pricing!;
    // Korthikanti et al. 2022: tensor parallelism leaves the 10sbh of layer norms and dropouts copied.
    expect(priced('none', true).memory.fits).toBe(false);
    expect(priced('selective', false).memory.fits).toBe(false);
    // Full recomputation fits with room to spare and pays a second forward pass every step.
    const full = priced('full', true);
    expect(full.memory.worst.total).toBeLessThan(reference.pricing.memory.worst.total);
    expect(full.stepS / reference.pricing.stepS).toBeGreaterThan(1.2);
  });
  it('seasoning ledgers: sixteen copies of the 12-byte optimizer state overflow 16 GB', () => {
    const { trap, reference } = of('seasoning-ledgers');
    const w = trap.pricing.memory.worst;
    expect(w.optimizer).toBe(6 * w.params);
    expect(gb(trap).overflow).toBeCloseTo(28.8, 1);
    expect(reference.pricing.memory.worst.optimizer).toBeCloseTo(w.optimizer / 16, -3);
  });
  it('giant spice rack: a whole 16.4 GB table in every kitchen overflows', () => {
    const { trap, reference } = of('giant-spice-rack');
    // The table [16e6, 256] and the user tower [256, 1024] + [1024, 256], 4 bytes each.
    expect(trap.pricing.memory.worst.params).toBe(4 * (16e6 * 256 + 2 * 256 * 1024));
    expect(reference.pricing.collectives.map((c) => [c.kind, c.tensor])).toContainEqual([
      'all-reduce',
      'item',
    ]);
  });
  it('tasting menu: four whole copies give no lower latency than one', () => {
    const { trap, reference } = of('tasting-menu');
    expect(trap.pricing.step).toBe('forward');
    expect(trap.pricing.workShare).toBeCloseTo(1, 6);
    expect(trap.pricing.stepS / reference.pricing.stepS).toBeGreaterThan(2.4); // 2.45 with the A100 tile model
  });
  it('the banquet: 175e9 parameters copied on 512 A100s need 2.8 TB each', () => {
    const { trap, reference } = of('the-banquet');
    expect(gb(trap).total).toBeGreaterThan(2800);
    expect(reference.pricing.devices).toBe(512);
    expect(reference.pricing.stepS).toBeLessThan(45); // par: selective recomputation, sequence parallel
  });
  it('the profiler: the handed-over plan is communication-bound across nodes', () => {
    const { trap, reference } = of('the-profiler');
    expect(trap.limitedBy).toBe('communication');
    expect(
      trap.pricing.collectives.filter((c) => c.role === 'activation').every((c) => c.link === 'inter'),
    ).toBe(true);
    expect(trap.pricing.parallelEfficiency).toBeLessThan(0.3);
    expect(reference.limitedBy).toBe('compute');
    expect(trap.pricing.stepS / reference.pricing.stepS).toBeGreaterThan(3.5);
  });
});
