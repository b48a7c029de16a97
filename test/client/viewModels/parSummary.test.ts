// The score screen's par section and the hints record: the plan's score against the level's recorded par,
// par's plan shown only once the level is passed, and the hints opened kept with the best result.
import { describe, expect, it } from 'vitest';
import { evaluatePlan, formatRate, LEVELS, levelById, levelPar, type Level } from '../../../shared/index.ts';
import { tensorShapes } from '../../../client/viewModels/specForm.ts';
import { parPlanLines, parSummary } from '../../../client/viewModels/parSummary.ts';
import { StarStore } from '../../../client/state/starStore.ts';
import { translate } from '../../../client/i18n/strings.ts';

const courses = levelById('courses') as Level;

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('par summary', () => {
  it("gives the score as a fraction of par and hides par's plan until the level is passed", () => {
    const par = levelPar('courses')!;
    const locked = parSummary(courses, par.score / 2, 0, 'en')!;
    expect(locked.fraction).toBeCloseTo(0.5, 12);
    expect(locked.plan).toBeNull();
    const open = parSummary(courses, par.score, 1, 'en')!;
    expect(open.fraction).toBe(1);
    expect(open.plan).toEqual(parPlanLines(courses, par.plan, 'en'));
  });
  it('describes only the choices the level offers, in both languages', () => {
    const par = levelPar('courses')!;
    const en = parPlanLines(courses, par.plan, 'en');
    expect(en).toEqual([
      `Grid: ${par.plan.mesh.map((a) => `${a.name} ${a.size}`).join(' × ')}`,
      `Courses: 1F1B, m = ${par.plan.pipeline.microbatches}`,
    ]);
    expect(par.plan.pipeline.schedule).toBe('1f1b');
    expect(parPlanLines(courses, par.plan, 'zh-CN')[0]).toMatch(/^网格：data /);
    // the schedule in the page's language, with its punctuation (Chinese showed '菜序：interleaved, m = 16, v = 4')
    const interleaved = levelById('interleaved-courses') as Level;
    const lines = (locale: 'en' | 'zh-CN') =>
      parPlanLines(interleaved, levelPar(interleaved.id)!.plan, locale);
    expect(lines('zh-CN')).toContain('菜序：交错，m = 16，v = 4');
    expect(lines('en')).toContain('Courses: interleaved, m = 16, v = 4');
    const fridge = levelById('fridge-too-small') as Level;
    expect(parPlanLines(fridge, levelPar('fridge-too-small')!.plan, 'en')).toEqual([
      "Labels: w1 P(None, 'model'); w2 P('model', None)",
    ]);
  });
  it("names every choice a level offers: no level shows an empty list of par's plan", () => {
    for (const level of LEVELS) {
      const par = levelPar(level.id);
      if (par === undefined) continue;
      for (const locale of ['en', 'zh-CN'] as const)
        expect(parPlanLines(level, par.plan, locale), `${level.id} ${locale}`).not.toEqual([]);
    }
    // a Chinese line names a choice in Chinese, not by the core's id ('模式：auto', '重计算：selective')
    for (const level of LEVELS) {
      const par = levelPar(level.id);
      if (par === undefined) continue;
      for (const line of parPlanLines(level, par.plan, 'zh-CN'))
        expect(line, level.id).not.toMatch(/：(auto|manual|none|selective|full)\b/u);
    }
    const banquet = levelById('the-banquet') as Level;
    const lines = parPlanLines(
      banquet,
      { ...levelPar('the-banquet')!.plan, recompute: 'selective' },
      'zh-CN',
    );
    expect(lines).toContain('现做不备（重算）：选择性（只重做注意力）');
    const stations = levelById('full-stations') as Level;
    expect(parPlanLines(stations, levelPar('full-stations')!.plan, 'en')).toEqual([
      `Seats per counter (capacity factor): ${levelPar('full-stations')!.plan.capacityFactor}`,
    ]);
  });
  it("writes par's labels as the tasting and the views print the same plan's shardings", () => {
    // the-buffet's par stored x0 as ['expert']: the score screen read "x0 P('expert')" beside the label
    // panel's and the views' "P('expert', None, None)" (learner audit, stop 46).
    let checked = 0;
    for (const level of LEVELS) {
      const par = levelPar(level.id);
      if (par === undefined || !level.editable.includes('setSpec')) continue;
      const r = evaluatePlan(level, par.plan);
      if (!r.ok) throw new Error(`${level.id}: ${r.error.message}`);
      const shapes = tensorShapes(r.evaluation);
      const line = parPlanLines(level, par.plan, 'en', shapes).find((l) => l.startsWith('Labels: '));
      if (line === undefined || line === 'Labels: unlabelled') continue;
      const spec = new Map(r.evaluation.tasting!.tensors.map((t) => [t.name, t.spec]));
      for (const item of line.slice('Labels: '.length).split('; ')) {
        const [name, ...rest] = item.split(' ');
        expect(rest.join(' '), `${level.id} ${name}`).toBe(spec.get(name!));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
    const buffet = levelById('the-buffet') as Level;
    const r = evaluatePlan(buffet, levelPar('the-buffet')!.plan);
    if (!r.ok) throw new Error(r.error.message);
    const lines = parPlanLines(buffet, levelPar('the-buffet')!.plan, 'en', tensorShapes(r.evaluation));
    expect(lines.join('\n')).toContain("x0 P('expert', None, None)");
  });
  it('prints par as the screen prints every rate: formatRate, in the page’s language', () => {
    for (const level of LEVELS) {
      const par = levelPar(level.id);
      if (par === undefined) continue;
      for (const locale of ['en', 'zh-CN'] as const) {
        const s = parSummary(level, 0, 0, locale)!;
        expect(s.parRate).toBe(formatRate(par.score, locale));
        const line = translate(locale, 'par.notServed', { why: '…', par: s.parRate });
        if (locale === 'zh-CN') expect(line, level.id).not.toMatch(/\d[kMG]\b|\d{5}/);
      }
    }
    const line = (id: string) =>
      translate('zh-CN', 'par.notServed', {
        why: '…',
        par: parSummary(levelById(id)!, 0, 0, 'zh-CN')!.parRate,
      });
    expect(line('the-profiler')).toContain('达到标准杆（3.74 万）');
    expect(line('myth-pmap-is-pjit')).toContain('达到标准杆（1232）');
    expect(parSummary(levelById('myth-pmap-is-pjit')!, 0, 0, 'en')!.parRate).toBe('1.23k');
  });
  it('has no par section for a level without a recorded par', () => {
    expect(parSummary({ ...courses, id: 'no-such-level' }, 1, 3, 'en')).toBeNull();
  });
});

describe('hints in the stars record', () => {
  it('keeps the hints of the best result; an equal result keeps the fewer', () => {
    const store = new StarStore(new MemoryStorage() as unknown as Storage);
    expect(store.hints('a')).toBeUndefined();
    store.record('a', 2, 3);
    expect(store.hints('a')).toBe(3);
    store.record('a', 1, 0); // worse: the best result's hints stay
    expect(store.hints('a')).toBe(3);
    store.record('a', 2, 1); // as good with fewer hints
    expect(store.hints('a')).toBe(1);
    store.record('a', 3, 2); // better
    expect(store.hints('a')).toBe(2);
    expect(store.get('a')).toBe(3);
  });
});
