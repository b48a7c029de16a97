// Device ids as short text for the dish pictures; byte counts are formatted by the core's one formatting
// module (shared/game/format.ts), re-exported here for the views that import it from this file.
export { formatBytes } from '../../shared/index.ts';

/**
 * Device ids as short text, runs joined with an en dash.
 * @example deviceRanges([0, 1, 2, 3, 6]) // '0–3, 6'
 */
export function deviceRanges(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}–${sorted[j]}` : sorted.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}
