// The four views of the level screen (docs/design.md §5.3) and the WAI-ARIA tabs keyboard model: Left/Right move
// to the previous/next tab (wrapping), Home/End to the first/last. Pure, tested without a browser.

export const VIEW_NAMES = ['global', 'local', 'static', 'dynamic'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/** The tab a key moves to from `current`, or undefined when the key is not a tabs key. */
export function tabAfterKey(current: ViewName, key: string): ViewName | undefined {
  const i = VIEW_NAMES.indexOf(current);
  const n = VIEW_NAMES.length;
  switch (key) {
    case 'ArrowRight':
      return VIEW_NAMES[(i + 1) % n];
    case 'ArrowLeft':
      return VIEW_NAMES[(i + n - 1) % n];
    case 'Home':
      return VIEW_NAMES[0];
    case 'End':
      return VIEW_NAMES[n - 1];
    default:
      return undefined;
  }
}

/**
 * The kitchen an arrow key moves to in a grid of `columns` columns and `count` kitchens (row-major ids):
 * Left/Right step by one, Up/Down by a row; the selection stays inside the grid.
 */
export function kitchenAfterKey(
  current: number,
  key: string,
  columns: number,
  count: number,
): number | undefined {
  const step: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -columns,
    ArrowDown: columns,
  };
  const d = step[key];
  if (d === undefined) return undefined;
  const next = current + d;
  if (next < 0 || next >= count) return current;
  // Left/Right do not wrap onto the neighbouring row.
  if (Math.abs(d) === 1 && Math.floor(next / columns) !== Math.floor(current / columns)) return current;
  return next;
}
