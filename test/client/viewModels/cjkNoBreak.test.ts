// Chinese canvas texts wrap between characters, not at their spaces (issue 13 item 4: the phone's local view
// read "0 / 号厨房（共 / 16 间）").
import { describe, expect, it } from 'vitest';
import { cjkNoBreak } from '../../../client/views/cjkNoBreak.ts';

describe('cjkNoBreak', () => {
  it('makes the spaces of a Chinese text no-break, and leaves an English one alone', () => {
    expect(cjkNoBreak('0 号厨房（共 16 间）')).toBe('0\u00a0号厨房（共\u00a016\u00a0间）');
    expect(cjkNoBreak('Kitchen 0 of 16')).toBe('Kitchen 0 of 16');
    expect(cjkNoBreak('')).toBe('');
  });
});
