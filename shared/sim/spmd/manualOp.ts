// One op of a manual-mode (`jax.shard_map`) body, including the collectives the player places
// (docs/jax-semantics.md §1.8), and its parser from untrusted JSON: per JSON op name, its arity, fields and parser.
// Everything that needs the mesh or the shapes is checked later by `buildShardMap` and `addManualOp`.
import type { BinaryOp, ReduceOp, UnaryOp } from '../program/ir.ts';
import { err, ok, type Result } from '../result.ts';
import { cutText, quoteValue } from '../input/quoteValue.ts';
import { bad, isInt, isObject, MAX_NAME_LENGTH, validName, type Fields } from './planFields.ts';

const MAX_PERM_PAIRS = 4096;

/**
 * Output type of `all_gather`: `varying` (JAX's default: the result still varies over the axes, so
 * `out_specs` must mention them under check_vma) or `invarying` (`jax.lax.all_gather_invariant`).
 */
export type AllGatherTo = 'varying' | 'invarying';

/** One op of the body, by kind; dims may be negative (counted from the end, as in NumPy). */
export type ManualOpSpec =
  | { readonly kind: 'einsum'; readonly equation: string }
  | { readonly kind: 'unary'; readonly fn: UnaryOp; readonly scalar?: number }
  | { readonly kind: 'binary'; readonly fn: BinaryOp }
  | {
      readonly kind: 'reduce';
      readonly fn: ReduceOp;
      readonly dims: readonly number[];
      readonly keepDims: boolean;
    }
  | { readonly kind: 'softmax' | 'logSoftmax'; readonly dim: number }
  | { readonly kind: 'layerNorm' }
  | { readonly kind: 'psum'; readonly axes: readonly string[] }
  | {
      readonly kind: 'allGather';
      readonly axes: readonly string[];
      readonly dim: number;
      readonly to: AllGatherTo;
    }
  | { readonly kind: 'psumScatter'; readonly axes: readonly string[]; readonly dim: number }
  | {
      readonly kind: 'allToAll';
      readonly axes: readonly string[];
      readonly splitDim: number;
      readonly concatDim: number;
    }
  | {
      readonly kind: 'ppermute';
      readonly axis: string;
      readonly perm: readonly (readonly [number, number])[];
    };

/** A body op: the value it defines, the JSON op name (`all_gather`), its arguments (value names). */
export type ManualOp = {
  readonly name: string;
  readonly op: string;
  readonly args: readonly string[];
} & ManualOpSpec;

type Parser = (o: Fields, path: string) => Result<ManualOpSpec>;

function int(o: Fields, key: string, path: string): Result<number> {
  const v = o[key];
  return isInt(v) ? ok(v) : bad(`${path}.${key}`, `expected an integer, got ${quoteValue(v)}`);
}

/** `axes`: one mesh axis name or a non-empty list of distinct names (JAX's `axis_name`, str or tuple). */
function axes(o: Fields, path: string): Result<string[]> {
  const v = o['axes'];
  const list: unknown[] = typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
  if (list.length === 0 || !list.every((a): a is string => typeof a === 'string' && a !== ''))
    return bad(`${path}.axes`, 'expected a mesh axis name or a non-empty list of mesh axis names');
  const dup = list.find((a, i) => list.indexOf(a) !== i);
  if (dup !== undefined) return bad(`${path}.axes`, `axis '${cutText(dup)}' is listed twice`);
  return ok(list);
}

/** A parser for ops whose only fields are the given integer dims plus collective axes (when `withAxes`). */
function dimsOp<K extends ManualOpSpec['kind']>(kind: K, keys: readonly string[], withAxes: boolean): Parser {
  return (o, path) => {
    const out: Fields = { kind };
    if (withAxes) {
      const a = axes(o, path);
      if (!a.ok) return a;
      out['axes'] = a.value;
    }
    for (const k of keys) {
      const d = int(o, k, path);
      if (!d.ok) return d;
      out[k] = d.value;
    }
    return ok(out as ManualOpSpec);
  };
}

const UNARY: Record<string, UnaryOp> = {
  neg: 'neg',
  exp: 'exp',
  log: 'log',
  tanh: 'tanh',
  relu: 'relu',
  gelu: 'gelu',
  square: 'square',
  sqrt: 'sqrt',
  rsqrt: 'rsqrt',
  reciprocal: 'reciprocal',
  scale: 'scale',
  add_scalar: 'addScalar',
  gelu_grad: 'geluGrad',
  step: 'step',
};
const BINARY: readonly BinaryOp[] = ['add', 'sub', 'mul', 'div', 'max'];
/** `max` is the elementwise maximum (ir.ts BinaryOp); the reduction is `reduce_max` (ProgramBuilder.reduceMax). */
const REDUCE: Record<string, ReduceOp> = { sum: 'sum', reduce_max: 'max' };

/** The collectives a player places in a shard_map body, by their JSON (JAX) names (docs/jax-semantics.md §1.8). */
export const MANUAL_COLLECTIVES = ['psum', 'all_gather', 'psum_scatter', 'all_to_all', 'ppermute'] as const;
/** A collective a player places: its JAX name. */
export type ManualCollective = (typeof MANUAL_COLLECTIVES)[number];

/** Per JSON op name: number of args, allowed extra fields, parser. */
const OPS: Record<string, { arity: number; fields: readonly string[]; parse: Parser }> = {
  einsum: {
    arity: 2,
    fields: ['equation'],
    parse: (o, path) =>
      typeof o['equation'] === 'string' && o['equation'].length <= 64
        ? ok({ kind: 'einsum', equation: o['equation'] })
        : bad(`${path}.equation`, "expected an einsum equation such as 'bd,df->bf'"),
  },
  softmax: { arity: 1, fields: ['dim'], parse: dimsOp('softmax', ['dim'], false) },
  log_softmax: { arity: 1, fields: ['dim'], parse: dimsOp('logSoftmax', ['dim'], false) },
  layer_norm: { arity: 1, fields: [], parse: () => ok({ kind: 'layerNorm' }) },
  psum: { arity: 1, fields: ['axes'], parse: dimsOp('psum', [], true) },
  psum_scatter: { arity: 1, fields: ['axes', 'dim'], parse: dimsOp('psumScatter', ['dim'], true) },
  all_to_all: {
    arity: 1,
    fields: ['axes', 'splitDim', 'concatDim'],
    parse: dimsOp('allToAll', ['splitDim', 'concatDim'], true),
  },
  all_gather: {
    arity: 1,
    fields: ['axes', 'dim', 'to'],
    parse: (o, path) => {
      const base = dimsOp('allGather', ['dim'], true)(o, path);
      const to = o['to'] ?? 'varying';
      if (!base.ok) return base;
      if (to !== 'varying' && to !== 'invarying')
        return bad(`${path}.to`, "expected 'varying' (the default) or 'invarying' (all_gather_invariant)");
      return ok({ ...base.value, to } as ManualOpSpec);
    },
  },
  ppermute: {
    arity: 1,
    fields: ['axis', 'perm'],
    parse: (o, path) => {
      const axis = o['axis'];
      if (typeof axis !== 'string' || axis === '') return bad(`${path}.axis`, 'expected one mesh axis name');
      const perm = o['perm'];
      const pairs =
        Array.isArray(perm) &&
        perm.length <= MAX_PERM_PAIRS &&
        perm.every((p) => Array.isArray(p) && p.length === 2);
      if (!pairs || !perm.flat().every(isInt))
        return bad(`${path}.perm`, 'expected a list of [source, destination] index pairs');
      return ok({ kind: 'ppermute', axis, perm: perm.map((p: number[]) => [p[0]!, p[1]!] as const) });
    },
  },
};
for (const [name, fn] of Object.entries(UNARY)) {
  const needsScalar = fn === 'scale' || fn === 'addScalar';
  OPS[name] = {
    arity: 1,
    fields: needsScalar ? ['scalar'] : [],
    parse: (o, path) => {
      if (!needsScalar) return ok({ kind: 'unary', fn });
      const s = o['scalar'];
      return typeof s === 'number' && Number.isFinite(s)
        ? ok({ kind: 'unary', fn, scalar: s })
        : bad(`${path}.scalar`, `op '${name}' needs a finite number 'scalar'`);
    },
  };
}
for (const fn of BINARY) OPS[fn] = { arity: 2, fields: [], parse: () => ok({ kind: 'binary', fn }) };
for (const [name, fn] of Object.entries(REDUCE))
  OPS[name] = {
    arity: 1,
    fields: ['dims', 'keepDims'],
    parse: (o, path) => {
      const dims = o['dims'];
      const keepDims = o['keepDims'] ?? false;
      if (!Array.isArray(dims) || dims.length === 0 || !dims.every(isInt))
        return bad(`${path}.dims`, 'expected a non-empty list of dimension indices');
      if (typeof keepDims !== 'boolean') return bad(`${path}.keepDims`, 'expected true or false');
      return ok({ kind: 'reduce', fn, dims: [...dims], keepDims });
    },
  };

/** The JSON op names the body accepts, sorted. */
export const MANUAL_OP_NAMES: readonly string[] = Object.keys(OPS).sort();

/**
 * Parses body op `raw` at `path` (`body[3]`); `defined` maps the names of earlier ops to their indices.
 * Names taken by inputs are checked by `buildShardMap`.
 */
export function parseManualOp(
  raw: unknown,
  path: string,
  defined: ReadonlyMap<string, number>,
): Result<ManualOp> {
  if (!isObject(raw)) return bad(path, 'expected an object with name, op and args');
  const { name, op, args } = raw;
  if (!validName(name)) return bad(`${path}.name`, `expected a name of 1–${MAX_NAME_LENGTH} characters`);
  const earlier = defined.get(name);
  if (earlier !== undefined)
    return err(
      'manual/duplicate-name',
      { name, earlier },
      `${path}.name: '${name}' is already defined by body[${earlier}]`,
    );
  if (typeof op !== 'string') return bad(`${path}.op`, 'expected an op name');
  const entry = Object.hasOwn(OPS, op) ? OPS[op] : undefined;
  if (entry === undefined)
    return bad(`${path}.op`, `unknown op '${cutText(op)}'; known ops: ${MANUAL_OP_NAMES.join(', ')}`);
  if (!Array.isArray(args) || args.length !== entry.arity || !args.every(validName))
    return bad(
      `${path}.args`,
      `op '${op}' takes ${entry.arity} argument name${entry.arity === 1 ? '' : 's'}`,
    );
  const extra = Object.keys(raw).find((k) => !['name', 'op', 'args', ...entry.fields].includes(k));
  if (extra !== undefined) return bad(`${path}.${cutText(extra)}`, `not a field of op '${op}'`);
  const spec = entry.parse(raw, path);
  if (!spec.ok) return spec;
  return ok({ name, op, args: [...(args as string[])], ...spec.value });
}
