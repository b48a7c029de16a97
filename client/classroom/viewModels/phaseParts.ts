// The phase line ("Round 2 of 3 · Planning · Paused", "第 2/3 轮 · 备菜 · 已暂停") cut into the word groups a
// narrow bar may put on separate lines: each group keeps its separator at its end and never breaks inside,
// so a phone shows "第 1/1 轮 ·" over "备菜", never "备" over "菜" (CSS .phase-part). Pure.

/** The separator phaseText (widgets.ts) and the projector's head put between the line's parts. */
export const PHASE_SEPARATOR = ' · ';

/** `text`'s parts, each but the last ending in its "·"; joined with spaces they give `text` back. */
export function phaseParts(text: string): string[] {
  const parts = text.split(PHASE_SEPARATOR);
  return parts.map((p, i) => (i < parts.length - 1 ? `${p}${PHASE_SEPARATOR.trimEnd()}` : p));
}
