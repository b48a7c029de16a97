// The zh-CN screens say each kitchen word the one way docs/glossary.md gives it: a learner who reads 参考方案
// on a level and 参考计划 in a classroom is told of two things. Synonyms that crept in before are listed
// with the word the glossary uses; no source file of the client or the core may carry them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRING_KEYS, translate } from '../../../client/i18n/strings.ts';
import { LEVELS } from '../../../shared/game/levels/index.ts';

/** synonym → the glossary's word */
const SYNONYMS: Readonly<Record<string, string>> = {
  计划: '方案', // plan
  试味: '试菜', // tasting
  冰箱: '冷柜', // fridge
  宴会: '宴席', // banquet
  副厨: '副手', // sous-chef (the partitioner)
  词元: 'token', // a sequence position: the screens' 每秒处理 token 数
  重计算: '重算', // recomputation's technical word, beside 现做不备
  内存不足: '冷柜装不下', // out of memory: the fridge overflows, as the zero and the strip say it
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) ? [path] : [];
  });
}

describe('zh-CN kitchen words', () => {
  const files = ['client', 'shared'].flatMap(sources);
  it('finds the sources', () => expect(files.length).toBeGreaterThan(100));
  it('uses the glossary’s word, never a synonym', () => {
    const found = files.flatMap((path) =>
      Object.entries(SYNONYMS)
        .filter(([synonym]) => readFileSync(path, 'utf8').includes(synonym))
        .map(([synonym, word]) => `${path}: ${synonym} (the glossary says ${word})`),
    );
    expect(found).toEqual([]);
  });
  it('lists in the glossary every word it holds the screens to', () => {
    const glossary = readFileSync('docs/glossary.md', 'utf8');
    for (const word of Object.values(SYNONYMS)) expect(glossary).toContain(word);
  });
});

/**
 * English kitchen words → what a zh-CN screen says instead. Code identifiers, JAX and XLA names (jit, psum,
 * AllReduce), units and formula symbols stay Latin on a Chinese screen; these are prose, and a Chinese
 * reader meets them untranslated (two debriefs said "参考方案（本关的 par）").
 */
const ENGLISH_WORDS: Readonly<Record<string, string>> = {
  par: '标准杆',
  plan: '方案',
  kitchen: '厨房',
  fridge: '冷柜',
  stove: '灶台',
  tasting: '试菜',
  banquet: '宴席',
  courses: '菜序',
  station: '站',
  throughput: '吞吐量',
  interleaved: '交错', // the schedule (shared/game/scheduleNames.ts)
};

/** Every text in `locale` a screen can show from a table: the client's strings (placeholders removed), the levels'. */
function texts(locale: 'zh-CN' | 'en'): { where: string; text: string; expert?: boolean }[] {
  const strings = STRING_KEYS.map((key) => ({
    where: key,
    text: translate(locale, key).replace(/\{\w+\}/g, ''),
  }));
  const levels = LEVELS.flatMap((l) => {
    const expert = [l.concept, ...(l.alsoTeaches ?? [])].some((c) => c.startsWith('expert'));
    const own = { title: l.title, belief: l.belief, story: l.story, goal: l.goal, debrief: l.debrief };
    const hints = l.hints.map((t, i) => [`hint ${i + 1}`, t] as const);
    return [...Object.entries(own), ...hints].flatMap(([where, t]) =>
      t === undefined ? [] : [{ where: `${l.id} ${where}`, text: t[locale], expert }],
    );
  });
  return [...strings, ...levels];
}
const zhTexts = () => texts('zh-CN');

describe('zh-CN prose', () => {
  it('says a kitchen word in Chinese, never the English one', () => {
    const found = zhTexts().flatMap(({ where, text }) =>
      Object.entries(ENGLISH_WORDS)
        .filter(([word]) => new RegExp(`(?<![A-Za-z_])${word}(?![A-Za-z_])`, 'i').test(text))
        .map(([word, zh]) => `${where}: ${word} (say ${zh})`),
    );
    expect(found).toEqual([]);
  });
  it('puts Chinese words in full-width parentheses: （3 颗星中得到 0 颗）, not (…)', () => {
    const ascii = texts('zh-CN').flatMap(({ where, text }) =>
      [...text.matchAll(/\([^()]*[\u4e00-\u9fff][^()]*\)/g)].map((m) => `${where}: ${m[0]}`),
    );
    expect(ascii).toEqual([]);
  });
  it('counts chips with a measure word: 4 张 A100, not 4 A100', () => {
    const bare = zhTexts().flatMap(({ where, text }) =>
      [...text.matchAll(/\d\s*(?:[AHV]100|GPU|TPU)/g)].map((m) => `${where}: ${m[0]}`),
    );
    expect(bare).toEqual([]);
  });
});

describe('English prose', () => {
  // The courses levels call a pipeline stage a station (站); the buffet called its experts stations too, so a
  // learner met "station 3" as a stage and "8 stations each" as experts. An expert is a counter (档口).
  const english = texts('en');
  it('calls a pipeline stage a station and an expert a counter, never the other way round', () => {
    const crossed = english.flatMap(({ where, text, expert }) => {
      const station = /\bstations?\b/i.test(text);
      const counter = /\bcounters?\b/i.test(text);
      if (expert === true && station) return [`${where}: an expert level says station`];
      if (expert === false && counter) return [`${where}: a level without experts says counter`];
      if (expert === undefined && station && /\b(?:seats?|experts?|guests? routed)\b/i.test(text))
        return [`${where}: seats or experts at a station`];
      return [];
    });
    expect(crossed).toEqual([]);
  });
  it('says no station of seats or experts in any source line (explanations and advice are built in code)', () => {
    const lines = ['client', 'shared'].flatMap(sources).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${path}:${i + 1}`, line })),
    );
    const crossed = lines.filter(
      ({ line }) => /\bstations?\b/i.test(line) && /\b(?:seats?|experts?)\b/i.test(line),
    );
    expect(crossed.map(({ at }) => at)).toEqual([]);
  });
  it('finds both words where they belong', () => {
    const say = (re: RegExp) => english.filter(({ text }) => re.test(text)).map(({ where }) => where);
    expect(say(/\bcounters?\b/i)).toEqual(expect.arrayContaining(['routing.capacity', 'the-buffet story']));
    expect(say(/\bstations?\b/i)).toEqual(expect.arrayContaining(['courses.stages', 'courses story']));
  });
});
