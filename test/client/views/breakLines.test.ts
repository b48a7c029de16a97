// breakLines (client/views/breakLines.ts): canvas text wrapped where the Unicode line-breaking algorithm
// allows, measured here one unit per code point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakLines } from '../../../client/views/breakLines.ts';

const units = (s: string) => Array.from(s).length;

describe('breakLines', () => {
  it('keeps a figure whole where Phaser cut "0%" after the 0', () => {
    // Phaser's wrap at 7: "空闲（气泡）0" / "%，优化"
    expect(breakLines('空闲（气泡）0%，优化', 7, units)).toEqual(['空闲（气泡）', '0%，优化']);
  });

  it('breaks English at spaces, keeps no-break spaces and hard breaks, cuts an over-long word', () => {
    expect(breakLines('one two three', 7, units)).toEqual(['one two', 'three']);
    expect(breakLines('16.0\u00a0GB of 40 GB', 8, units)).toEqual(['16.0\u00a0GB', 'of 40 GB']);
    expect(breakLines('ab\ncd', 10, units)).toEqual(['ab', 'cd']);
    expect(breakLines('abcdefgh', 3, units)).toEqual(['abc', 'def', 'gh']);
    expect(breakLines('', 5, units)).toEqual(['']);
    // a run with no break opportunity, cut: its closing mark keeps the character before it company
    expect(breakLines('（共\u00a0512\u00a0间）', 8, units)).toEqual(['（共\u00a0512\u00a0', '间）']);
  });

  it('never starts a line with a closing mark nor ends one before its figure’s unit (fast-check)', () => {
    const alphabet = fc.constantFrom(
      '空',
      '闲',
      '做',
      '菜',
      '（',
      '）',
      '，',
      '0',
      '7',
      '%',
      ' ',
      '\u00a0',
      'a',
      'b',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), fc.integer({ min: 4, max: 12 }), (chars, width) => {
        const text = chars.join('');
        const lines = breakLines(text, width, units);
        // nothing lost but the spaces a break swallowed
        expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
        let at = 0; // where the line starts in `text`
        lines.forEach((line, i) => {
          expect(units(line)).toBeLessThanOrEqual(width);
          // the spaces a break swallowed lie between the previous line and this one: a break there is a
          // break at a space, which UAX #14 allows before anything ("7 %" may break, "7%" may not)
          let atSpace = false;
          while (!text.startsWith(line, at) && text[at] === ' ') {
            at++;
            atSpace = true;
          }
          expect(text.startsWith(line, at), `${line} at ${at} of ${text}`).toBe(true);
          at += line.length;
          if (i === 0 || atSpace) return;
          const prev = lines[i - 1]!;
          // a break inside "7%" or before "）" or "，" only where a segment had to be cut to fit
          const cut = units(prev + line[0]) > width;
          if (/[07]$/.test(prev) && line.startsWith('%')) expect(cut, `${prev} | ${line}`).toBe(true);
          if (/^[），]/.test(line)) expect(cut, `${prev} | ${line}`).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
