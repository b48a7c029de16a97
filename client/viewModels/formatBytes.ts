// Bytes in decimal units (as the fridges are labelled, 1 GB = 10⁹ B) with three significant digits.

/**
 * @example formatBytes(48) // '48 B'
 * @example formatBytes(6144) // '6.14 kB'
 * @example formatBytes(8455716864) // '8.46 GB'
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new Error(`formatBytes: not a byte count: ${bytes}`);
  const units = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
  let i = 0;
  let v = bytes;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return i === 0 ? `${Math.round(v)} B` : `${v.toPrecision(3)} ${units[i]}`;
}

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
