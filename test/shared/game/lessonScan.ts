// What the lesson scanners read (lessonText, lessonCounts and storyText tests, the levels test's language
// scans): a level's texts in both languages and the figures written in them by hand, placeholders removed.
import { LOCALES, type Locale } from '../../../shared/game/i18n.ts';
import type { Level } from '../../../shared/game/level.ts';
import { PLACEHOLDER } from '../../../shared/game/lesson.ts';

/**
 * A figure as a text writes it: a number with a unit of time, bytes, share or count (k, M, 万, 亿), a rate in
 * words ("733 rows per second", "每秒 85.8 万"; not "2048 tokens", a size). Not inside a name ("A100s", "W1").
 */
const FIGURE =
  /(?<![\w.])\d[\d,.]*\s*(?:TB|GB|MB|kB|ms|µs|s\b|%|k\b|M\b|万|亿)|(?<![\w.])\d[\d,.]*\s+(?:rows|tokens|orders|examples)\s+(?:per|a)\s+second|每秒\s*\d/g;

/** The figures of a text, placeholders removed. */
export const figuresIn = (s: string): string[] => s.replace(PLACEHOLDER, '').match(FIGURE) ?? [];

/** A level's text and where it is shown ('debrief en', 'hint 2 zh-CN', 'story en'). */
export interface LevelText {
  readonly where: string;
  readonly text: string;
}

/** The texts shown after a plan is served or asked for help: the debrief and the hints, in both languages. */
export const lessonTextsOf = (l: Level): LevelText[] =>
  LOCALES.flatMap((locale) => [
    { where: `debrief ${locale}`, text: l.debrief[locale] },
    ...l.hints.map((h, i) => ({ where: `hint ${i + 1} ${locale}`, text: h[locale] })),
  ]);

/** The texts shown before any plan: the title, the story and the goal, in both languages. */
export const briefTextsOf = (l: Level): LevelText[] =>
  LOCALES.flatMap((locale) => [
    { where: `title ${locale}`, text: l.title[locale] },
    { where: `story ${locale}`, text: l.story[locale] },
    { where: `goal ${locale}`, text: l.goal[locale] },
  ]);

/** Every text of a level a player reads, in both languages: the brief, a myth's belief, the hints and the debrief. */
export function shownTextsOf(l: Level): LevelText[] {
  const belief = l.belief;
  const beliefs =
    belief === undefined
      ? []
      : LOCALES.map((locale) => ({ where: `belief ${locale}`, text: belief[locale] }));
  return [...briefTextsOf(l), ...beliefs, ...lessonTextsOf(l)];
}

/** The texts of `texts` shown in `locale` (their `where` ends with it). */
export const inLocale = (texts: readonly LevelText[], locale: Locale): LevelText[] =>
  texts.filter(({ where }) => where.endsWith(` ${locale}`));

/** What `scan` finds in `texts` that `listed` does not hold, each with where it is ('story en: 44 亿'). */
export const unlistedIn = (
  texts: readonly LevelText[],
  scan: (text: string) => string[],
  listed: Readonly<Record<string, unknown>>,
): string[] =>
  texts.flatMap(({ where, text }) =>
    scan(text)
      .filter((found) => !Object.hasOwn(listed, found))
      .map((found) => `${where}: ${found}`),
  );
