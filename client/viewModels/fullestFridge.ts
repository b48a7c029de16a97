// The one fridge line of the preview's headline and the score screen: the fullest kitchen's memory against
// its capacity, and — where kitchens differ (pipeline stages, uneven shards) — which kitchens those are, so it
// is not read against the local view's kitchen 0 (the courses trap: 246.2 GB in the bar, 225.5 GB for
// kitchen 0). Pure.
import type { Translate } from '../ui/translate.ts';
import type { MemoryRow, Preview } from './preview.ts';

/** The memory row of the fullest kitchens. */
export const fullestRow = (p: Preview): MemoryRow =>
  p.memory.reduce((a, b) => (b.gauge.totalBytes > a.gauge.totalBytes ? b : a));

/** "246.2 GB of 40.0 GB: over by 206.2 GB (fullest: kitchen 7)"; without the kitchens when all hold the same. */
export function fullestFridgeText(p: Preview, t: Translate): string {
  const worst = fullestRow(p);
  const line = worst.over
    ? t('preview.overflow', { used: worst.used, cap: worst.capacity, over: worst.over })
    : t('preview.fits', { used: worst.used, cap: worst.capacity });
  if (p.memory.length <= 1) return line;
  // "kitchen 0" / "0 号厨房" held together: a phone's score screen broke "(fullest: kitchen" from "0)".
  const kitchens = t(worst.count === 1 ? 'kitchens.one' : 'kitchens.many', { ids: worst.kitchens }).replace(
    ' ',
    '\u00a0',
  );
  return t('preview.fullest', { line, kitchens });
}
