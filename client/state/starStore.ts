// Stars earned per level, kept in localStorage: only a better result replaces the stored one.
import { clampStars } from '../viewModels/levelCatalog.ts';

const STORAGE_KEY = 'mesh-kitchen.stars';
/** Hints opened for each level's best result (a separate key, so that older stars records stay readable). */
const HINTS_KEY = 'mesh-kitchen.hints';

export class StarStore {
  constructor(private readonly storage: Storage | undefined) {}

  /** Stars by level id (a corrupt entry reads as none). */
  all(): Record<string, 0 | 1 | 2 | 3> {
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? '{}');
      if (typeof parsed !== 'object' || parsed === null) return {};
      return Object.fromEntries(Object.entries(parsed).map(([id, n]) => [id, clampStars(n)]));
    } catch {
      return {};
    }
  }

  get(levelId: string): 0 | 1 | 2 | 3 {
    return this.all()[levelId] ?? 0;
  }

  /**
   * Records a result and the hints opened for it; returns the best stars for the level. The hints are kept
   * with the best result: a better result replaces them, an equal one keeps the fewer.
   */
  record(levelId: string, stars: 0 | 1 | 2 | 3, hintsOpened = 0): 0 | 1 | 2 | 3 {
    const all = this.all();
    const before = all[levelId];
    const best = Math.max(before ?? 0, stars) as 0 | 1 | 2 | 3;
    this.storage?.setItem(STORAGE_KEY, JSON.stringify({ ...all, [levelId]: best }));
    const hints = this.allHints();
    const n = Math.max(0, Math.floor(hintsOpened));
    if (before === undefined || stars > before || (stars === before && n < (hints[levelId] ?? Infinity)))
      this.storage?.setItem(HINTS_KEY, JSON.stringify({ ...hints, [levelId]: n }));
    return best;
  }

  /** Hints opened for the level's best result, or undefined when none is recorded. */
  hints(levelId: string): number | undefined {
    return this.allHints()[levelId];
  }

  private allHints(): Record<string, number> {
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(HINTS_KEY) ?? '{}');
      if (typeof parsed !== 'object' || parsed === null) return {};
      return Object.fromEntries(
        Object.entries(parsed).filter(
          (e): e is [string, number] => typeof e[1] === 'number' && Number.isInteger(e[1]) && e[1] >= 0,
        ),
      );
    } catch {
      return {};
    }
  }
}
