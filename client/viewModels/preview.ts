// The live preview of an evaluation as figures ready to print: memory per group of equally loaded kitchens
// against the fridge, step time, tokens/s, stars now, the tasting's verdict and the passes. Pure.
import { formatBytes, formatGb, formatRate, formatSeconds, type Evaluation } from '../../shared/index.ts';
import { fridgeGauge, type FridgeGauge } from './fridgeGauge.ts';

export interface MemoryRow {
  /** Device ids as text: '0–3' or '0, 2'. */
  readonly kitchens: string;
  readonly used: string;
  readonly capacity: string;
  /** How much too much, or null when it fits. */
  readonly over: string | null;
  readonly gauge: FridgeGauge;
}

export interface PassRow {
  readonly kind: string;
  readonly tensor: string;
  readonly axes: string;
  readonly phase: string;
  readonly bytes: string;
  readonly time: string;
}

export interface Preview {
  readonly memory: readonly MemoryRow[];
  readonly step: string;
  readonly rate: string;
  /** What the rate counts: sequence positions, or whole examples (an MLP's rows, a recommender's requests). */
  readonly unit: 'tokens' | 'examples';
  readonly stars: 0 | 1 | 2 | 3;
  /** null when the level is priced only. */
  readonly tasting: { readonly ok: boolean; readonly wrong: string; readonly devices: string } | null;
  readonly passes: readonly PassRow[];
}

export function preview(evaluation: Evaluation): Preview {
  const { pricing, tasting } = evaluation;
  const capacity = pricing.memory.capacityBytes;
  const worstDevices = [...new Set((tasting?.outputs ?? []).flatMap((o) => (o.ok ? [] : o.worstDevices)))];
  return {
    memory: pricing.memory.groups.map((g) => ({
      kitchens: deviceList(g.devices),
      used: formatGb(g.bytes.total),
      capacity: formatGb(capacity),
      over: g.bytes.total > capacity ? formatGb(g.bytes.total - capacity) : null,
      gauge: fridgeGauge(g.bytes, capacity),
    })),
    step: formatSeconds(pricing.stepS),
    rate: formatRate(pricing.tokensPerS),
    unit: pricing.throughputUnit,
    stars: evaluation.stars,
    tasting:
      tasting === null
        ? null
        : { ok: tasting.ok, wrong: tasting.wrong.join(', '), devices: deviceList(worstDevices) },
    passes: pricing.collectives.map((c) => ({
      kind: c.kind,
      tensor: c.tensor,
      axes: c.axes.map((a) => `'${a}'`).join(', '),
      phase: c.phase,
      bytes: formatBytes(c.bytesPerDevice),
      time: formatSeconds(c.timeS) + (c.perStep > 1 ? ` ×${c.perStep}` : ''),
    })),
  };
}

/** Sorted ids, runs of consecutive ids as 'a–b'. */
export function deviceList(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
