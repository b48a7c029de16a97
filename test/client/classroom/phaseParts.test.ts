// The phase line's word groups: a narrow bar wraps between them, never inside a Chinese word.
import { describe, expect, it } from 'vitest';
import { phaseParts } from '../../../client/classroom/viewModels/phaseParts.ts';

describe('phaseParts', () => {
  it('cuts the phase line into word groups, each keeping its separator at its end', () => {
    expect(phaseParts('第 1/1 轮 · 备菜')).toEqual(['第 1/1 轮 ·', '备菜']);
    expect(phaseParts('Round 2 of 3 · Planning · Paused')).toEqual([
      'Round 2 of 3 ·',
      'Planning ·',
      'Paused',
    ]);
    expect(phaseParts('领奖台')).toEqual(['领奖台']);
    // joined with spaces, the parts give the line back (its textContent is unchanged)
    expect(phaseParts('第 2/3 轮 · 备菜 · 已暂停').join(' ')).toBe('第 2/3 轮 · 备菜 · 已暂停');
  });
});
