// Vector–Jacobian products of the ops of ir.ts, emitted as more ops of the same kinds (docs/design.md §4.1).
// A cotangent is either a value or a constant c·1 of the primal's shape (the loss seed 1 and what linear ops
// make of it), so the loss's own backward (sum, scale) costs no ops; a constant becomes a tensor only when
// an op needs one (`materialize`).
import type { Value, ValueId } from './ir.ts';
import type { ProgramBuilder } from './ProgramBuilder.ts';

/** Cotangent of a value: a value of the same shape, or the constant c·1 of that shape. */
export type Cotangent =
  { readonly kind: 'value'; readonly id: ValueId } | { readonly kind: 'const'; readonly c: number };

export const constCot = (c: number): Cotangent => ({ kind: 'const', c });
export const valueCot = (id: ValueId): Cotangent => ({ kind: 'value', id });

/** What a VJP rule writes into: the builder, and the sink that accumulates an operand's cotangent. */
export interface VjpContext {
  readonly b: ProgramBuilder;
  /** Whether the operand needs a cotangent (it depends on a parameter); others get no ops emitted. */
  wants(operand: ValueId): boolean;
  contribute(operand: ValueId, cot: Cotangent): void;
}

/** Name of a cotangent: `h` → `dh`, `blk0/ffn` → `blk0/dffn`. */
export const cotName = (name: string): string => name.replace(/[^/]*$/, (last) => `d${last}`);

const prod = (shape: readonly number[]): number => shape.reduce((n, d) => n * d, 1);

/** c·1 with the shape of `like`, as addScalar(scale(like, 0), c): the IR has no constant op. */
export function fill(
  b: ProgramBuilder,
  like: ValueId,
  c: number,
  name = c === 0 ? 'zeros' : 'fill',
): ValueId {
  const zeros = b.scale(like, 0, 'zeros');
  return c === 0 ? zeros : b.addScalar(zeros, c, name);
}

/** The cotangent as a value of the shape of `like` (the primal it belongs to). */
export function materialize(b: ProgramBuilder, g: Cotangent, like: ValueId): ValueId {
  return g.kind === 'value' ? g.id : fill(b, like, g.c, 'ones');
}

/** g₁ + g₂ (both cotangents of the value `of`). */
export function accumulate(b: ProgramBuilder, of: Value, g1: Cotangent, g2: Cotangent): Cotangent {
  const name = cotName(of.name);
  if (g1.kind === 'const') {
    if (g2.kind === 'const') return constCot(g1.c + g2.c);
    return g1.c === 0 ? g2 : valueCot(b.addScalar(g2.id, g1.c, name));
  }
  if (g2.kind === 'const') return g2.c === 0 ? g1 : valueCot(b.addScalar(g1.id, g2.c, name));
  return valueCot(b.add(g1.id, g2.id, name));
}

/** g·k (k a number). */
function scaled(b: ProgramBuilder, g: Cotangent, k: number, name: string): Cotangent {
  if (g.kind === 'const') return constCot(g.c * k);
  if (k === 1) return g;
  return valueCot(k === -1 ? b.neg(g.id, name) : b.scale(g.id, k, name));
}

/** g·k·t (t a value; the result has t's shape when g is a constant, the broadcast shape otherwise). */
function times(b: ProgramBuilder, g: Cotangent, t: ValueId, k: number, name: string): ValueId {
  if (g.kind === 'const') return g.c * k === 1 ? t : b.scale(t, g.c * k, name);
  const p = b.mul(g.id, t, k === 1 ? name : `${name}_unscaled`);
  return k === 1 ? p : b.scale(p, k, name);
}

/** g·k / t. */
function over(b: ProgramBuilder, g: Cotangent, t: ValueId, k: number, name: string): ValueId {
  if (g.kind === 'const') return b.scale(b.reciprocal(t, 'inv'), g.c * k, name);
  const q = b.div(g.id, t, k === 1 ? name : `${name}_unscaled`);
  return k === 1 ? q : b.scale(q, k, name);
}

/**
 * Sums a cotangent term of the broadcast output shape `out` down to an operand's shape `to` (NumPy
 * broadcasting in reverse): reduce the dims the operand had as size 1, keeping them. A term that is itself
 * still size 1 along such a dim counts out[d] times; along a dim the operand has in full it is broadcast.
 */
function fit(
  b: ProgramBuilder,
  g: Cotangent,
  to: readonly number[],
  out: readonly number[],
  name: string,
): Cotangent {
  if (g.kind === 'const') {
    const expanded = out.filter((_, d) => to.length === 0 || to[d] === 1);
    return constCot(g.c * prod(expanded));
  }
  const s = b.shape(g.id);
  if (to.length === 0) {
    const k = prod(out) / prod(s);
    const total =
      s.length === 0
        ? g.id
        : b.sum(
            g.id,
            s.map((_, d) => d),
            false,
            `${name}_sum`,
          );
    return valueCot(k === 1 ? total : b.scale(total, k, name));
  }
  const reduceDims = to.flatMap((n, d) => (n === 1 && s[d]! > 1 ? [d] : []));
  const k = prod(to.map((n, d) => (n === 1 && s[d] === 1 ? out[d]! : 1)));
  let id = reduceDims.length > 0 ? b.sum(g.id, reduceDims, true, name) : g.id;
  if (k !== 1) id = b.scale(id, k, name);
  if (to.some((n, d) => n !== b.shape(id)[d])) id = b.broadcast(id, to, name);
  return valueCot(id);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Cotangent of operand `a` of `einsum(A,B->O)`: dA = einsum(O,B->A*), A* the labels of A that also occur in
 * O or B. Labels summed in A alone get the gradient broadcast along them: einsum(A*,A->A) against ones.
 */
function einsumOperandCot(
  b: ProgramBuilder,
  g: ValueId,
  gLabels: string,
  other: ValueId,
  otherLabels: string,
  gFirst: boolean,
  a: ValueId,
  aLabels: string,
  name: string,
): ValueId {
  const kept = [...aLabels].filter((l) => gLabels.includes(l) || otherLabels.includes(l)).join('');
  const eq = gFirst ? `${gLabels},${otherLabels}->${kept}` : `${otherLabels},${gLabels}->${kept}`;
  const partial = gFirst ? b.einsum(eq, g, other, name) : b.einsum(eq, other, g, name);
  if (kept === aLabels) return partial;
  if (kept === '') return b.broadcast(partial, b.shape(a), name);
  return b.einsum(`${kept},${aLabels}->${aLabels}`, partial, fill(b, a, 1, 'ones'), name);
}

/** Emits the VJP of `y` for cotangent `g` and hands each operand's share to `ctx.contribute`. */
export function vjp(ctx: VjpContext, y: Value, g: Cotangent): void {
  const { b } = ctx;
  const node = y.node;
  const d = (x: ValueId): string => cotName(b.value(x).name);
  switch (node.kind) {
    case 'input':
    case 'stopGradient':
      return;
    case 'constraint':
      // As JAX's transpose rule: the cotangent gets the same sharding constraint.
      ctx.contribute(
        node.operand,
        g.kind === 'const' ? g : valueCot(b.constraint(g.id, node.spec, d(node.operand))),
      );
      return;
    case 'broadcast':
      ctx.contribute(node.operand, fit(b, g, b.shape(node.operand), y.shape, d(node.operand)));
      return;
    case 'reduce': {
      const x = node.operand;
      const xs = b.shape(x);
      // max: zero cotangent; the IR uses it only under stop_gradient, for a stable softmax.
      if (node.op === 'max') return;
      if (g.kind === 'const') return ctx.contribute(x, g);
      if (node.keepDims || node.dims.length === xs.length)
        return ctx.contribute(x, valueCot(b.broadcast(g.id, xs, d(x))));
      // Reduced dims removed: re-insert them by an einsum against ones (the IR's broadcast keeps the rank).
      const xl = LETTERS.slice(0, xs.length);
      const gl = [...xl].filter((_, i) => !node.dims.includes(i)).join('');
      ctx.contribute(x, valueCot(b.einsum(`${gl},${xl}->${xl}`, g.id, fill(b, x, 1, 'ones'), d(x))));
      return;
    }
    case 'take': {
      // The table's cotangent is the scatter-add of the rows' cotangents; ids (integers) have none.
      const [table, ids] = node.operands;
      if (ctx.wants(table))
        ctx.contribute(
          table,
          valueCot(b.scatterAdd(materialize(b, g, y.id), ids, b.shape(table)[0]!, d(table))),
        );
      return;
    }
    case 'scatterAdd': {
      const [updates, ids] = node.operands;
      if (ctx.wants(updates))
        ctx.contribute(updates, valueCot(b.take(materialize(b, g, y.id), ids, d(updates))));
      return;
    }
    case 'einsum': {
      const [lhs = '', out = ''] = node.equation.replace(/\s+/g, '').split('->');
      const [al = '', bl = ''] = lhs.split(',');
      const [a, c] = node.operands;
      const gv = materialize(b, g, y.id);
      if (ctx.wants(a)) ctx.contribute(a, valueCot(einsumOperandCot(b, gv, out, c, bl, true, a, al, d(a))));
      if (ctx.wants(c)) ctx.contribute(c, valueCot(einsumOperandCot(b, gv, out, a, al, false, c, bl, d(c))));
      return;
    }
    case 'unary': {
      const x = node.operand;
      const n = d(x);
      const give = (id: ValueId): void => ctx.contribute(x, valueCot(id));
      switch (node.op) {
        case 'neg':
          return ctx.contribute(x, scaled(b, g, -1, n));
        case 'scale':
          return ctx.contribute(x, scaled(b, g, node.scalar ?? 1, n));
        case 'addScalar':
          return ctx.contribute(x, g);
        case 'exp': // y' = y
          return give(times(b, g, y.id, 1, n));
        case 'log': // 1/x
          return give(over(b, g, x, 1, n));
        case 'tanh': // 1 − y²
          return give(
            times(b, g, b.addScalar(b.neg(b.square(y.id, `${y.name}_sq`)), 1, `${y.name}_grad`), 1, n),
          );
        case 'relu': // step(x)
          return give(times(b, g, b.step(x, `${y.name}_grad`), 1, n));
        case 'gelu':
          return give(times(b, g, b.geluGrad(x, `${y.name}_grad`), 1, n));
        case 'square': // 2x
          return give(times(b, g, x, 2, n));
        case 'sqrt': // 1/(2y)
          return give(over(b, g, y.id, 0.5, n));
        case 'rsqrt': // −½ y³
          return give(times(b, g, b.mul(b.square(y.id, `${y.name}_sq`), y.id, `${y.name}_cube`), -0.5, n));
        case 'reciprocal': // −y²
          return give(times(b, g, b.square(y.id, `${y.name}_sq`), -1, n));
        case 'step': // zero almost everywhere
          return;
        case 'convert': // the same values: the cotangent passes through
          return ctx.contribute(x, g);
        case 'geluGrad':
          throw new Error(
            `autodiff: '${y.name}' (geluGrad) has no derivative rule; it only appears in backward passes`,
          );
      }
      return;
    }
    case 'binary': {
      const [p, q] = node.operands;
      const [ps, qs] = [b.shape(p), b.shape(q)];
      const toP = (t: () => Cotangent): void => {
        if (ctx.wants(p)) ctx.contribute(p, fit(b, t(), ps, y.shape, d(p)));
      };
      const toQ = (t: () => Cotangent): void => {
        if (ctx.wants(q)) ctx.contribute(q, fit(b, t(), qs, y.shape, d(q)));
      };
      switch (node.op) {
        case 'add':
          toP(() => g);
          toQ(() => g);
          return;
        case 'sub':
          toP(() => g);
          toQ(() => scaled(b, g, -1, `${d(q)}_full`));
          return;
        case 'mul':
          toP(() => valueCot(times(b, g, q, 1, `${d(p)}_full`)));
          toQ(() => valueCot(times(b, g, p, 1, `${d(q)}_full`)));
          return;
        case 'div': // d/dp = 1/q, d/dq = −p/q² = −y/q
          toP(() => valueCot(over(b, g, q, 1, `${d(p)}_full`)));
          toQ(() => valueCot(times(b, g, b.div(y.id, q, `${y.name}_over_q`), -1, `${d(q)}_full`)));
          return;
        case 'max': {
          // As JAX's balanced rule: 1 to the larger operand, ½ to each on a tie. sign = step(p − q) − step(q − p).
          const sign = (): ValueId =>
            b.sub(
              b.step(b.sub(p, q, `${y.name}_diff`)),
              b.step(b.sub(q, p, `${y.name}_diff`)),
              `${y.name}_sign`,
            );
          toP(() => valueCot(times(b, g, b.addScalar(sign(), 1, `${y.name}_grad`), 0.5, `${d(p)}_full`)));
          toQ(() =>
            valueCot(times(b, g, b.addScalar(b.neg(sign()), 1, `${y.name}_grad`), 0.5, `${d(q)}_full`)),
          );
          return;
        }
      }
      return;
    }
    default:
      throw new Error(
        `autodiff: '${y.name}' is a manual-mode collective (${node.kind}), which is not differentiated`,
      );
  }
}
