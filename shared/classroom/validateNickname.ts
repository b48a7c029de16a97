// Nickname rules of a live session (docs/design.md §5.5): trimmed, NFKC as RFC 8266's Nickname profile
// normalises (full-width 'Ｚｏｅ' is 'Zoe', a ligature its letters), inner whitespace collapsed to one space,
// 1–16 characters counted as code points (一个汉字 = 1), letters (any script, CJK included), digits, space,
// '-' and '_' only, a combining mark only after a letter or digit and at most MAX_STACKED_MARKS of them in a
// row (a name of bare accents shows blank, a stack of them runs over the lines above and below), through the
// word filter; a nickname already taken, or one that looks the same (case and Unicode look-alikes folded by
// the `confusables` library: Cyrillic 'Меі' beside Latin 'Mei'), gets a suffix.
import { remove as foldLookAlikes } from 'confusables';
import { accept, refuse } from './errors.ts';
import type { ClassroomResult } from './session.ts';
import { hasInvisible, isMixedScript } from './nicknameScripts.ts';
import { containsBannedWord } from './wordFilter.ts';

/** Longest nickname, in code points. */
export const MAX_NICKNAME_CHARS = 16;

const ALLOWED = /^[\p{L}\p{M}\p{N} _-]+$/u;

/** Most combining marks on one letter: Thai and Devanagari stack up to three (กี่: vowel and tone mark). */
const MAX_STACKED_MARKS = 3;
const BARE_OR_STACKED_MARKS = new RegExp(
  `(?:^|[^\\p{L}\\p{N}\\p{M}])\\p{M}|\\p{M}{${MAX_STACKED_MARKS + 1}}`,
  'u',
);

const chars = (s: string): number => [...s].length;

/** A nickname as typed, normalised as the rules keep it: NFKC, inner whitespace collapsed, trimmed. */
const normalised = (s: string): string => s.normalize('NFKC').replace(/\s+/gu, ' ').trim();

/**
 * What two nicknames that look alike on a leaderboard share: normalised, look-alikes folded to Latin, lower
 * case. A kicked player's name is refused by it too (seatPolicy.ts), so 'Ｚｏｅ' or 'Zое' does not bring 'Zoe' back.
 */
export const nicknameLookKey = (s: string): string => foldLookAlikes(normalised(s)).toLowerCase();

/** The first `n` code points of `s`. */
const firstChars = (s: string, n: number): string => [...s].slice(0, n).join('');

/**
 * The nickname to use, or why it is refused. `taken`: nicknames of the session's current players.
 * @example validateNickname('  Mei ', ['mei']) // { ok: true, value: 'Mei 2' }
 * @example validateNickname('Меі', ['Mei']) // { ok: true, value: 'Меі 2' } (Cyrillic, looks the same)
 * @example validateNickname('小厨师', []) // { ok: true, value: '小厨师' }
 */
export function validateNickname(raw: unknown, taken: readonly string[]): ClassroomResult<string> {
  if (typeof raw !== 'string') return refuse('bad-nickname', '请填写昵称。', 'Please enter a nickname.');
  if (hasInvisible(raw))
    return refuse('bad-nickname', '昵称里有看不见的字符。', 'The nickname contains invisible characters.');
  const name = normalised(raw);
  if (name === '') return refuse('bad-nickname', '请填写昵称。', 'Please enter a nickname.');
  if (chars(name) > MAX_NICKNAME_CHARS)
    return refuse(
      'bad-nickname',
      `昵称最多 ${MAX_NICKNAME_CHARS} 个字符（现在 ${chars(name)} 个）。`,
      `A nickname has at most ${MAX_NICKNAME_CHARS} characters (this one has ${chars(name)}).`,
    );
  if (containsBannedWord(name))
    return refuse('bad-nickname', '这个昵称不合适，请换一个。', 'Please choose another nickname.');
  if (!ALLOWED.test(name))
    return refuse(
      'bad-nickname',
      '昵称只能包含文字、数字、空格、“-”和“_”。',
      'A nickname may contain only letters, digits, spaces, “-” and “_”.',
    );
  if (BARE_OR_STACKED_MARKS.test(name))
    return refuse(
      'bad-nickname',
      `昵称里的附加符号（如声调、重音）要跟在字母后面，每个字母最多 ${MAX_STACKED_MARKS} 个。`,
      `Accents and other combining marks must follow a letter, at most ${MAX_STACKED_MARKS} on one letter.`,
    );
  if (isMixedScript(name))
    return refuse(
      'bad-nickname',
      '昵称不能混用容易看错的文字（例如拉丁字母和西里尔字母）。',
      'A nickname may not mix look-alike scripts (e.g. Latin and Cyrillic letters).',
    );
  const used = new Set(taken.map(nicknameLookKey));
  if (!used.has(nicknameLookKey(name))) return accept(name);
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = firstChars(name, MAX_NICKNAME_CHARS - chars(suffix)).trimEnd();
    const candidate = `${base}${suffix}`;
    if (!used.has(nicknameLookKey(candidate))) return accept(candidate);
  }
}
