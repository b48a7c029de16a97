// Figures with their units are cut out of a text for the nowrap span (keepFiguresTogether.ts); words that
// merely start with a unit's letters, and numbers followed by words, stay in the text between; the pieces
// always join back to the text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textPieces } from '../../../client/ui/keepFiguresTogether.ts';

const figures = (text: string) =>
  textPieces(text)
    .filter((p) => p.figure)
    .map((p) => p.text);

describe('textPieces', () => {
  it.each([
    ['4.13 s a step', ['4.13 s']],
    ['0.7 ms, 12 µs', ['0.7 ms', '12 µs']],
    ['needs 45.2 GB but holds 16.0 GB:', ['45.2 GB', '16.0 GB']],
    ['48 B, 6.14 kB, 8.46 MB, 1.20 TB', ['48 B', '6.14 kB', '8.46 MB', '1.20 TB']],
    ['on 25 GB/s links', ['25 GB']],
    ['每秒 3.17 万 个 token，1.2 亿', ['3.17 万', '1.2 亿']],
    ['一步 4.13 s（每秒', ['4.13 s']],
    ['(2 + 14/16)Ψ ≈ 7.6 GB in all', ['≈ 7.6 GB']],
    ['7/199 ≈ 3.5%, 7/16 ≈ 44%（', ['≈ 3.5%', '≈ 44%']],
    ['AllReduce w over model (1.2 ms × 4, inter-node)', ['1.2 ms × 4']],
    ['about ≈ 12 kitchens, 3 ms × 4stages', ['≈ 12', '3 ms']],
    ['4 stages, 2 bytes, 8 kitchens, all-reduce ×14, K = 12 bytes', []],
  ])('%s', (text, expected) => {
    expect(figures(text)).toEqual(expected);
  });

  it('joins back to the text it was cut from', () => {
    const word = fc.constantFrom(
      '4.13',
      ' ',
      's',
      'GB',
      'stages',
      '万',
      '12',
      ',',
      'ms',
      'µs',
      'x',
      '≈',
      '×',
      '%',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), (words) => {
        const text = words.join('');
        expect(
          textPieces(text)
            .map((p) => p.text)
            .join(''),
        ).toBe(text);
      }),
    );
  });
});
