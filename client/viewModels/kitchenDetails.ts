// The local view of one kitchen (docs/design.md §5.3 "one kitchen: its portions, fridge contents, its passes"):
// the block of every dish it holds with the local shape, its memory group's breakdown against the fridge,
// where its stove's step goes (its timeline lane), and the passes it takes part in. Pure.
import {
  blockIndex,
  type CollectiveCost,
  type Evaluation,
  type Level,
  type MemoryGroup,
  type Mesh,
} from '../../shared/index.ts';
import { fridgeGauge, type FridgeGauge } from './fridgeGauge.ts';
import { parseSpecText } from './specText.ts';
import { laneTracks, stoveShare } from './timelineTracks.ts';

export interface Portion {
  readonly name: string;
  readonly shape: readonly number[];
  readonly localShape: readonly number[];
  /** The block index per dimension and the blocks per dimension; null when the kitchen holds it whole. */
  readonly block: { readonly index: readonly number[]; readonly of: readonly number[] } | null;
}

export interface KitchenDetails {
  readonly deviceId: number;
  readonly portions: readonly Portion[];
  readonly memory: MemoryGroup['bytes'] | undefined;
  readonly capacityBytes: number;
  readonly gauge: FridgeGauge | undefined;
  /** Fractions of the step: cooking, passing, idle. */
  readonly stove: { readonly cook: number; readonly pass: number; readonly idle: number };
  readonly passes: readonly CollectiveCost[];
  readonly sends: number;
  readonly recvs: number;
}

export function kitchenDetails(
  level: Level,
  evaluation: Evaluation,
  mesh: Mesh,
  deviceId: number,
): KitchenDetails {
  if (!Number.isInteger(deviceId) || deviceId < 0 || deviceId >= mesh.deviceCount)
    throw new Error(`kitchenDetails: no kitchen ${deviceId} in a grid of ${mesh.deviceCount}`);
  const tensors = new Map((evaluation.tasting?.tensors ?? []).map((t) => [t.name, t]));
  const portions = level.limits.tensors.flatMap((name): Portion[] => {
    const t = tensors.get(name);
    if (!t) return [];
    const sharding = parseSpecText(t.spec, t.shape.length);
    if (!sharding.ok) throw new Error(sharding.error.message);
    const of = t.shape.map((n, d) => n / t.localShape[d]!);
    const whole = of.every((k) => k === 1);
    return [
      {
        name,
        shape: t.shape,
        localShape: t.localShape,
        block: whole ? null : { index: blockIndex(mesh, sharding.value, deviceId), of },
      },
    ];
  });
  const { memory } = evaluation.pricing;
  const group = memory.groups.find((g) => g.devices.includes(deviceId));
  const track = laneTracks(evaluation.timeline).find((l) => l.devices.includes(deviceId));
  const seconds = track ? stoveShare(track) : { cook: 0, pass: 0, idle: 0 };
  const stepS = evaluation.timeline.stepS;
  const events = track?.main ?? [];
  return {
    deviceId,
    portions,
    memory: group?.bytes,
    capacityBytes: memory.capacityBytes,
    gauge: group ? fridgeGauge(group.bytes, memory.capacityBytes) : undefined,
    stove: {
      cook: stepS > 0 ? seconds.cook / stepS : 0,
      pass: stepS > 0 ? seconds.pass / stepS : 0,
      idle: stepS > 0 ? seconds.idle / stepS : 0,
    },
    // Every kitchen of an SPMD plan runs the same passes; a priced pass names the axes it runs over.
    passes: evaluation.pricing.collectives.filter((c) =>
      c.axes.every((a) => mesh.axes.some((m) => m.name === a && m.size > 1)),
    ),
    sends: events.filter((e) => e.kind === 'send').length,
    recvs: events.filter((e) => e.kind === 'recv').length,
  };
}

/** A shape as text: [8, 128] → '8×128', [] → 'scalar'. */
export const shapeText = (shape: readonly number[]): string => (shape.length === 0 ? '()' : shape.join('×'));
