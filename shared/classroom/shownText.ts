// Text the facilitator puts on every screen (a session's title, a hint): NFC, trimmed; refused when it holds a
// lone surrogate (ill-formed UTF-16, which a store or a socket may mangle), a bidi control (U+202A–U+202E,
// U+2066–U+2069, U+200E/U+200F, U+061C: "\u202eevil" would run backwards on the projector) or nothing visible
// (only spaces and default-ignorable code points, e.g. U+200B). A zero-width joiner inside an emoji sequence
// (👩‍🍳) is kept: it is ignorable, not the whole text.
import { accept, refuse } from './errors.ts';
import type { ClassroomResult } from './session.ts';

const LONE_SURROGATE = /[\ud800-\udfff]/u;
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}]/gu;

/**
 * `raw` as the screens will show it, or why not; '' stays '' (the caller decides whether empty is allowed).
 * `what` names the text in both languages for the refusals.
 * @example shownText('  Round 1 ', { 'zh-CN': '标题', en: 'title' }) // { ok: true, value: 'Round 1' }
 */
export function shownText(raw: string, what: { 'zh-CN': string; en: string }): ClassroomResult<string> {
  const value = raw.normalize('NFC').trim();
  if (LONE_SURROGATE.test(value))
    return refuse(
      'bad-argument',
      `${what['zh-CN']}里有无法显示的字符。`,
      `The ${what.en} holds a broken character.`,
    );
  if (BIDI_CONTROL.test(value))
    return refuse(
      'bad-argument',
      `${what['zh-CN']}里有改变文字方向的控制字符。`,
      `The ${what.en} holds a control character that reverses the text.`,
    );
  if (value !== '' && value.replace(INVISIBLE, '') === '')
    return refuse(
      'bad-argument',
      `${what['zh-CN']}里没有看得见的字。`,
      `The ${what.en} has nothing visible in it.`,
    );
  return accept(value);
}
