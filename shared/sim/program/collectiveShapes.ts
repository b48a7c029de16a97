// Per-device result shapes of the manual-mode (shard_map) collectives of ir.ts, with their argument checks.
import type { Node } from './ir.ts';

/** The collective nodes of ir.ts. */
export type CollectiveNode = Extract<
  Node,
  { kind: 'psum' | 'allGather' | 'psumScatter' | 'allToAll' | 'ppermute' }
>;

const fmt = (shape: readonly number[]): string => `[${shape.join(', ')}]`;

/**
 * Local result shape of a collective on a local operand of `shape`, as JAX's tiled forms: psum and ppermute
 * keep the shape; all_gather multiplies `dim` by the product n of the axis sizes; psum_scatter divides it by
 * n; all_to_all divides `splitDim` and multiplies `concatDim` by n. Throws on an unknown axis, a bad
 * dimension, an indivisible size or a bad permutation (programmer errors).
 */
export function collectiveShape(
  node: CollectiveNode,
  shape: readonly number[],
  axisSizes: Readonly<Record<string, number>> | undefined,
): number[] {
  const op = node.kind;
  if (axisSizes === undefined)
    throw new Error(`${op} needs the mesh axis sizes: pass axisSizes to ProgramBuilder`);
  const axes = node.kind === 'ppermute' ? [node.axis] : node.axes;
  if (axes.length === 0) throw new Error(`${op} needs at least one mesh axis`);
  const n = axes.reduce((p, a) => {
    const size = axisSizes[a];
    if (size === undefined) throw new Error(`${op}: unknown mesh axis '${a}'`);
    return p * size;
  }, 1);
  const dim = (d: number): number => {
    if (!Number.isInteger(d) || d < 0 || d >= shape.length)
      throw new Error(`${op}: dimension ${d} is out of range for rank ${shape.length}`);
    return d;
  };
  const divided = (d: number): number => {
    if (shape[dim(d)]! % n !== 0)
      throw new Error(`${op}: dimension ${d} of ${fmt(shape)} is not divisible by ${n}`);
    return shape[d]! / n;
  };
  const out = [...shape];
  switch (node.kind) {
    case 'psum':
      break;
    case 'allGather':
      out[dim(node.dim)] = shape[node.dim]! * n;
      break;
    case 'psumScatter':
      out[node.dim] = divided(node.dim);
      break;
    case 'allToAll':
      out[node.splitDim] = divided(node.splitDim);
      out[dim(node.concatDim)] = out[node.concatDim]! * n;
      break;
    case 'ppermute': {
      const ok = (i: number): boolean => Number.isInteger(i) && i >= 0 && i < n;
      const sources = new Set(node.perm.map(([s]) => s));
      const targets = new Set(node.perm.map(([, t]) => t));
      if (
        !node.perm.every(([s, t]) => ok(s) && ok(t)) ||
        sources.size !== node.perm.length ||
        targets.size !== node.perm.length
      )
        throw new Error(`ppermute: perm must pair distinct indices in [0, ${n}) of axis '${node.axis}'`);
      break;
    }
  }
  return out;
}
