// Phaser's canvas text wraps only at plain spaces, and breaks a single run too long for its line between
// characters. Chinese wants the latter — "0 号厨房（共 16 间）" wrapped at its spaces into "0 / 号厨房（共 / 16 间）"
// — so a text with CJK characters gets its spaces made no-break; a text without any is left alone.
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

/**
 * `text` with no-break spaces when it holds CJK characters.
 * @example cjkNoBreak('0 号厨房（共 16 间）') // '0\u00a0号厨房（共\u00a016\u00a0间）'
 * @example cjkNoBreak('Kitchen 0 of 16') // 'Kitchen 0 of 16'
 */
export function cjkNoBreak(text: string): string {
  return CJK.test(text) ? text.replace(/ /g, '\u00a0') : text;
}
