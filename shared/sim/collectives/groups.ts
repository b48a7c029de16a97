// Device groups of a collective over mesh axes A: the devices that share their coordinates on every axis
// outside A (XLA's replica groups). Within a group a device's position is its mixed-radix index over A in
// the order given, first axis major — the block order of `P(('a', 'b'))` (docs/jax-semantics.md §1.2), so a gather
// over ['a', 'b'] concatenates blocks in the order the sharding lays them out.
import { axisIndex, deviceCoords, type Mesh } from '../mesh.ts';

function axisPositions(mesh: Mesh, axes: readonly string[]): number[] {
  const positions = axes.map((a) => axisIndex(mesh, a));
  positions.forEach((p, i) => {
    if (p < 0) throw new RangeError(`axis '${axes[i]}' is not in the mesh`);
    if (positions.indexOf(p) !== i) throw new RangeError(`axis '${axes[i]}' is listed twice`);
  });
  return positions;
}

/** Number of devices in each group over `axes`: the product of their sizes. */
export function groupSize(mesh: Mesh, axes: readonly string[]): number {
  return axisPositions(mesh, axes).reduce((n, p) => n * mesh.axes[p]!.size, 1);
}

/**
 * Position of `deviceId` in its group over `axes`: Σ coord_a · (product of the sizes of the axes after a).
 * @example groupPosition(mesh, ['y', 'x'], 1) // Mesh('x': 2, 'y': 2): device 1 = (x 0, y 1) → 1·2 + 0 = 2
 */
export function groupPosition(mesh: Mesh, axes: readonly string[], deviceId: number): number {
  const coords = deviceCoords(mesh, deviceId);
  return axisPositions(mesh, axes).reduce((index, p) => index * mesh.axes[p]!.size + coords[p]!, 0);
}

/**
 * All groups over `axes`, each listing device ids by position; groups are ordered by their first device.
 * With no axes every device is its own group.
 * @example deviceGroups(mesh, ['x']) // Mesh('x': 2, 'y': 2) → [[0, 2], [1, 3]]
 */
export function deviceGroups(mesh: Mesh, axes: readonly string[]): number[][] {
  const positions = axisPositions(mesh, axes);
  const inAxes = new Set(positions);
  const byKey = new Map<number, number[]>();
  for (let id = 0; id < mesh.deviceCount; id++) {
    const coords = deviceCoords(mesh, id);
    // Key: mixed-radix index over the axes outside the group.
    const key = mesh.axes.reduce((k, axis, i) => (inAxes.has(i) ? k : k * axis.size + coords[i]!), 0);
    const group = byKey.get(key) ?? [];
    byKey.set(key, group);
    group[groupPosition(mesh, axes, id)] = id;
  }
  return [...byKey.values()];
}

/** deviceGroups per mesh and axes list, for the collectives (which only read them). */
const cache = new WeakMap<Mesh, Map<string, readonly (readonly number[])[]>>();

/** `deviceGroups(mesh, axes)`, computed once per mesh and axes (the result is shared: do not modify it). */
export function cachedDeviceGroups(mesh: Mesh, axes: readonly string[]): readonly (readonly number[])[] {
  const byAxes = cache.get(mesh) ?? new Map<string, readonly (readonly number[])[]>();
  cache.set(mesh, byAxes);
  const key = axes.join('\u0000');
  let groups = byAxes.get(key);
  if (groups === undefined) byAxes.set(key, (groups = deviceGroups(mesh, axes)));
  return groups;
}
