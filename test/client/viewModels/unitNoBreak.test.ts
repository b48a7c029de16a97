// A wrapped figure keeps its unit on its line (issue 13 screenshots: the phone's dynamic view wrapped
// "冷柜只装得下 16.0 GB" between 16.0 and GB).
import { describe, expect, it } from 'vitest';
import { unitNoBreak } from '../../../client/views/unitNoBreak.ts';

describe('unitNoBreak', () => {
  it('joins a number and its unit, and leaves the other spaces to wrap', () => {
    expect(unitNoBreak('冷柜装不下：最满的厨房要 18.4 GB，冷柜只有 16.0 GB。')).toBe(
      '冷柜装不下：最满的厨房要 18.4\u00a0GB，冷柜只有 16.0\u00a0GB。',
    );
    expect(unitNoBreak('Out of memory: needs 18.4 GB, the fridge holds 16.0 GB.')).toBe(
      'Out of memory: needs 18.4\u00a0GB, the fridge holds 16.0\u00a0GB.',
    );
    expect(unitNoBreak('0.00 s / 5.39 s · 537 µs × 640 · 96 B · 300 GB/s')).toBe(
      '0.00\u00a0s / 5.39\u00a0s · 537\u00a0µs\u00a0×\u00a0640 · 96\u00a0B · 300\u00a0GB/s',
    );
  });
  it('keeps an "≈ " with the figure after it', () => {
    expect(unitNoBreak('(2 + 14/16)Ψ ≈ 7.6 GB, 7/199 ≈ 3.5% of a step')).toBe(
      '(2 + 14/16)Ψ ≈\u00a07.6\u00a0GB, 7/199 ≈\u00a03.5% of a step',
    );
  });
  it('does not join a number to a word that merely starts like a unit', () => {
    expect(unitNoBreak('4 sequences, 2 stages, 8 Bytes')).toBe('4 sequences, 2 stages, 8 Bytes');
  });
});
