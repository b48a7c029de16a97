// Where the dynamic view's Gantt strip goes (docs/design.md §5.3): one row per lane at the bottom of the box,
// the lanes' names in a column on its left. Plain numbers, px; DynamicView.ts draws them.
import type { Box } from './kitchenGridLayout.ts';

export interface GanttStripInput {
  /** The view's box. */
  readonly box: Box;
  readonly lanes: number;
  /** Text size of the view, px. */
  readonly font: number;
  /** The text size asked for by the caller (the projector's 20 px), if any. */
  readonly fontPx?: number;
  /** Bottom of the legend and headline, px (the strip never reaches up into them). */
  readonly legendBottom: number;
  /** Height of the caption above the strip (a single lane's name, or why nothing cooks), px; 0 for none. */
  readonly captionH: number;
  /** Inner padding of the view, px. */
  readonly pad: number;
  /** Width of the widest lane name at the least name size (`labelMin`), px; 0 or absent when unknown. */
  readonly nameW?: number;
}

export interface GanttStripLayout {
  /** Width of the lane-name column, px (0 for a single lane, captioned above instead). */
  readonly labelW: number;
  /** Height of one lane's row, px. */
  readonly laneH: number;
  /** Least size of a lane's name, px. */
  readonly labelMin: number;
  /** Columns the names alternate between when a lane is thinner than a line of text (1 or 2). */
  readonly columns: number;
  /** The strip itself, right of the names. */
  readonly strip: Box;
}

/**
 * Several lanes (pipeline stages) are named on the left. Their names are no smaller than the text size asked
 * for, else 12 px: on a short box (a phone) the strip grows to 40% of it so that each lane can carry its name
 * (a line of text is about 1.3 × its size), but it never reaches up into the legend and the headline (on a
 * phone the zh-CN headline wraps to four lines): its lanes get thinner instead, and names too tall for their
 * lane alternate between two columns (issue 13 item 7: the phone lost every stage label). The name column
 * is wide enough for its columns of names at their least size, up to 40% of the box: in 22% of a phone's
 * 390 px two columns of "station 7" were scaled to about 8 px.
 */
export function ganttStripLayout(input: GanttStripInput): GanttStripLayout {
  const { box, lanes, font, legendBottom, captionH, pad } = input;
  const labelMin = input.fontPx ?? 12;
  let laneH = Math.max(8, Math.min(font + 8, Math.floor((box.height * 0.25) / Math.max(1, lanes))));
  const labelLine = Math.ceil(labelMin * 1.3);
  if (lanes > 1 && laneH < labelLine)
    laneH = Math.max(laneH, Math.min(labelLine, Math.floor((box.height * 0.4) / lanes)));
  const stripRoom = box.y + box.height - pad - (captionH > 0 ? captionH + 2 : 0) - (legendBottom + pad);
  if (lanes > 0 && lanes * laneH > stripRoom) laneH = Math.max(4, Math.floor(stripRoom / lanes));
  const columns = lanes > 1 && laneH < labelLine ? 2 : 1;
  const nameRoom = columns * ((input.nameW ?? 0) + 4);
  const labelW =
    lanes > 1
      ? Math.min(Math.max(box.width * 0.22, nameRoom), box.width * 0.4, Math.max(96, font * 5, nameRoom))
      : 0;
  return {
    labelW,
    laneH,
    labelMin,
    columns,
    strip: {
      x: box.x + pad + labelW,
      y: box.y + box.height - pad - lanes * laneH,
      width: Math.max(10, box.width - 2 * pad - labelW),
      height: lanes * laneH,
    },
  };
}
