// The shares of a step are listed in one set of words on every screen: the views' stove line and the verdict
// the reveal and the score screen read say 'idle (bubble)' and 'optimizer step' (空闲（气泡）, 优化器更新) for
// the same figures, never 'waiting' and 'the optimizer's update' (空等) on one of them.
import { describe, expect, it } from 'vitest';
import { SHARE_NAMES, sharesList } from '../../../shared/game/shareNames.ts';

describe('sharesList', () => {
  const all = { compute: '65%', communication: '27%', bubble: '0%', other: '8%' };
  it('lists the shares in the screens’ order and words', () => {
    expect(sharesList(all, 'en')).toBe('cooking 65%, passing 27%, idle (bubble) 0%, optimizer step 8%');
  });
  it('keeps each Chinese name with its figure (no plain space for Phaser to wrap at)', () => {
    expect(sharesList(all, 'zh-CN')).toBe('做菜\u00a065%，传菜\u00a027%，空闲（气泡）0%，优化器更新\u00a08%');
  });
  it('leaves out a part with no figure', () => {
    expect(sharesList({ communication: '<1%', bubble: '24%' }, 'en')).toBe('passing <1%, idle (bubble) 24%');
  });
  it('names the idle stove as the glossary does, not as a wait', () => {
    expect(SHARE_NAMES.bubble['zh-CN']).not.toContain('空等');
    expect(SHARE_NAMES.bubble.en).not.toContain('waiting');
  });
});
