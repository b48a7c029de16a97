// One step of a partitioned (SPMD) program on one device, from its priced ops and collectives
// (pricePlan.ts), in program order: each op on the stove, each activation / parameter / update collective
// through a window while the stove waits (on the critical path), and the data-parallel gradient reduction
// queued behind the backward pass as gradientOverlap.ts models it — a reduction starts when its gradient is
// ready and the one before it is done; what runs past the backward pass is exposed.
//   step = T_forward + T_backward + exposed gradient reduction + T_update      (train)
//   step = T_forward                                                          (forward only: latency)
// Every device of an SPMD plan runs the same step, so one lane stands for all of them.
import { exposedReductionS } from '../../sim/cost/gradientOverlap.ts';
import type { PlanPrice, PricedCollective } from '../../sim/cost/pricePlan.ts';
import type { Phase, ValueId } from '../../sim/program/ir.ts';
import type { SpmdPlan } from '../../sim/spmd/partition.ts';
import type { CollectiveCost, StepEvent } from '../evaluation.ts';
import { eventPass, passKind, type EventPass } from '../passNames.ts';

/** The step's time on one device, its parts and its events. */
export interface DeviceStep {
  readonly stepS: number;
  readonly computeS: number;
  /** Communication the stove waits for. */
  readonly exposedCommS: number;
  /** All communication, overlapped included. */
  readonly commTotalS: number;
  readonly events: readonly StepEvent[];
  readonly collectives: readonly CollectiveCost[];
  /** Matmul FLOPs this device runs in the step. */
  readonly matmulFlops: number;
}

/** 'all-reduce pred over model'. */
export const collectiveLabel = (kind: string, tensor: string, axes: readonly string[]): string =>
  `${kind} ${tensor} over ${axes.join('+')}`;

/** The exposed tail of several gradient reductions: their one kind, if they share one, over all their axes. */
function exposedPass(
  reductions: readonly { readonly kind: string; readonly axes: readonly string[] }[],
): EventPass {
  const kinds = new Set(reductions.map((c) => passKind(c.kind)));
  const axes = [...new Set(reductions.flatMap((c) => c.axes))];
  return eventPass(kinds.size === 1 ? reductions[0]!.kind : undefined, axes);
}

/** Appends compute to the events, merging it with a compute event of the same kind that ends where it starts. */
function addCompute(events: StepEvent[], kind: StepEvent['kind'], startS: number, endS: number): void {
  if (endS <= startS) return;
  const last = events[events.length - 1];
  if (last !== undefined && last.kind === kind && last.endS === startS && !last.overlapped)
    events[events.length - 1] = { ...last, endS };
  else events.push({ kind, startS, endS });
}

/** Prices one step of `plan` from `price`. */
export function spmdStep(plan: SpmdPlan, price: PlanPrice, step: 'train' | 'forward'): DeviceStep {
  const values = plan.program.values;
  const phases: readonly Phase[] = step === 'train' ? ['forward', 'backward', 'update'] : ['forward'];
  const included = (p: Phase) => phases.includes(p);
  const name = (id: ValueId) => values[id]!.name;
  const inline = price.collectives.filter((c) => c.role !== 'gradient' && included(c.phase));
  // gradientReadyS holds one entry per gradient collective, in collectives order.
  const gradients = price.collectives
    .filter((c) => c.role === 'gradient')
    .map((c, k) => ({ c, readyS: price.gradientReadyS[k] ?? 0 }));
  const before = new Map<ValueId, PricedCollective[]>();
  const after = new Map<ValueId, PricedCollective[]>();
  for (const c of inline) {
    const m = c.place === 'operand' ? before : after;
    m.set(c.at, [...(m.get(c.at) ?? []), c]);
  }

  const events: StepEvent[] = [];
  let clock = 0;
  let computeS = 0;
  let exposedCommS = 0;
  let matmulFlops = 0;
  const pass = (c: PricedCollective) => {
    if (c.timeS <= 0) return;
    events.push({
      kind: 'collective',
      startS: clock,
      endS: clock + c.timeS,
      label: collectiveLabel(c.kind, name(c.value), c.axes),
      pass: eventPass(c.kind, c.axes),
    });
    clock += c.timeS;
    exposedCommS += c.timeS;
  };
  let backwardStart: number | undefined;
  let reductionsDone = step === 'forward';
  const reduce = () => {
    // The gradient reductions, queued behind the backward pass that ends at `clock`.
    reductionsDone = true;
    const start = backwardStart ?? clock;
    const items = gradients.map((g) => ({ readyS: g.readyS, durationS: g.c.timeS }));
    let end = 0;
    for (const g of [...gradients].sort((a, b) => a.readyS - b.readyS)) {
      const s = Math.max(end, g.readyS);
      end = s + g.c.timeS;
      if (g.c.timeS > 0)
        events.push({
          kind: 'collective',
          startS: start + s,
          endS: start + end,
          label: collectiveLabel(g.c.kind, name(g.c.value), g.c.axes),
          pass: eventPass(g.c.kind, g.c.axes),
          overlapped: true,
        });
    }
    const exposed = exposedReductionS(items, clock - start);
    if (exposed > 0)
      events.push({
        kind: 'collective',
        startS: clock,
        endS: clock + exposed,
        label: 'gradient reduction (exposed part)',
        pass: exposedPass(gradients.map((g) => g.c)),
      });
    clock += exposed;
    exposedCommS += exposed;
  };
  for (const op of price.ops) {
    if (!included(op.phase)) continue;
    if (op.phase === 'backward' && backwardStart === undefined) backwardStart = clock;
    if (op.phase === 'update' && !reductionsDone) reduce();
    for (const c of before.get(op.value) ?? []) pass(c);
    addCompute(events, op.phase, clock, clock + op.timeS);
    clock += op.timeS;
    computeS += op.timeS;
    if (op.kind === 'matmul') matmulFlops += op.flops;
    for (const c of after.get(op.value) ?? []) pass(c);
  }
  if (!reductionsDone) reduce();
  const collectives: CollectiveCost[] = price.collectives
    .filter((c) => included(c.phase) && (c.timeS > 0 || c.bytesPerDevice > 0))
    .map((c) => ({
      kind: c.kind,
      axes: [...c.axes],
      tensor: name(c.value),
      phase: c.phase,
      role: c.role,
      link: c.link,
      bytesPerDevice: c.bytesPerDevice,
      timeS: c.timeS,
      perStep: 1,
      overlapped: c.role === 'gradient',
    }));
  const commTotalS = collectives.reduce((s, c) => s + c.timeS, 0);
  events.sort((a, b) => a.startS - b.startS);
  return { stepS: clock, computeS, exposedCommS, commTotalS, events, collectives, matmulFlops };
}
