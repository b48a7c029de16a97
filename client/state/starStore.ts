// Stars earned per level, kept in localStorage: only a better result replaces the stored one.
import { clampStars } from '../viewModels/levelCatalog.ts';

const STORAGE_KEY = 'mesh-kitchen.stars';

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

  /** Records a result; returns the best stars for the level. */
  record(levelId: string, stars: 0 | 1 | 2 | 3): 0 | 1 | 2 | 3 {
    const all = this.all();
    const best = Math.max(all[levelId] ?? 0, stars) as 0 | 1 | 2 | 3;
    this.storage?.setItem(STORAGE_KEY, JSON.stringify({ ...all, [levelId]: best }));
    return best;
  }
}
