// Nickname rules of a live session (docs/design.md §5.5): trimmed, NFC, inner whitespace collapsed to one space,
// 1–16 characters counted as code points (一个汉字 = 1), letters (any script, CJK included), digits, space,
// '-' and '_' only, through the word filter; a nickname already taken, or one that looks the same (case and
// Unicode look-alikes folded by the `confusables` library: Cyrillic 'Меі' beside Latin 'Mei'), gets a suffix.
import { remove as foldLookAlikes } from 'confusables';
import { accept, refuse } from './errors.ts';
import type { ClassroomResult } from './session.ts';
import { hasInvisible, isMixedScript } from './nicknameScripts.ts';
import { containsBannedWord } from './wordFilter.ts';

/** Longest nickname, in code points. */
export const MAX_NICKNAME_CHARS = 16;

const ALLOWED = /^[\p{L}\p{M}\p{N} _-]+$/u;

const chars = (s: string): number => [...s].length;

/** What two nicknames that look alike on a leaderboard share: NFC, look-alikes folded to Latin, lower case. */
const lookKey = (s: string): string => foldLookAlikes(s.normalize('NFC')).toLowerCase();

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
  const name = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
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
  if (isMixedScript(name))
    return refuse(
      'bad-nickname',
      '昵称不能混用容易看错的文字（例如拉丁字母和西里尔字母）。',
      'A nickname may not mix look-alike scripts (e.g. Latin and Cyrillic letters).',
    );
  const used = new Set(taken.map(lookKey));
  if (!used.has(lookKey(name))) return accept(name);
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const base = firstChars(name, MAX_NICKNAME_CHARS - chars(suffix)).trimEnd();
    const candidate = `${base}${suffix}`;
    if (!used.has(lookKey(candidate))) return accept(candidate);
  }
}
