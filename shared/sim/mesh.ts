// Mesh: an ordered list of named axes over devices 0..N-1 laid out row-major (the first axis is the most
// major), as `jax.sharding.Mesh(np.arange(N).reshape(sizes), names)` gives on CPU/GPU (docs/jax-semantics.md §1.1).
import { err, ok, type Result } from './result.ts';
import { quoteValue } from './input/quoteValue.ts';

export interface MeshAxis {
  readonly name: string;
  /** Number of devices along this axis (≥ 1). */
  readonly size: number;
}

export interface Mesh {
  /** Ordered, major first. */
  readonly axes: readonly MeshAxis[];
  /** Product of the axis sizes. */
  readonly deviceCount: number;
}

/** Largest mesh the game builds; the banquet scale is priced, never materialised device by device. */
export const MAX_MESH_DEVICES = 4096;
const AXIS_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,15}$/;

/**
 * Builds a mesh from `[name, size]` pairs, major axis first.
 * @example makeMesh([['data', 2], ['model', 2]]) // 4 devices: (data 0, model 0) = 0, (0, 1) = 1, (1, 0) = 2, …
 */
export function makeMesh(axes: readonly (readonly [string, number])[]): Result<Mesh> {
  if (axes.length === 0) return err('mesh/no-axes', {}, 'A mesh needs at least one axis.');
  const seen = new Set<string>();
  let deviceCount = 1;
  for (const [name, size] of axes) {
    if (!AXIS_NAME.test(name))
      return err(
        'mesh/axis-name',
        { name },
        `Mesh axis name ${quoteValue(name)} must be 1–16 letters, digits or '_' and start with a letter.`,
      );
    if (seen.has(name))
      return err(
        'mesh/duplicate-axis',
        { name },
        `Mesh axis names must be unique, but '${name}' appears more than once.`,
      );
    if (!Number.isSafeInteger(size) || size < 1)
      return err(
        'mesh/axis-size',
        { name, size },
        `Mesh axis '${name}' must have a positive integer size, got ${size}.`,
      );
    seen.add(name);
    deviceCount *= size;
    if (deviceCount > MAX_MESH_DEVICES)
      return err(
        'mesh/too-many-devices',
        { max: MAX_MESH_DEVICES },
        `A mesh may hold at most ${MAX_MESH_DEVICES} devices.`,
      );
  }
  return ok({ axes: axes.map(([name, size]) => ({ name, size })), deviceCount });
}

/** Size of the named axis, or undefined when the mesh has no such axis. */
export function axisSize(mesh: Mesh, name: string): number | undefined {
  return mesh.axes.find((a) => a.name === name)?.size;
}

/** Position of the named axis in the mesh (major first), or -1. */
export function axisIndex(mesh: Mesh, name: string): number {
  return mesh.axes.findIndex((a) => a.name === name);
}

/** Mesh coordinates of a device, one per axis: row-major, so the last axis varies fastest. */
export function deviceCoords(mesh: Mesh, deviceId: number): number[] {
  if (!Number.isInteger(deviceId) || deviceId < 0 || deviceId >= mesh.deviceCount)
    throw new RangeError(`device ${deviceId} is not in a mesh of ${mesh.deviceCount} devices`);
  const coords = new Array<number>(mesh.axes.length);
  let rest = deviceId;
  for (let i = mesh.axes.length - 1; i >= 0; i--) {
    const size = mesh.axes[i]!.size;
    coords[i] = rest % size;
    rest = Math.floor(rest / size);
  }
  return coords;
}

/** Device id at the given mesh coordinates (inverse of `deviceCoords`). */
export function deviceAt(mesh: Mesh, coords: readonly number[]): number {
  let id = 0;
  mesh.axes.forEach((axis, i) => {
    const c = coords[i] ?? 0;
    if (c < 0 || c >= axis.size) throw new RangeError(`coordinate ${c} is outside axis '${axis.name}'`);
    id = id * axis.size + c;
  });
  return id;
}

/** JAX's `str(mesh)` without axis types: `Mesh('x': 2, 'y': 4)`. */
export function meshToString(mesh: Mesh): string {
  return `Mesh(${mesh.axes.map((a) => `'${a.name}': ${a.size}`).join(', ')})`;
}
