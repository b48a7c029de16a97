// Reverse-mode differentiation of a forward `Program` into one training-step program: forward values, the
// backward pass as ops of the same vocabulary (VJPs in vjp.ts), and the optimizer update (docs/design.md §4.1).
import type { Program, Value, ValueId } from './ir.ts';
import { zeros, type NdArray, type Precision } from '../tensor/ndarray.ts';
import { ProgramBuilder } from './ProgramBuilder.ts';
import { accumulate, constCot, fill, vjp, type Cotangent } from './vjp.ts';

/**
 * The update rule. `adam.step` is t ≥ 1, the number of the step being computed (for the bias correction);
 * its moments come in as inputs `m/<param>` and `v/<param>` (role 'optimizer').
 */
export type Optimizer =
  | { readonly kind: 'sgd'; readonly lr: number }
  | {
      readonly kind: 'adam';
      readonly lr: number;
      readonly beta1: number;
      readonly beta2: number;
      readonly eps: number;
      readonly step: number;
    };

/** fp32 master copies for a mixed-precision step (appendUpdate): none, or with the cast labelled. */
export type Masters = boolean | 'cast-labelled';

/**
 * Which values need a cotangent: those that depend on a parameter (not through stop_gradient or a max
 * reduction, whose cotangent is zero) and that the loss depends on.
 */
function activeValues(forward: Program, loss: ValueId): boolean[] {
  const { values } = forward;
  const fromParam = values.map(() => false);
  for (const v of values) {
    const n = v.node;
    if (n.kind === 'input') fromParam[v.id] = n.role === 'param';
    else if (n.kind === 'stopGradient' || (n.kind === 'reduce' && n.op === 'max')) fromParam[v.id] = false;
    else if (n.kind === 'einsum' || n.kind === 'binary' || n.kind === 'take' || n.kind === 'scatterAdd')
      fromParam[v.id] = n.operands.some((o) => fromParam[o]);
    else fromParam[v.id] = fromParam[n.operand] ?? false;
  }
  const toLoss = values.map((v) => v.id === loss);
  for (let id = loss; id >= 0; id--) {
    if (!toLoss[id]) continue;
    const n = values[id]!.node;
    if (n.kind === 'einsum' || n.kind === 'binary' || n.kind === 'take' || n.kind === 'scatterAdd')
      for (const o of n.operands) toLoss[o] = true;
    else if (n.kind !== 'input') toLoss[n.operand] = true;
  }
  return values.map((_, id) => fromParam[id]! && toLoss[id]!);
}

/**
 * Appends the backward pass; returns the gradient value of each parameter input (tagged `gradOf`) and, for
 * each forward value whose cotangent is a backward value of its own (shared with no other value), that value.
 */
function appendBackward(
  b: ProgramBuilder,
  forward: Program,
  loss: ValueId,
  params: readonly Value[],
): { grads: ValueId[]; cotangents: { of: ValueId; value: ValueId }[] } {
  const active = activeValues(forward, loss);
  const cots = new Map<ValueId, Cotangent>([[loss, constCot(1)]]);
  const ctx = {
    b,
    wants: (x: ValueId): boolean => active[x] === true,
    contribute(x: ValueId, g: Cotangent): void {
      if (!active[x]) return;
      const old = cots.get(x);
      cots.set(x, old === undefined ? g : accumulate(b, b.value(x), old, g));
    },
  };
  b.phase = 'backward';
  const owners = new Map<ValueId, ValueId[]>();
  for (let id = loss; id >= 0; id--) {
    const g = cots.get(id);
    if (!active[id] || g === undefined) continue;
    if (g.kind === 'value' && b.value(g.id).phase === 'backward')
      owners.set(g.id, [...(owners.get(g.id) ?? []), id]);
    // The VJP's values belong where the value they differentiate does (JAX keeps the name stack under
    // transpose).
    b.scope = b.value(id).scope ?? '';
    vjp(ctx, b.value(id), g);
  }
  const cotangents = [...owners]
    .filter(([, of]) => of.length === 1)
    .map(([value, of]) => ({ of: of[0]!, value }))
    .sort((x, y) => x.of - y.of);
  const claimed = new Set<ValueId>();
  const grads = params.map((p) => {
    b.scope = p.scope ?? '';
    const g = cots.get(p.id);
    let id: ValueId;
    if (g === undefined) id = fill(b, p.id, 0);
    else if (g.kind === 'const') id = fill(b, p.id, g.c);
    else id = g.id;
    // A cotangent that is a forward value (dW = x in sum(W·x)) or another parameter's gradient gets its own copy.
    if (claimed.has(id) || b.value(id).phase !== 'backward') id = b.scale(id, 1);
    claimed.add(id);
    b.tag(id, { name: `grad/${p.name}`, gradOf: p.id });
    return id;
  });
  b.scope = '';
  return { grads, cotangents };
}

/**
 * SGD: p ← p − lr·g.
 * Adam (Kingma & Ba 2015, Algorithm 1), at step t:
 *   m ← β₁m + (1 − β₁)g,  v ← β₂v + (1 − β₂)g²,
 *   m̂ = m/(1 − β₁ᵗ),  v̂ = v/(1 − β₂ᵗ),  p ← p − lr·m̂/(√v̂ + ε).
 * With `masters` (mixed precision, Micikevicius et al. 2018 §3.1) the rule updates an fp32 master copy, input
 * `master/<param>` (role 'optimizer'), with fp32 moments, and the parameter becomes the new master converted
 * to its own type: p ← convert(master − lr·…). With `'cast-labelled'` the conversion is its own value,
 * `cast/<param>`, and `new/<param>` a `with_sharding_constraint` of it: a layout can then convert each
 * device's shard of the master before resharding the 16-bit result, as ZeRO all-gathers the fp16
 * parameters, not the fp32 masters (Rajbhandari et al. 2020 §5.1), and as XLA's SPMD partitioner does (our
 * propagation alone would gather the f32 master). The constraint's spec is a placeholder the layout's table
 * replaces.
 * Returns the named results to output.
 */
function appendUpdate(
  b: ProgramBuilder,
  params: readonly Value[],
  grads: readonly ValueId[],
  opt: Optimizer,
  masters: Masters,
): { name: string; value: ValueId }[] {
  b.phase = 'update';
  const results: { name: string; value: ValueId }[] = [];
  const copies: { name: string; value: ValueId }[] = [];
  const ms: { name: string; value: ValueId }[] = [];
  const vs: { name: string; value: ValueId }[] = [];
  params.forEach((p, i) => {
    b.scope = p.scope ?? '';
    const g = grads[i]!;
    const name = p.name;
    const master = masters ? b.input(`master/${name}`, p.shape, 'optimizer', 'f32') : undefined;
    const stateType = masters ? 'f32' : p.dtype;
    let delta: ValueId;
    if (opt.kind === 'sgd') delta = b.scale(g, opt.lr, `${name}_step`);
    else {
      const { lr, beta1, beta2, eps, step } = opt;
      if (!Number.isInteger(step) || step < 1)
        throw new Error(`adam: step must be an integer ≥ 1, got ${step}`);
      const m = b.input(`m/${name}`, p.shape, 'optimizer', stateType);
      const v = b.input(`v/${name}`, p.shape, 'optimizer', stateType);
      const m1 = b.add(
        b.scale(m, beta1, `m/${name}_decay`),
        b.scale(g, 1 - beta1, `${name}_g`),
        `new/m/${name}`,
      );
      const g2 = b.scale(b.square(g, `${name}_g_sq`), 1 - beta2, `${name}_g_sq_scaled`);
      const v1 = b.add(b.scale(v, beta2, `v/${name}_decay`), g2, `new/v/${name}`);
      const vHat = b.scale(v1, 1 / (1 - beta2 ** step), `v_hat/${name}`);
      const denom = b.addScalar(b.sqrt(vHat, `${name}_rms`), eps, `${name}_denom`);
      delta = b.div(b.scale(m1, lr / (1 - beta1 ** step), `${name}_lr_m_hat`), denom, `${name}_step`);
      b.tag(m1, { updates: m });
      b.tag(v1, { updates: v });
      ms.push({ name: `new/m/${name}`, value: m1 });
      vs.push({ name: `new/v/${name}`, value: v1 });
    }
    let updated: ValueId;
    if (master === undefined) updated = b.sub(p.id, delta, `new/${name}`);
    else {
      const copy = b.sub(master, delta, `new/master/${name}`);
      b.tag(copy, { updates: master });
      copies.push({ name: `new/master/${name}`, value: copy });
      updated =
        masters === 'cast-labelled'
          ? b.constraint(b.convert(copy, p.dtype, `cast/${name}`), [], `new/${name}`)
          : b.convert(copy, p.dtype, `new/${name}`);
    }
    b.tag(updated, { updates: p.id });
    results.push({ name: `new/${name}`, value: updated });
  });
  b.scope = '';
  return [...results, ...copies, ...ms, ...vs];
}

/**
 * The training step of `forward` for the rank-0 value `loss`: the forward values (phase 'forward'), the
 * backward pass (phase 'backward'; cotangents of a value used several times are summed with `add`;
 * `grad/<param>` tagged `gradOf`), and the update (phase 'update'; `new/<param>` tagged `updates`).
 * Only inputs of role 'param' get gradients; values that do not reach the loss are skipped, and a parameter
 * the loss does not depend on gets a zero gradient. Outputs, in order: `loss`, every `grad/<param>`, every
 * `new/<param>`, with `masters` every `new/master/<param>`, and for Adam every `new/m/<param>`, then every
 * `new/v/<param>`.
 */
export function buildTrainStep(
  forward: Program,
  loss: ValueId,
  optimizer: Optimizer,
  masters: Masters = false,
): Program {
  const lossValue = forward.values[loss];
  if (lossValue === undefined) throw new Error(`buildTrainStep: no value with id ${loss}`);
  if (lossValue.shape.length !== 0)
    throw new Error(
      `buildTrainStep: the loss '${lossValue.name}' must be a scalar, got shape [${lossValue.shape.join(', ')}]`,
    );
  const params = forward.values.filter((v) => v.node.kind === 'input' && v.node.role === 'param');
  const b = ProgramBuilder.extend(forward);
  const { grads, cotangents } = appendBackward(b, forward, loss, params);
  const updates = appendUpdate(b, params, grads, optimizer, masters);
  b.output('loss', loss);
  params.forEach((p, i) => b.output(`grad/${p.name}`, grads[i]!));
  for (const u of updates) b.output(u.name, u.value);
  return { ...b.build(), cotangents };
}

/** Zero moments for every optimizer input of a training step (Adam's m and v before the first step). */
export function zeroOptimizerState(trainStep: Program, precision: Precision): Map<string, NdArray> {
  const state = new Map<string, NdArray>();
  for (const v of trainStep.values)
    if (v.node.kind === 'input' && v.node.role === 'optimizer') state.set(v.name, zeros(v.shape, precision));
  return state;
}
