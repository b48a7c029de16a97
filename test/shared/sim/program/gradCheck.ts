// Finite-difference gradient checks in f64: central differences (L(p + h) − L(p − h)) / 2h, h = 1e-6,
// against the `grad/<param>` outputs of the train step built by autodiff.
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import type { Program, ValueId } from '../../../../shared/sim/program/ir.ts';
import { interpret, outputsOf } from '../../../../shared/sim/program/interpret.ts';
import { createRng, nextInt } from '../../../../shared/sim/rng.ts';
import { convert, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';

export const FD_STEP = 1e-6;

export interface GradCheckReport {
  /** Largest relative error |fd − ad| / max(|fd|, |ad|, floor) over the checked entries. */
  readonly maxRelError: number;
  readonly worst: string;
  readonly checked: number;
}

/**
 * Compares autodiff gradients with central differences for every parameter of `forward` (all entries, or
 * `samples` random entries per parameter). `floor` (default 1e-3·max(1, |L|)) keeps entries whose gradient is near zero from dividing rounding noise by 0.
 */
export function gradCheck(
  forward: Program,
  loss: ValueId,
  inputs: ReadonlyMap<string, NdArray>,
  opts: { samples?: number; floor?: number; seed?: number } = {},
): GradCheckReport {
  const x = new Map([...inputs].map(([k, v]) => [k, convert(v, 'f64')]));
  const lossAt = (): number => interpret(forward, x, 'f64')[loss]!.data[0]!;
  // Rounding in L(p ± h) is about 1e-16·|L|/h = 1e-10·|L|; near-zero gradients are compared on that scale.
  const floor = opts.floor ?? 1e-3 * Math.max(1, Math.abs(lossAt()));
  const step = buildTrainStep(forward, loss, { kind: 'sgd', lr: 0 });
  const grads = outputsOf(step, interpret(step, x, 'f64'));
  const rng = createRng(opts.seed ?? 7);
  let maxRelError = 0;
  let worst = '';
  let checked = 0;
  for (const v of forward.values) {
    if (v.node.kind !== 'input' || v.node.role !== 'param') continue;
    const p = x.get(v.name)!;
    const g = grads.get(`grad/${v.name}`)!;
    const n = p.data.length;
    const indices =
      opts.samples === undefined || opts.samples >= n
        ? [...Array(n).keys()]
        : Array.from({ length: opts.samples }, () => nextInt(rng, n));
    for (const i of indices) {
      const old = p.data[i]!;
      p.data[i] = old + FD_STEP;
      const up = lossAt();
      p.data[i] = old - FD_STEP;
      const down = lossAt();
      p.data[i] = old;
      const fd = (up - down) / (2 * FD_STEP);
      const ad = g.data[i]!;
      const rel = Math.abs(fd - ad) / Math.max(Math.abs(fd), Math.abs(ad), floor);
      checked++;
      if (rel > maxRelError) {
        maxRelError = rel;
        worst = `${v.name}[${i}]: fd ${fd}, autodiff ${ad}`;
      }
    }
  }
  return { maxRelError, worst, checked };
}
