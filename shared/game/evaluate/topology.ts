// Where the kitchens stand (docs/design.md §2: NVLink-like windows inside a node, slower windows between nodes):
// devices per node and, for every mesh axis, the link its collectives cross (meshAxisLinks) — what the
// global view needs to group kitchens by node and draw each window by its speed.
import { meshAxisLinks, type DeviceSpec } from '../../sim/cost/hardware.ts';
import type { Mesh } from '../../sim/mesh.ts';
import type { Topology } from '../evaluation.ts';

/** The topology of `mesh` on `hardware` (device ids row-major over the mesh; node = ⌊id / devicesPerNode⌋). */
export function topologyOf(mesh: Mesh, hardware: DeviceSpec): Topology {
  return {
    devicesPerNode: hardware.devicesPerNode,
    linkBytesPerS: { intra: hardware.intraNode.bytesPerS, inter: hardware.interNode.bytesPerS },
    axes: meshAxisLinks(mesh, hardware).map((l) => ({ axis: l.axis, link: l.link, bytesPerS: l.bytesPerS })),
  };
}
