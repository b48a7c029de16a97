// A small nickname word filter (docs/design.md §5.5 "a small zh/en word filter"): a short list of slurs and
// profanity in Chinese and English, matched as substrings after folding case, width (NFKC), separators and
// simple l33t (0→o, 1→i or l, 3→e, 4→a, 5→s, 7→t, @→a, $→s, !→i), both as typed and with Unicode's look-alikes
// folded to Latin letters by the `confusables` library ('fück', 'ƒuck' → 'fuck'). Deliberately short: it
// keeps a projector clean, it is no moderation system; words that are also innocent parts of names or dishes
// are left out.
import { remove as foldLookAlikes } from 'confusables';

/** Banned substrings, already folded (lower case, no separators). */
const BANNED: readonly string[] = [
  // English
  'fuck', // not 'fuk': Fukuda, Fukuoka, Fukushima
  'shit',
  'bitch',
  'cunt',
  'nigger',
  'nigga',
  'faggot',
  'whore',
  'slut',
  'asshole',
  'bastard',
  'retard',
  'hitler',
  'nazi',
  'penis',
  'vagina',
  'porn',
  'wank',
  'twat',
  // Chinese
  '傻逼',
  '傻b',
  '煞笔',
  '草泥马',
  '操你',
  '草你',
  '肏',
  '他妈的',
  '你妈的',
  '婊子',
  '贱人',
  '鸡巴',
  '狗日',
  '王八蛋',
  '去死',
];

/** Innocent words that contain a banned one (folded); removed before matching. */
const EXCEPTIONS: readonly string[] = ['scunthorpe', 'penistone'];

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** `raw` folded for matching, with 1 read as `one` ('i' or 'l'). */
function fold(raw: string, one: 'i' | 'l'): string {
  const plain = raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\-_.*]+/gu, '');
  return [...plain].map((c) => (c === '1' ? one : (LEET[c] ?? c))).join('');
}

/**
 * Whether the nickname contains a banned word (case-, width-, space-, l33t- and look-alike-insensitive).
 * @example containsBannedWord('Sh 1 t') // true
 * @example containsBannedWord('fück') // true
 * @example containsBannedWord('Mei') // false
 */
export function containsBannedWord(raw: string): boolean {
  const forms = [raw, foldLookAlikes(raw)]
    .flatMap((s) => [fold(s, 'i'), fold(s, 'l')])
    .map((f) => EXCEPTIONS.reduce((x, w) => x.replaceAll(w, ''), f));
  return BANNED.some((w) => forms.some((f) => f.includes(w)));
}
