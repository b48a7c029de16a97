// Device (kitchen) ids as text, the one formatter every screen and trace file uses: sorted, runs of
// consecutive ids as 'a–b' (en dash), runs joined by ', '. Stage 0 of a data 8 × stage 8 × model 8 mesh is
// '0–7, 64–71, 128–135, …': the ids it holds, never a range it does not.

/**
 * @example deviceIdsText([3, 0, 1, 2, 6]) // '0–3, 6'
 * @example deviceIdsText([0, 1]) // '0–1'
 */
export function deviceIdsText(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * A trace track's device part: 'device 5' for one, 'devices 0–7, 64–71' for several.
 * @example devicesLabel([0, 8]) // 'devices 0, 8'
 */
export function devicesLabel(ids: readonly number[]): string {
  return `${ids.length === 1 ? 'device' : 'devices'} ${deviceIdsText(ids)}`;
}
