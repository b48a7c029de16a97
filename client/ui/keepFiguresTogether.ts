// A figure stays on one line with its unit: each figure in a text ("4.13 s", "45.2 GB", "3.17 万", "≈ 7.6 GB")
// is wrapped in <span class="figure"> (client/style.css: white-space: nowrap), so a narrow screen never ends
// a line with "4.13" and starts the next with "s". The text itself is unchanged (textContent, screen
// readers, copy and paste). The units are the canvas's too (viewModels/numberUnit.ts).
import { FIGURE } from '../viewModels/numberUnit.ts';

/** A number with its unit (and an "≈ " before, a "× n" after: numberUnit.ts). */
const FIGURES = new RegExp(FIGURE, 'gu');

/** One piece of a text: a figure with its unit, or the words between. */
export interface TextPiece {
  readonly text: string;
  readonly figure: boolean;
}

/** `text` cut into figures and the words between; the pieces' texts join back to `text`. */
export function textPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(FIGURES)) {
    if (match.index > from) pieces.push({ text: text.slice(from, match.index), figure: false });
    pieces.push({ text: match[0], figure: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from), figure: false });
  return pieces;
}

/** `text` as text nodes with a nowrap span around each figure. */
export function keepFiguresTogether(text: string): (string | HTMLSpanElement)[] {
  return textPieces(text).map((piece) => {
    if (!piece.figure) return piece.text;
    const span = document.createElement('span');
    span.className = 'figure';
    span.textContent = piece.text;
    return span;
  });
}
