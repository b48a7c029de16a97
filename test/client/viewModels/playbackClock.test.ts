import { describe, expect, it } from 'vitest';
import {
  advance,
  playback,
  scrubTo,
  setPlaying,
  setSpeed,
  sliderValue,
  STEP_PLAY_S,
} from '../../../client/viewModels/playbackClock.ts';

describe('playback clock', () => {
  it('plays one step in STEP_PLAY_S real seconds at 1×, scaled by speed, wrapping at the end', () => {
    const p = setPlaying(playback(0.2), true);
    // 1 s of 8 s at 1× = 1/8 of 0.2 s = 0.025 s.
    expect(STEP_PLAY_S).toBe(8);
    expect(advance(p, 1000).t).toBeCloseTo(0.025, 12);
    expect(advance(setSpeed(p, 4), 1000).t).toBeCloseTo(0.1, 12);
    expect(advance(setSpeed(p, 0.25), 1000).t).toBeCloseTo(0.00625, 12);
    // 9 s at 1×: 9/8 of the step → wraps to 1/8.
    expect(advance(p, 9000).t).toBeCloseTo(0.025, 12);
  });

  it('does not move while paused', () => {
    expect(advance(playback(0.2), 1000).t).toBe(0);
  });

  it('scrubs to a clamped fraction and reports the slider position', () => {
    const p = scrubTo(playback(2), 0.25);
    expect(p.t).toBe(0.5);
    expect(sliderValue(p)).toBe(250);
    expect(scrubTo(p, -1).t).toBe(0);
    expect(scrubTo(p, 2).t).toBeLessThan(2);
    expect(scrubTo(p, Number.NaN)).toBe(p);
  });

  it('keeps the cursor at the same fraction when the step changes', () => {
    const p = scrubTo(playback(2), 0.5);
    expect(playback(10, p).t).toBe(5);
  });

  it('refuses a speed outside 0.25×–4× and a step that is not positive', () => {
    expect(() => setSpeed(playback(1), 8)).toThrow(/speed/);
    expect(() => playback(0)).toThrow(/step time/);
  });
});
