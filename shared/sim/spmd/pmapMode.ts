// pmap mode (`jax.pmap`): one mapped axis; every parameter and optimizer state replicated on every device,
// every data input split along its leading (batch) dimension. It is data parallelism and nothing else —
// the point of the "pmap and pjit are the same" level: pmap cannot shard a weight.
import type { Mesh } from '../mesh.ts';
import type { Program } from '../program/ir.ts';
import { err, ok, type Result } from '../result.ts';
import { cutText } from '../input/quoteValue.ts';
import type { AutoAnnotations } from './autoMode.ts';

/** The jit annotations equivalent to pmapping `program` over `axis` (default: the mesh's only axis). */
export function pmapAnnotations(mesh: Mesh, program: Program, axis?: string): Result<AutoAnnotations> {
  if (mesh.axes.length !== 1)
    return err(
      'pmap/one-axis',
      { axes: mesh.axes.map((a) => a.name) },
      `pmap maps exactly one axis, but the mesh has ${mesh.axes.length} (${mesh.axes.map((a) => a.name).join(', ')}); ` +
        'nest pmaps or use jit with shardings to use several axes.',
    );
  const name = axis ?? mesh.axes[0]!.name;
  if (name !== mesh.axes[0]!.name)
    return err(
      'pmap/axis-name',
      { name, meshAxis: mesh.axes[0]!.name },
      `pmap's axis_name '${cutText(name)}' is not the mesh's axis '${mesh.axes[0]!.name}'.`,
    );
  const inShardings: Record<string, unknown> = {};
  for (const v of program.values) {
    if (v.node.kind !== 'input') continue;
    inShardings[v.name] = v.node.role === 'data' && v.shape.length > 0 ? [name] : [];
  }
  return ok({ inShardings });
}
