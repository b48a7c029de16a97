// Memory per device of an SPMD plan (memory.ts, docs/cost-model.md §2), the same on every device because every
// shard is even: model states on the shards the specs give (ZeRO follows from the specs), the activations
// the backward pass reads, and the largest op's working set; a forward-only step (inference) keeps the
// parameters and the working set only. The capacity check names the worst device and the overflow.
import {
  capacityCheck,
  memoryBreakdown,
  modelStateBytes,
  peakTransientBytes,
  residentValues,
  savedForBackward,
  valuesBytes,
  type TrainingPrecision,
} from '../../sim/cost/memory.ts';
import type { SpmdPlan } from '../../sim/spmd/partition.ts';
import type { MemoryReport } from '../evaluation.ts';

/** Every device id of a mesh of `n` devices. */
export const allDevices = (n: number): number[] => Array.from({ length: n }, (_, d) => d);

/** The memory report of `plan` on fridges of `capacityBytes`. */
export function spmdMemory(
  plan: SpmdPlan,
  precision: TrainingPrecision,
  step: 'train' | 'forward',
  capacityBytes: number,
): MemoryReport {
  const state = modelStateBytes(plan, precision);
  const train = step === 'train';
  const saved = train ? savedForBackward(plan) : [];
  const bytes = memoryBreakdown({
    params: state.params,
    grads: train ? state.grads : 0,
    optimizer: train ? state.optimizer : 0,
    activations: valuesBytes(plan, saved),
    temporaries: peakTransientBytes(plan, residentValues(plan, saved)),
  });
  const devices = allDevices(plan.mesh.deviceCount);
  const check = capacityCheck(
    devices.map(() => bytes.total),
    devices,
    capacityBytes,
  );
  return {
    worst: bytes,
    worstDevice: check.worstDevice,
    capacityBytes,
    fits: check.fits,
    overflowBytes: check.overflowBytes,
    groups: [{ devices, bytes }],
  };
}
