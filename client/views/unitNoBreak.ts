// Phaser's canvas text wraps at plain spaces, so a wrapped figure could lose its unit to the next line: the
// phone's dynamic view read "…冷柜只装得下 16.0 / GB。" (issue 13 screenshots). The spaces inside a figure
// (viewModels/numberUnit.ts: "16.0 GB", "≈ 7.6 GB", "1.2 ms × 4") become no-break spaces, in every language;
// the text's other spaces still wrap.
import { FIGURE } from '../viewModels/numberUnit.ts';

const FIGURES = new RegExp(FIGURE, 'gu');

/**
 * `text` with each figure's spaces made no-break.
 * @example unitNoBreak('holds 16.0 GB. Step 5.39 s') // 'holds 16.0\u00a0GB. Step 5.39\u00a0s'
 */
export function unitNoBreak(text: string): string {
  return text.replace(FIGURES, (figure) => figure.replaceAll(' ', '\u00a0'));
}
