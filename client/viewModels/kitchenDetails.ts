// The local view of one kitchen (docs/design.md §5.3 "one kitchen: its portions, fridge contents, its passes"):
// the block of every dish it holds with the local shape, its memory group's breakdown against the fridge,
// where its stove's step goes (its timeline lane), and the passes it takes part in. Pure.
import {
  blockIndex,
  kitchenShares,
  type CollectiveCost,
  type Evaluation,
  type Level,
  type MemoryGroup,
  type Mesh,
  type StepShares,
} from '../../shared/index.ts';
import { fridgeGauge, type FridgeGauge } from './fridgeGauge.ts';
import { parseSpecText } from './specText.ts';
import { laneTracks } from './timelineTracks.ts';

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
  /** This kitchen's step shares (stepShares.ts: the same figures the serve report and the dynamic view show). */
  readonly stove: StepShares;
  readonly passes: readonly CollectiveCost[];
  /** Sends to another pipeline stage (each an event of the timeline). */
  readonly sends: number;
  /**
   * Times the stove waited for a dish still on the wire (pipelineSimulation.ts: a 'recv' event is that wait;
   * a receive whose dish had arrived costs nothing and leaves no event), so not the number of receives.
   */
  readonly recvWaits: number;
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
  const events = track?.main ?? [];
  return {
    deviceId,
    portions,
    memory: group?.bytes,
    capacityBytes: memory.capacityBytes,
    gauge: group ? fridgeGauge(group.bytes, memory.capacityBytes) : undefined,
    stove: kitchenShares(evaluation, deviceId),
    // A pipeline stage's kitchens run their stage's passes, every kitchen of an SPMD plan the same ones; a
    // priced pass names the axes it runs over.
    passes: (
      evaluation.pricing.passGroups?.find((g) => g.devices.includes(deviceId))?.collectives ??
      evaluation.pricing.collectives
    ).filter((c) => c.axes.every((a) => mesh.axes.some((m) => m.name === a && m.size > 1))),
    sends: events.filter((e) => e.kind === 'send').length,
    recvWaits: events.filter((e) => e.kind === 'recv').length,
  };
}

/** A shape as text: [8, 128] → '8×128', [] → 'scalar'. */
export const shapeText = (shape: readonly number[]): string => (shape.length === 0 ? '()' : shape.join('×'));
