// A short list in running text: "you are the chef of kitchens 2 and 3" / "你负责 2 和 3 号厨房".

/**
 * @example listText([2, 3], 'and') // '2 and 3'
 * @example listText([1, 2, 3], '和') // '1, 2 和 3'
 */
export function listText(items: readonly (string | number)[], and: string): string {
  const s = items.map(String);
  return s.length <= 1 ? (s[0] ?? '') : `${s.slice(0, -1).join(', ')} ${and} ${s.at(-1)}`;
}
