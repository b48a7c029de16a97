// Phaser's canvas text wraps at plain spaces, so a wrapped figure could lose its unit to the next line: the
// phone's dynamic view read "…冷柜只装得下 16.0 / GB。" (issue 13 screenshots). A number and the unit after
// it are joined by a no-break space, in every language; the text's other spaces still wrap.
import { UNIT_AFTER_FIGURE } from '../viewModels/numberUnit.ts';

const NUMBER_UNIT = new RegExp(String.raw`(\d) (?=${UNIT_AFTER_FIGURE})`, 'gu');

/**
 * `text` with each "number unit" space made no-break.
 * @example unitNoBreak('holds 16.0 GB. Step 5.39 s') // 'holds 16.0\u00a0GB. Step 5.39\u00a0s'
 */
export function unitNoBreak(text: string): string {
  return text.replace(NUMBER_UNIT, '$1\u00a0');
}
