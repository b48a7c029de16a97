// The arena hands out zero-filled, non-overlapping arrays, and a recycling scope reuses its memory only after it ends.
import { describe, expect, it } from 'vitest';
import { copyFloat32, newFloat32, newFloat64, recyclingArrays } from '../../../../shared/sim/tensor/arena.ts';

describe('arena arrays', () => {
  it('are zero-filled and do not overlap', () => {
    const a = newFloat32(10).fill(1);
    const b = newFloat64(3).fill(2);
    const c = newFloat32(5);
    expect([...c]).toEqual([0, 0, 0, 0, 0]);
    expect([...a]).toEqual(new Array(10).fill(1));
    expect([...b]).toEqual([2, 2, 2]);
    expect(b.byteOffset % 8).toBe(0);
  });

  it('fall back to their own buffer when large, and treat odd lengths like the constructors', () => {
    expect(newFloat64(1 << 20).length).toBe(1 << 20);
    expect(() => newFloat32(-1)).toThrow(RangeError);
    expect(newFloat64(1.5).length).toBe(new Float64Array(1.5).length);
  });

  it('copy like slice()', () => {
    const a = Float32Array.from([1, 2, 3]);
    const c = copyFloat32(a);
    c[0] = 9;
    expect([...a]).toEqual([1, 2, 3]);
    expect([...c]).toEqual([9, 2, 3]);
  });
});

describe('recyclingArrays', () => {
  it('returns the result, keeps arrays from before the scope intact and zero-fills recycled memory', () => {
    const before = newFloat32(8).fill(7);
    const inside = recyclingArrays(() => {
      const x = newFloat32(8).fill(3);
      return x.buffer;
    });
    const again = recyclingArrays(() => {
      const y = newFloat32(8);
      return { sameMemory: y.buffer === inside, zeros: [...y] };
    });
    expect(again.sameMemory).toBe(true);
    expect(again.zeros).toEqual(new Array(8).fill(0));
    expect([...before]).toEqual(new Array(8).fill(7));
  });

  it('recycles after a throw, and nested scopes only give back their own chunks', () => {
    expect(() =>
      recyclingArrays(() => {
        newFloat32(4);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    const kept = recyclingArrays(() => {
      const outer = newFloat32(4).fill(5);
      recyclingArrays(() => newFloat32(4).fill(6));
      const after = newFloat32(4).fill(8);
      return [...outer, ...after];
    });
    expect(kept).toEqual([5, 5, 5, 5, 8, 8, 8, 8]);
  });
});
