// Invisible and look-alike nicknames (issue 10, item 8). Refused: default-ignorable code points (zero-width
// characters, the Hangul fillers U+115F/U+3164/U+FFA0, variation selectors, bidi controls: Unicode's
// Default_Ignorable_Code_Point property) and mixed scripts outside UTS #39's "Highly Restrictive" level
// (https://www.unicode.org/reports/tr39/#Restriction_Level_Detection): one script, or Latin with Han and
// Hiragana/Katakana, with Han and Bopomofo, or with Han and Hangul — so "Аnn" with a Cyrillic А is refused
// while "小明Mei" is not. Common and Inherited characters (digits, space, '-', '_', marks) count for none.

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Scripts told apart; a letter of any other script counts as 'Other'. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
  'Arabic',
  'Hebrew',
  'Thai',
  'Armenian',
  'Georgian',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Cherokee',
  'Ethiopic',
  'Mongolian',
  'Tibetan',
] as const;
const SCRIPT_RE = SCRIPTS.map((s) => [s, new RegExp(`\\p{Script=${s}}`, 'u')] as const);
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** UTS #39 Highly Restrictive: the allowed multi-script sets. */
const ALLOWED_SETS: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

export const hasInvisible = (s: string): boolean => INVISIBLE.test(s);

/** The scripts of `s`'s characters (Common and Inherited left out). */
export function scriptsOf(s: string): Set<string> {
  const found = new Set<string>();
  for (const ch of s) {
    if (NEUTRAL.test(ch)) continue;
    found.add(SCRIPT_RE.find(([, re]) => re.test(ch))?.[0] ?? 'Other');
  }
  return found;
}

/** Whether `s` mixes scripts beyond what UTS #39 "Highly Restrictive" allows. */
export function isMixedScript(s: string): boolean {
  const found = scriptsOf(s);
  if (found.size <= 1) return false;
  return !ALLOWED_SETS.some((set) => [...found].every((x) => set.includes(x)));
}
