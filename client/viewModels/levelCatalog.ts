// The level list: which levels this slice of the client can play (labels only, auto mode, tasted and priced)
// and each row's title, kind and stars earned. Pure, so it is tested without a browser.
import type { Level, Locale } from '../../shared/index.ts';

/** A level the label editor can play: every edit it offers is a slicing label, in auto mode. */
export function isPlayable(level: Level): boolean {
  return (
    level.scenario.engine === 'tasting+pricing' &&
    level.editable.includes('setSpec') &&
    level.editable.every((e) => e === 'setSpec' || e === 'clearSpec') &&
    level.limits.modes.length === 1 &&
    level.limits.modes[0] === 'auto' &&
    level.limits.tensors.length > 0
  );
}

export interface LevelRow {
  readonly id: string;
  readonly title: string;
  readonly kind: Level['kind'];
  readonly stars: 0 | 1 | 2 | 3;
  readonly playable: boolean;
}

/** One row per level, playable levels first (in the levels' order), then the ones still to come. */
export function levelRows(
  levels: readonly Level[],
  stars: Readonly<Record<string, number>>,
  locale: Locale,
): LevelRow[] {
  const rows = levels.map((level) => ({
    id: level.id,
    title: level.title[locale],
    kind: level.kind,
    stars: clampStars(stars[level.id]),
    playable: isPlayable(level),
  }));
  return [...rows.filter((r) => r.playable), ...rows.filter((r) => !r.playable)];
}

/** 0–3 from anything (a missing or corrupt stored value counts as 0). */
export function clampStars(value: unknown): 0 | 1 | 2 | 3 {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 3
    ? (value as 1 | 2 | 3)
    : 0;
}

/** Stars as text that does not rely on colour: '★★☆'. */
export const starGlyphs = (n: number): string => '★'.repeat(n) + '☆'.repeat(3 - n);
