// How the global view lays out the level's dishes in its box (issue 13: a phone's pictures were ~8 px tall):
// as pictures in the columns that make them biggest, each under a title line, when each picture gets at
// least MIN_PICTURE_PX; otherwise as a list, one dish a row (a small picture, then its name and label) of
// at least MIN_ROW_PX, in as few columns as hold every row. Pure.
import type { Box } from './kitchenGridLayout.ts';

/** The smallest picture cell worth drawing, px (wide and tall, before its title line). */
export const MIN_PICTURE_PX = 64;
/** A list row's least height, px: room for 12 px text and a picture strip. */
export const MIN_ROW_PX = 22;

export type DishLayout =
  | { readonly kind: 'pictures'; readonly columns: number; readonly rows: number; readonly gap: number }
  | { readonly kind: 'list'; readonly columns: number; readonly rows: number; readonly rowH: number };

/** The layout of `n` dishes in `box` with `fontSize` px titles. */
export function dishLayout(n: number, box: Box, fontSize: number): DishLayout {
  const gap = Math.max(8, fontSize * 0.8);
  let best = { columns: 1, size: 0 };
  for (let c = 1; c <= Math.max(1, n); c++) {
    const r = Math.ceil(n / c);
    const w = (box.width - gap * (c - 1)) / c;
    const h = (box.height - gap * (r - 1)) / r - fontSize * 1.5;
    const size = Math.min(w, h * 1.6);
    if (size > best.size) best = { columns: c, size };
  }
  if (best.size >= MIN_PICTURE_PX || n === 0)
    return { kind: 'pictures', columns: best.columns, rows: Math.ceil(n / best.columns), gap };
  const fit = Math.max(1, Math.floor(box.height / MIN_ROW_PX));
  const columns = Math.ceil(n / fit);
  const rows = Math.ceil(n / columns);
  return { kind: 'list', columns, rows, rowH: Math.min(Math.floor(box.height / rows), 2 * MIN_ROW_PX) };
}
