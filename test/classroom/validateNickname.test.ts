// Nickname rules, case by case: trimming and NFC, CJK counted as one character each, the 16-character
// limit, the allowed characters, the word filter (with spaces, case, l33t and look-alikes), and duplicate
// suffixes (look-alikes included).
import { describe, expect, it } from 'vitest';
import { containsBannedWord, validateNickname } from '../../shared/classroom/index.ts';
import { ok, refused } from './helpers.ts';

describe('validateNickname', () => {
  it.each([
    ['  Mei  ', 'Mei'],
    ['Li   Wei', 'Li Wei'],
    ['小厨师', '小厨师'],
    ['大厨-No_7', '大厨-No_7'],
    ['一二三四五六七八九十一二三四五六', '一二三四五六七八九十一二三四五六'], // 16 CJK characters
    ['Cafe\u0301', 'Caf\u00e9'], // NFC: e + combining acute → é
    ['Ünal', 'Ünal'],
  ])('accepts %j as %j', (raw, want) => {
    expect(ok(validateNickname(raw, []))).toBe(want);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['一二三四五六七八九十一二三四五六七', '17 CJK characters'],
    ['abcdefghijklmnopq', '17 letters'],
    ['Mei!', 'punctuation'],
    ['<b>Mei</b>', 'markup'],
    ['Mei🍜', 'an emoji'],
    ['a.b', 'a dot'],
  ])('refuses %j (%s)', (raw) => {
    refused(validateNickname(raw, []), 'bad-nickname');
  });

  it('refuses a non-string', () => {
    refused(validateNickname(42, []), 'bad-nickname');
  });

  it.each([
    'shit',
    'SHIT',
    'Sh 1 t',
    'sh1t',
    'f u c k',
    'B1TCH',
    'b-i-t-c-h',
    'n4zi',
    'wh0re',
    '傻逼',
    '你是傻B',
    '草泥马',
    'fück', // ü, one Latin script: the mixed-script rule lets it through, the look-alike fold does not
    'ƒuck',
    'Ｓhit', // full width
  ])('filters %j', (raw) => {
    expect(containsBannedWord(raw)).toBe(true);
    const e = refused(validateNickname(raw, []), 'bad-nickname');
    expect(e.text.en).toBe('Please choose another nickname.');
  });

  it('does not filter innocent names', () => {
    for (const name of [
      'Mei',
      'Scunthorpe',
      'Dickens',
      'Peacock',
      '妈妈的菜',
      'Nyima',
      'Hancock',
      'Fukuda',
      'Fukushima',
      'Dück',
      'Дмитрий',
      'ナルト',
    ])
      expect(containsBannedWord(name), name).toBe(false);
  });

  it('catches l33t with symbols before the character check', () => {
    expect(containsBannedWord('f@ck')).toBe(false); // 'fack'
    expect(containsBannedWord('$h!t')).toBe(true);
  });

  it('suffixes duplicates, case-insensitively, counting up', () => {
    expect(ok(validateNickname('Mei', ['Mei']))).toBe('Mei 2');
    expect(ok(validateNickname('mei', ['Mei', 'MEI 2']))).toBe('mei 3');
    expect(ok(validateNickname('小厨', ['小厨']))).toBe('小厨 2');
  });

  it('suffixes a nickname that looks like a taken one (Unicode look-alikes, one script each)', () => {
    // Cyrillic М, е, і: all one script, so not refused, but the same as Latin 'Mei' on a leaderboard.
    expect(ok(validateNickname('\u041c\u0435\u0456', ['Mei']))).toBe('\u041c\u0435\u0456 2');
    expect(ok(validateNickname('Mei', ['\u041c\u0435\u0456']))).toBe('Mei 2');
    expect(ok(validateNickname('José', ['Jose']))).toBe('José 2');
    // Different names stay as typed, in any script.
    expect(ok(validateNickname('Mel', ['Mei']))).toBe('Mel');
    expect(ok(validateNickname('Анна', ['Anna', 'Мей']))).toBe('Анна'); // н is no n
    expect(ok(validateNickname('小明', ['小红', 'Xiao Ming']))).toBe('小明');
  });

  it('shortens a 16-character duplicate so the suffix fits', () => {
    const long = 'abcdefghijklmnop';
    expect(ok(validateNickname(long, [long]))).toBe('abcdefghijklmn 2');
    expect(ok(validateNickname('abcdefghijklm op', ['abcdefghijklm op']))).toBe('abcdefghijklm 2');
  });
});

describe('invisible and look-alike nicknames (issue 10)', () => {
  it.each([
    ['\u3164'], // Hangul filler: a blank that is a letter
    ['Mei\u200b'],
    ['\u202eieM'],
    ['A\u2066nn'],
    ['Me\ufe0fi'],
    ['\u0410nn'], // Cyrillic А + Latin nn
    ['p\u0430ypal'], // Latin with a Cyrillic а
    ['\u03bfmega o'], // Greek ο + Latin
  ])('refuses %j', (raw) => {
    const r = validateNickname(raw, []);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('bad-nickname');
  });
  it.each([['小明Mei'], ['ひなた陽'], ['김민준 Kim'], ['Анна'], ['Ωμέγα'], ['Mei_2'], ['小厨师']])(
    'accepts %j',
    (raw) => {
      expect(validateNickname(raw, []).ok).toBe(true);
    },
  );
});

describe('accents without a letter, stacked accents and compatibility forms (RFC 8266: NFKC)', () => {
  it.each([
    ['\u0301\u0301\u0301'], // bare accents: shows blank
    ['\u20dd\u20dd\u20dd'], // enclosing circles on nothing
    ['a' + '\u0346'.repeat(15)], // a stack that runs over the lines above and below
    ['ab \u0301c'], // an accent on a space
    ['\ufdfa'.repeat(16)], // one wide ligature of 18 letters, 16 times over
  ])('refuses %j', (raw) => {
    const r = validateNickname(raw, []);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('bad-nickname');
  });
  it.each([
    ['José', 'José'],
    ['Jose\u0301', 'José'],
    ['กี่', 'กี่'], // Thai: a vowel and a tone mark on one letter
    ['क्षितिज', 'क्षितिज'], // Devanagari conjunct
    ['Ｚｏｅ', 'Zoe'], // full width, as RFC 8266 maps it
    ['ﬁsh', 'fish'],
  ])('accepts %j as %j', (raw, want) => {
    expect(ok(validateNickname(raw, []))).toBe(want);
  });
});
