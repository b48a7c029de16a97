import { describe, expect, it } from 'vitest';
import {
  axisIndex,
  axisSize,
  deviceAt,
  deviceCoords,
  makeMesh,
  meshToString,
} from '../../../shared/sim/mesh.ts';
import { unwrap } from '../../../shared/sim/result.ts';

describe('makeMesh', () => {
  it('orders axes major first and counts devices', () => {
    const mesh = unwrap(
      makeMesh([
        ['x', 4],
        ['y', 2],
      ]),
    );
    expect(mesh.deviceCount).toBe(8);
    expect(mesh.axes.map((a) => a.name)).toEqual(['x', 'y']);
    expect(axisSize(mesh, 'y')).toBe(2);
    expect(axisSize(mesh, 'z')).toBeUndefined();
    expect(axisIndex(mesh, 'y')).toBe(1);
    expect(meshToString(mesh)).toBe("Mesh('x': 4, 'y': 2)");
  });

  it.each([
    [[], 'ValueError', 'at least one axis'],
    [
      [
        ['x', 2],
        ['x', 2],
      ],
      'ValueError',
      "'x' appears more than once",
    ],
    [[['x', 0]], 'ValueError', 'positive integer size'],
    [[['x', 1.5]], 'ValueError', 'positive integer size'],
    [[['', 2]], 'ValueError', 'must be 1–16 letters'],
    [
      [
        ['a', 64],
        ['b', 128],
      ],
      'ValueError',
      'at most 4096 devices',
    ],
  ] as const)('refuses %j', (axes, type, fragment) => {
    const result = makeMesh(axes as unknown as [string, number][]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.type).toBe(type);
      expect(result.error.message).toContain(fragment);
    }
  });
});

describe('device coordinates are row-major, like np.arange(N).reshape(sizes)', () => {
  // Mesh {x: 2, y: 3}: devices [[0, 1, 2], [3, 4, 5]], so device 4 sits at x=1, y=1.
  const mesh = unwrap(
    makeMesh([
      ['x', 2],
      ['y', 3],
    ]),
  );
  it.each([
    [0, [0, 0]],
    [2, [0, 2]],
    [3, [1, 0]],
    [4, [1, 1]],
    [5, [1, 2]],
  ])('device %i is at %j', (id, coords) => {
    expect(deviceCoords(mesh, id)).toEqual(coords);
    expect(deviceAt(mesh, coords)).toBe(id);
  });

  it('round-trips every device of a 3-axis mesh', () => {
    const m = unwrap(
      makeMesh([
        ['a', 2],
        ['b', 3],
        ['c', 4],
      ]),
    );
    for (let id = 0; id < m.deviceCount; id++) expect(deviceAt(m, deviceCoords(m, id))).toBe(id);
  });

  it('rejects devices outside the mesh', () => {
    expect(() => deviceCoords(mesh, 6)).toThrow(RangeError);
    expect(() => deviceAt(mesh, [2, 0])).toThrow(RangeError);
  });
});
