// Phaser's canvas text wraps at plain spaces, so a wrapped figure could lose its unit to the next line: the
// phone's dynamic view read "…冷柜只装得下 16.0 / GB。" (issue 13 screenshots). A number and the unit after
// it are joined by a no-break space, in every language; the text's other spaces still wrap.
const NUMBER_UNIT = /(\d) (?=(?:[kMGTP]?B|[mµn]?s|GB\/s|%)(?![A-Za-z]))/g;

/**
 * `text` with each "number unit" space made no-break.
 * @example unitNoBreak('holds 16.0 GB. Step 5.39 s') // 'holds 16.0\u00a0GB. Step 5.39\u00a0s'
 */
export function unitNoBreak(text: string): string {
  return text.replace(NUMBER_UNIT, '$1\u00a0');
}
