// The join form's live nickname feedback: the session core's own rule (validateNickname, the one the server
// applies) run on every keystroke, plus a character counter (code points: 一个汉字 counts 1).
import { MAX_NICKNAME_CHARS, validateNickname } from '../../../shared/index.ts';
import type { Locale } from '../../../shared/index.ts';

export interface NicknameHint {
  readonly ok: boolean;
  /** The name the server will use (trimmed, spaces collapsed), when ok. */
  readonly name: string;
  /** Why it is refused, in the page's language ('' when ok). */
  readonly message: string;
  /** Code points typed so far (after trimming) and the limit. */
  readonly count: number;
  readonly max: number;
}

export function nicknameHint(raw: string, locale: Locale): NicknameHint {
  const trimmed = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const count = [...trimmed].length;
  const r = validateNickname(raw, []);
  return r.ok
    ? { ok: true, name: r.value, message: '', count, max: MAX_NICKNAME_CHARS }
    : { ok: false, name: '', message: r.error.text[locale], count, max: MAX_NICKNAME_CHARS };
}
