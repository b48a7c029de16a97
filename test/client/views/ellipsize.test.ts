// ellipsize: a row too wide for its room keeps the longest head that fits with '…', whole code points only.
import { describe, expect, it } from 'vitest';
import { ellipsize } from '../../../client/views/ellipsize.ts';

/** A monospace measure: each code point 1 unit wide, `room` units available. */
const within = (room: number) => (s: string) => Array.from(s).length <= room;

describe('ellipsize', () => {
  it('leaves a text that fits as it is', () => {
    expect(ellipsize('9.81 ms', within(7))).toBe('9.81 ms');
  });

  it('cuts with an ellipsis, trimming the space before it', () => {
    expect(ellipsize('AllReduce 9.81 ms ×12', within(11))).toBe('AllReduce…');
    expect(ellipsize('AllReduce 9.81 ms ×12', within(12))).toBe('AllReduce 9…');
    expect(ellipsize('AllReduce 9.81 ms ×12', within(16))).toBe('AllReduce 9.81…');
  });

  it('never splits a code point and gives at least the ellipsis', () => {
    expect(ellipsize('汇总分发 𝔸𝔹', within(6))).toBe('汇总分发…');
    expect(ellipsize('汇总分发', within(0))).toBe('…');
  });
});
