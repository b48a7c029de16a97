// The single-device reference: runs every value of a program on whole arrays (docs/design.md §4.2). Sharded
// executions are compared against it; in f64 it is the ground truth, in f32 what one device would compute.
import { convert, type NdArray, type Precision } from '../tensor/ndarray.ts';
import { evalOp } from './evalOp.ts';
import { operandsOf, type Program } from './ir.ts';

const fmt = (shape: readonly number[]): string => `[${shape.join(', ')}]`;

/**
 * Evaluates `program` on one device. `inputs` maps input names to arrays of the declared shapes (converted
 * to `precision`). Returns every value's array, indexed by ValueId. Manual-mode collectives have no
 * single-device meaning and throw; `constraint` and `stopGradient` are the identity.
 */
export function interpret(
  program: Program,
  inputs: ReadonlyMap<string, NdArray>,
  precision: Precision,
): NdArray[] {
  const out: NdArray[] = [];
  const get = (id: number): NdArray => {
    const a = out[id];
    if (a === undefined) throw new Error(`interpret: value ${id} is read before it is computed`);
    return a;
  };
  for (const v of program.values) {
    const n = v.node;
    let result: NdArray;
    switch (n.kind) {
      case 'input': {
        const a = inputs.get(v.name);
        if (a === undefined) throw new Error(`interpret: missing input '${v.name}'`);
        if (a.shape.length !== v.shape.length || a.shape.some((d, i) => d !== v.shape[i]))
          throw new Error(`interpret: input '${v.name}' has shape ${fmt(a.shape)}, expected ${fmt(v.shape)}`);
        result = convert(a, precision);
        break;
      }
      case 'psum':
      case 'allGather':
      case 'psumScatter':
      case 'allToAll':
      case 'ppermute':
        throw new Error(`interpret: '${v.name}' is a manual-mode collective (${n.kind}), which needs a mesh`);
      default:
        result = evalOp(n, operandsOf(n).map(get), v.shape);
    }
    if (result.shape.length !== v.shape.length || result.shape.some((d, i) => d !== v.shape[i]))
      throw new Error(`interpret: '${v.name}' computed shape ${fmt(result.shape)}, declared ${fmt(v.shape)}`);
    out.push(result);
  }
  return out;
}

/** The arrays of a program's named outputs, from `interpret`'s result. */
export function outputsOf(program: Program, values: readonly NdArray[]): Map<string, NdArray> {
  return new Map(program.outputs.map((o) => [o.name, values[o.value]!]));
}
