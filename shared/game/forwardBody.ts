// A program's forward pass written out as a shard_map body, op by op under the values' own names: the
// starting recipe of a manual-mode plan that follows a model exactly (the player then places the
// collectives it needs, e.g. the dispatch and combine all-to-alls of a mixture of experts). Identities
// (with_sharding_constraint, stop_gradient: the forward pass is all a manual plan tastes) are not written;
// later ops read their operand instead.
import { operandsOf, type Program, type ValueId } from '../sim/program/ir.ts';
import { err, ok, type Result } from '../sim/result.ts';
import type { ManualOpJson } from './planState.ts';

/** The JSON names of the unary functions that differ from the IR's (manualOp.ts). */
const UNARY_NAMES: Readonly<Record<string, string>> = { addScalar: 'add_scalar', geluGrad: 'gelu_grad' };

/**
 * The body ops of `program`'s forward values, in program order; inputs are the shard_map's inputs. A value
 * whose kind a body cannot express (a broadcast) is an InputError naming it.
 */
export function forwardBody(program: Program): Result<ManualOpJson[]> {
  const alias = new Map<ValueId, string>();
  const nameOf = (id: ValueId): string => alias.get(id) ?? program.values[id]!.name;
  const body: ManualOpJson[] = [];
  for (const v of program.values) {
    if (v.phase !== 'forward' || v.node.kind === 'input') continue;
    const n = v.node;
    const args = operandsOf(n).map(nameOf);
    switch (n.kind) {
      case 'constraint':
      case 'stopGradient':
        alias.set(v.id, nameOf(n.operand));
        break;
      case 'einsum':
        body.push({ name: v.name, op: 'einsum', equation: n.equation, args });
        break;
      case 'unary':
        body.push({
          name: v.name,
          op: UNARY_NAMES[n.op] ?? n.op,
          args,
          ...(n.scalar === undefined ? {} : { scalar: n.scalar }),
        });
        break;
      case 'binary':
        body.push({ name: v.name, op: n.op, args });
        break;
      case 'reduce':
        body.push({
          name: v.name,
          op: n.op === 'max' ? 'reduce_max' : 'sum',
          args,
          dims: [...n.dims],
          keepDims: n.keepDims,
        });
        break;
      default:
        return err(
          'manual/no-body-op',
          { name: v.name, kind: n.kind },
          `forwardBody: '${v.name}' (${n.kind}) has no shard_map body op`,
        );
    }
  }
  return ok(body);
}
