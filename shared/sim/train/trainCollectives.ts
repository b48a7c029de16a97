// The collectives of a priced step, as the report lists them (issue: "each collective's time, bytes per
// link"): every collective of the layer and of the output layer with how often the critical device runs
// it per step — forward ones once per microbatch (twice with full recompute, except ZeRO-3's gathers of
// weights the backward re-gathers), backward ones once per microbatch, the gradient reduction once per step
// (once per microbatch under ZeRO-2/3, gradientReductions.ts) and the optimizer's once per step — and the
// bytes that device sends per step on each kind of link, pipeline sends included.
import type { PricedCollective } from '../cost/pricePlan.ts';
import { regatheredParameters } from './blockCost.ts';
import { reducesEveryMicrobatch } from './gradientReductions.ts';
import type { TrainSimulation } from './simulateTrain.ts';
import { deviceLayers } from './stageLayers.ts';

/** One collective of a block, with what it costs the critical device per step. */
export interface CollectiveLine {
  readonly block: 'layer' | 'output' | 'experts';
  /** The value whose data moves (`attn_pre_raw`, `grad/w1`, …), `tensor` as `sim shard` and `export` say. */
  readonly tensor: string;
  readonly kind: PricedCollective['kind'];
  readonly axes: readonly string[];
  readonly phase: PricedCollective['phase'];
  readonly role: PricedCollective['role'];
  readonly link: 'intra' | 'inter';
  /** Bytes one device sends each time it runs. */
  readonly bytesPerDevice: number;
  /** Seconds each time it runs. */
  readonly timeS: number;
  /** How many times the critical device runs it per step (its layers × microbatches, …). */
  readonly perStep: number;
}

/**
 * The collectives of one pipeline stage's blocks (the critical device's unless `stage` is given), with how
 * often that stage's devices run them, and the bytes they send per step on each link.
 */
export function stepCollectives(
  sim: TrainSimulation,
  stage: number = sim.criticalStage,
): {
  readonly collectives: CollectiveLine[];
  readonly bytesPerLinkPerStep: { readonly intra: number; readonly inter: number };
} {
  const { request: req, blocks, microbatches: m } = sim;
  const d = stage;
  const { pp: p, virtualStages: v, recompute, tp, microBatch, sequenceParallel } = req.parallel;
  const K = p * v;
  const layersOnDevice = deviceLayers(sim.stageLayers, p, d);
  const ownsOutput = d === p - 1;
  // A forward gather of a parameter the backward re-gathers runs once per microbatch under full recompute
  // too: the recompute's gathered copy is the backward's (blockCost.ts `regatheredParameters`).
  const gradientRuns = reducesEveryMicrobatch(req.parallel.zeroStage, m) ? m : 1;
  const count = (c: Pick<PricedCollective, 'role' | 'phase'>, regathered = false) =>
    c.role === 'update'
      ? 1
      : c.role === 'gradient'
        ? gradientRuns
        : c.phase === 'forward' && recompute === 'full' && !regathered
          ? 2 * m
          : m;
  const line = (
    block: CollectiveLine['block'],
    tensor: string,
    c: Omit<CollectiveLine, 'block' | 'tensor' | 'perStep'>,
    perStep: number,
  ): CollectiveLine => ({
    block,
    tensor,
    kind: c.kind,
    axes: c.axes,
    phase: c.phase,
    role: c.role,
    link: c.link,
    bytesPerDevice: c.bytesPerDevice,
    timeS: c.timeS,
    perStep,
  });
  const lines = (block: 'layer' | 'output', copies: number): CollectiveLine[] => {
    const b = block === 'layer' ? blocks.layer : blocks.output;
    const names = b.plan.program.values;
    const regathered = regatheredParameters(b.price.collectives);
    return b.price.collectives
      .filter((c) => c.timeS > 0 && c.bytesPerDevice > 0)
      .map((c) =>
        line(
          block,
          names[c.value]!.name,
          c,
          copies *
            (block === 'output' && c.phase === 'forward'
              ? m
              : count(c, c.role === 'parameter' && regathered.has(c.value))),
        ),
      );
  };
  // The experts' passes (moeBlock.ts): activations once per microbatch (twice forward with full recompute).
  const expertLines = (blocks.experts?.passes ?? []).map((c) =>
    line('experts', c.name, c, layersOnDevice * count(c)),
  );
  const collectives = [
    ...lines('layer', layersOnDevice),
    ...expertLines,
    ...(ownsOutput ? lines('output', 1) : []),
  ];
  const bytes = { intra: 0, inter: 0 };
  for (const c of collectives) bytes[c.link] += c.perStep * c.bytesPerDevice;
  if (p > 1) {
    let sends = 0;
    for (let c = 0; c < v; c++) {
      const k = c * p + d;
      sends += (k < K - 1 ? m : 0) + (k > 0 ? m : 0);
    }
    const stage = blocks.ctx.links.find((l) => l.axis === 'stage')!;
    const full = microBatch * req.model.seq * req.model.hidden * (req.precision === 'fp32' ? 4 : 2);
    const split = sequenceParallel || (tp > 1 && stage.link === 'inter');
    bytes[stage.link] += sends * (split ? full / tp : full);
  }
  return { collectives, bytesPerLinkPerStep: bytes };
}
