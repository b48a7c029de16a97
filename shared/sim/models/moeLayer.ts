// A mixture-of-experts feed-forward layer as GShard (Lepikhin et al. 2020, §2.2 and Algorithm 1) and the
// Switch Transformer (Fedus et al. 2021, §2.1) write it: tokens in G groups of S, a router W_g [M, E],
// top-k gating with a capacity of C tokens per expert per group, and the experts as einsums with an
// expert dimension E:
//   gates    = softmax(x·W_g) over E                         'gsm,me->gse'
//   dispatch = top-k one-hot of the gates, each token placed at its position in the expert's queue;
//              tokens past place C are dropped (they pass on through the residual only)   [G, S, E, C]
//   combine  = gates ⊙ dispatch                               'gse,gsec->gsec'
//   in_e     = dispatch · x          (tokens travel to the experts: GShard's dispatch all-to-all)  'gsec,gsm->egcm'
//   out_e    = gelu(in_e·W1_e)·W2_e                            'egcm,emf->egcf', 'egcf,efm->egcm'
//   y        = x + combine · out_e   (tokens travel back: the combine all-to-all)                  'gsec,egcm->gsm'
// The routing decision is not differentiable (stop_gradient); the gates are, through `combine`. C =
// ⌈k·S·capacityFactor/E⌉ (GShard's expert capacity). Top-1 choices take queue places before top-2 ones, as in
// GShard's Algorithm 1. Gates are the raw softmax probabilities (Switch); GShard renormalises the top two.
// Everything is written with the ordinary ops (max, step, einsum with constant triangular and index
// tables), so the same rules shard, differentiate, execute and price it.
import type { ValueId } from '../program/ir.ts';
import { ProgramBuilder } from '../program/ProgramBuilder.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { trainingModel } from './trainingModel.ts';
import { ModelInputs, type InputInit } from './inputs.ts';

export interface MoeDims {
  /** Sequences, each one of GShard's token groups (G): the dimension data parallelism and the dispatch split. */
  readonly batch: number;
  /** Tokens per sequence, the group size S. */
  readonly seq: number;
  /** Features of the data before the input projection. */
  readonly input: number;
  readonly hidden: number;
  /** Hidden units of each expert's MLP. */
  readonly ffn: number;
  readonly experts: number;
  /** Experts each token is sent to (1 = Switch, 2 = GShard). */
  readonly topK: number;
  /** Capacity factor: C = ⌈topK·seq·capacityFactor/experts⌉. */
  readonly capacityFactor: number;
}

/** The tasting scale: 4 sequences of 8 tokens, hidden 16, 4 experts of ffn 32, top-2, capacity factor 1.25. */
export const MOE_DIMS: MoeDims = {
  batch: 4,
  seq: 8,
  input: 8,
  hidden: 16,
  ffn: 32,
  experts: 4,
  topK: 2,
  capacityFactor: 1.25,
};

/** Expert capacity C = ⌈k·S·cf/E⌉ (GShard §2.2), at least 1. */
export function expertCapacity(dims: Pick<MoeDims, 'seq' | 'experts' | 'topK' | 'capacityFactor'>): number {
  return Math.max(1, Math.ceil((dims.topK * dims.seq * dims.capacityFactor) / dims.experts - 1e-9));
}

/** [T, S, 1]: 1 where t ≤ s, so 'gte,tsc->gsec' is the running count (inclusive cumsum) along the tokens. */
const upperTriangle: InputInit = {
  kind: 'custom',
  make: (_rng, shape) => {
    const n = shape[0] ?? 1;
    const data = new Float32Array(n * n);
    for (let t = 0; t < n; t++) for (let s = t; s < n; s++) data[t * n + s] = 1;
    return { shape: [...shape], data };
  },
};

/** [T, S, 1] of ones: 'gte,tsc->gsec' is every token's count of the group's choices. */
const allOnes: InputInit = {
  kind: 'custom',
  make: (_rng, shape) => ({
    shape: [...shape],
    data: new Float32Array((shape[0] ?? 1) * (shape[1] ?? 1)).fill(1),
  }),
};

/** [1, 1, 1, C]: the queue places 1, 2, …, C. */
const queuePlaces: InputInit = {
  kind: 'custom',
  make: (_rng, shape) => {
    const c = shape[3] ?? 1;
    return { shape: [...shape], data: Float32Array.from({ length: c }, (_, i) => i + 1) };
  },
};

/** 1 where x = 0 for integer-valued x: step(x + ½)·step(½ − x). */
function isZero(b: ProgramBuilder, x: ValueId, name: string): ValueId {
  const above = b.step(b.addScalar(x, 0.5, `${name}_lo`), `${name}_ge`);
  const below = b.step(b.addScalar(b.neg(x, `${name}_neg`), 0.5, `${name}_hi`), `${name}_le`);
  return b.mul(above, below, name);
}

/** The constant tables the routing counts with: [S, S, 1] running count, [S, S, 1] total, [1, 1, 1, C] places. */
interface RoutingTables {
  readonly runningCount: ValueId;
  readonly totalCount: ValueId;
  readonly places: ValueId;
}

/**
 * The routing of Algorithm 1: for each of the k choices the expert with the largest remaining gate
 * (one-hot, [G, S, E]), its place in that expert's queue counted after every earlier choice, and the
 * dispatch tensor [G, S, E, C] with a 1 where a kept token sits. Returns the stop-gradient dispatch.
 */
function route(b: ProgramBuilder, gates: ValueId, tables: RoutingTables, topK: number): ValueId {
  let remaining = gates;
  let filled: ValueId | undefined;
  let dispatch: ValueId | undefined;
  for (let k = 1; k <= topK; k++) {
    const top = b.reduceMax(remaining, [2], true, `route${k}_max`);
    // 1 at the largest remaining gate: gate − max is 0 there and below −1e-6 elsewhere (no ties in practice).
    const choice = b.step(b.addScalar(b.sub(remaining, top, `route${k}_gap`), 1e-6), `route${k}_choice`);
    let place = b.einsum('gte,tsc->gsec', choice, tables.runningCount, `route${k}_count`);
    if (filled !== undefined) place = b.add(place, filled, `route${k}_place`);
    const seat = isZero(b, b.sub(place, tables.places, `route${k}_offset`), `route${k}_seat`);
    const kept = b.einsum('gse,gsec->gsec', choice, seat, `route${k}_dispatch`);
    dispatch = dispatch === undefined ? kept : b.add(dispatch, kept, `route${k}_dispatch_sum`);
    if (k === topK) break;
    const used = b.einsum('gte,tsc->gsec', choice, tables.totalCount, `route${k}_used`);
    filled = filled === undefined ? used : b.add(filled, used, `route${k}_filled`);
    const rest = b.addScalar(b.neg(choice, `route${k}_taken`), 1, `route${k}_rest`);
    remaining = b.mul(remaining, rest, `route${k}_remaining`);
  }
  return b.stopGradient(dispatch!, 'dispatch');
}

/**
 * x = layerNorm(x0·W_in) (an activation, so the backward pass also sends its gradient back through the
 * dispatch all-to-all), then the MoE layer with a residual; loss = mean((y − target)²), SGD lr 0.1.
 */
export function moeLayer(dims: Partial<MoeDims> = {}): ModelSpec {
  const d = { ...MOE_DIMS, ...dims };
  const { batch: g, seq: s, input, hidden: m, ffn: f, experts: e, topK } = d;
  const c = expertCapacity(d);
  const inputs = new ModelInputs(new ProgramBuilder());
  const b = inputs.b;
  const unit = { kind: 'normal', scale: 1 } as const;
  const x0 = inputs.data('x0', [g, s, input], unit);
  const target = inputs.data('target', [g, s, m], unit);
  const tables: RoutingTables = {
    runningCount: inputs.data('token_order', [s, s, 1], upperTriangle),
    totalCount: inputs.data('token_all', [s, s, 1], allOnes),
    places: inputs.data('queue_places', [1, 1, 1, c], queuePlaces),
  };
  const wIn = b.within('in_proj', () => inputs.param('w_in', [input, m], input));
  const wg = b.within('router', () => inputs.param('router', [m, e], m));
  const [w1, w2] = b.within('experts', () => [
    inputs.param('expert_w1', [e, m, f], m),
    inputs.param('expert_w2', [e, f, m], f),
  ]);
  const x = b.within('in_proj', () => b.layerNorm(b.einsum('gsi,im->gsm', x0, wIn, 'x_proj'), 'x'));
  const [gates, dispatch] = b.within('router', () => {
    const gates = b.softmax(b.einsum('gsm,me->gse', x, wg, 'router_logits'), 2, 'gates');
    return [gates, route(b, gates, tables, topK)] as const;
  });
  const y = b.within('experts', () => {
    const combine = b.einsum('gse,gsec->gsec', gates, dispatch, 'combine');
    const expertIn = b.einsum('gsec,gsm->egcm', dispatch, x, 'expert_in');
    const h = b.gelu(b.einsum('egcm,emf->egcf', expertIn, w1!, 'expert_h_pre'), 'expert_h');
    const expertOut = b.einsum('egcf,efm->egcm', h, w2!, 'expert_out');
    const moe = b.einsum('gsec,egcm->gsm', combine, expertOut, 'moe_out');
    return b.add(x, moe, 'y');
  });
  const loss = b.within('loss', () => b.meanSquaredError(y, target, 'loss'));
  return trainingModel(inputs, loss, { kind: 'sgd', lr: 0.1 });
}
