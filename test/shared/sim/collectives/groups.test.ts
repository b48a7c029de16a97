import { describe, expect, it } from 'vitest';
import { deviceGroups, groupPosition, groupSize } from '../../../../shared/sim/collectives/groups.ts';
import { mesh } from './helpers.ts';

describe('device groups', () => {
  const m = mesh(['x', 2], ['y', 3], ['z', 2]); // device = 6x + 2y + z

  it.each([
    [
      ['x'],
      [
        [0, 6],
        [1, 7],
        [2, 8],
        [3, 9],
        [4, 10],
        [5, 11],
      ],
    ],
    [
      ['z'],
      [
        [0, 1],
        [2, 3],
        [4, 5],
        [6, 7],
        [8, 9],
        [10, 11],
      ],
    ],
    // ['y', 'z']: position = 2y + z, the block order of P(('y','z')).
    [
      ['y', 'z'],
      [
        [0, 1, 2, 3, 4, 5],
        [6, 7, 8, 9, 10, 11],
      ],
    ],
    // ['z', 'x'] (z major): position = 2z + x → devices (x,z) = (0,0),(1,0),(0,1),(1,1).
    [
      ['z', 'x'],
      [
        [0, 6, 1, 7],
        [2, 8, 3, 9],
        [4, 10, 5, 11],
      ],
    ],
    [[], Array.from({ length: 12 }, (_, d) => [d])],
  ])('over %j', (axes, groups) => {
    expect(deviceGroups(m, axes)).toEqual(groups);
    expect(groupSize(m, axes)).toBe(groups[0]!.length);
  });

  it('gives positions major-first in the order of the axes given', () => {
    expect(groupPosition(m, ['z', 'x'], 7)).toBe(1 * 2 + 1); // device 7 = (x 1, y 0, z 1)
    expect(groupPosition(m, ['x', 'z'], 7)).toBe(1 * 2 + 1);
    expect(groupPosition(m, ['y'], 11)).toBe(2);
  });

  it('refuses unknown or repeated axes', () => {
    expect(() => deviceGroups(m, ['w'])).toThrow(RangeError);
    expect(() => groupSize(m, ['x', 'x'])).toThrow(RangeError);
  });
});
