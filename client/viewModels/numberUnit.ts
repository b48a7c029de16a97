// "A number, a space, its unit" as every screen prints it (shared/game/format.ts: B kB MB GB TB, µs ms s,
// GB/s, %; Chinese counts in 万 and 亿), the unit a whole word ("4 stages" and "2 bytes" are not figures).
// One vocabulary for the canvas, which joins the two with a no-break space (views/unitNoBreak.ts), and the
// DOM panels, which keep them in one nowrap span (ui/keepFiguresTogether.ts). A figure keeps what reads as
// part of it: an "≈ " before it ("≈ 7.6 GB", "≈ 3.5%") and a count after its unit ("1.2 ms × 4").

/** The unit after a figure's space, as a regular-expression source (use with the `u` flag). */
export const UNIT_AFTER_FIGURE = String.raw`(?:[kMGTP]?B|[mµn]?s|%|万|亿)(?![\p{L}\p{N}])`;

const NUMBER = String.raw`\d[\d.,]*`;
const WITH_UNIT = String.raw`${NUMBER} ${UNIT_AFTER_FIGURE}(?: × \d+(?![\p{L}\p{N}]))?`;

/** A whole figure as one unbreakable run, as a regular-expression source (use with the `gu` flags). */
export const FIGURE = String.raw`≈ (?:${WITH_UNIT}|${NUMBER}%?)|${WITH_UNIT}`;
