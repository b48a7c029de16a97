// The rows of one scrolling list (the static view's graph, the local view's figures) at one size: the list
// shrinks as a whole, never below `minScale`, as far as lets every row that can fit on one line at that scale
// do so; a row too long even at `minScale` wraps (rowLines.ts) rather than shrinking on its own or losing its
// figures. Shrinking each row on its own drew long rows smaller than short ones in one list. Pure.
import { rowLines } from './rowLines.ts';

export interface ListRowInput {
  readonly text: string;
  /** Width available to the row's text at scale 1, px. */
  readonly room: number;
  /** Width of a string in the row's own font at scale 1, px. */
  readonly measure: (s: string) => number;
}

export interface ListLayout {
  /** The one scale every row of the list is drawn at, `minScale`–1. */
  readonly scale: number;
  /** Each row's lines as drawn (one for a row that fits). */
  readonly lines: readonly (readonly string[])[];
}

/** Rounding slack, px: a row sized to fit its room exactly still fits after room / (room / width). */
const SLACK_PX = 0.001;

export function rowListLayout(rows: readonly ListRowInput[], minScale: number, maxLines = 4): ListLayout {
  let scale = 1;
  for (const row of rows) {
    const needed = row.room / row.measure(row.text);
    // a row that cannot fit on one line even at minScale wraps, and shrinks nothing
    if (needed < scale && needed >= minScale) scale = needed;
  }
  return {
    scale,
    lines: rows.map((row) => rowLines(row.text, row.room / scale + SLACK_PX, row.measure, maxLines)),
  };
}
