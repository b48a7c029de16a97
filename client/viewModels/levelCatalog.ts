// The level list: every level's title, kind and stars earned, in play order (the sandbox entry follows them).
// Every level is playable: the level screen has an editor for every edit a level allows. Pure.
import type { Level, Locale } from '../../shared/index.ts';

export interface LevelRow {
  readonly id: string;
  readonly title: string;
  readonly kind: Level['kind'];
  readonly stars: 0 | 1 | 2 | 3;
}

/** One row per level, in the levels' order. */
export function levelRows(
  levels: readonly Level[],
  stars: Readonly<Record<string, number>>,
  locale: Locale,
): LevelRow[] {
  return levels.map((level) => ({
    id: level.id,
    title: level.title[locale],
    kind: level.kind,
    stars: clampStars(stars[level.id]),
  }));
}

/** 0–3 from anything (a missing or corrupt stored value counts as 0). */
export function clampStars(value: unknown): 0 | 1 | 2 | 3 {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 3
    ? (value as 1 | 2 | 3)
    : 0;
}

/** Stars as text that does not rely on colour: '★★☆'. */
export const starGlyphs = (n: number): string => '★'.repeat(n) + '☆'.repeat(3 - n);
