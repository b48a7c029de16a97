// The zh-CN screens say each kitchen word the one way docs/glossary.md gives it: a learner who reads 参考方案
// on a level and 参考计划 in a classroom is told of two things. Synonyms that crept in before are listed
// with the word the glossary uses; no source file of the client or the core may carry them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** synonym → the glossary's word */
const SYNONYMS: Readonly<Record<string, string>> = {
  计划: '方案', // plan
  试味: '试菜', // tasting
  冰箱: '冷柜', // fridge
  宴会: '宴席', // banquet
  副厨: '副手', // sous-chef (the partitioner)
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
