// The order in which one device of a pipeline runs its tasks under each schedule (pipelineSimulation.ts
// simulates the queues): GPipe all forwards then all backwards; 1F1B (PipeDream-Flush) warm-up forwards,
// one forward / one backward, drain; Megatron's interleaved schedule over m·v chunk-microbatches.
import type { PipelineSchedule } from './pipelineSimulation.ts';

/** Task queue of one device; task = (microbatch·v + chunk)·2 + (1 if backward). */
export function deviceOrder(
  schedule: PipelineSchedule,
  p: number,
  m: number,
  v: number,
  d: number,
): Int32Array {
  const total = m * v;
  const order = new Int32Array(2 * total);
  let n = 0;
  const fwd = (j: number, c: number) => (order[n++] = (j * v + c) * 2);
  const bwd = (j: number, c: number) => (order[n++] = (j * v + c) * 2 + 1);
  if (schedule === 'gpipe') {
    for (let j = 0; j < m; j++) fwd(j, 0);
    for (let j = 0; j < m; j++) bwd(j, 0);
    return order;
  }
  // k-th forward / backward of this device: microbatch ⌊k/(pv)⌋·p + k mod p, chunk from ⌊k/p⌋ mod v.
  const mb = (k: number) => Math.floor(k / (p * v)) * p + (k % p);
  const chunkF = (k: number) => Math.floor(k / p) % v;
  const warmup =
    schedule === '1f1b'
      ? Math.min(p - d - 1, m)
      : m === p
        ? total
        : Math.min(2 * (p - d - 1) + (v - 1) * p, total);
  // With v = 1, mb(k) = k and chunkF(k) = 0, so the same loop serves 1F1B.
  for (let k = 0; k < warmup; k++) fwd(mb(k), chunkF(k));
  for (let k = 0; k < total - warmup; k++) {
    fwd(mb(warmup + k), chunkF(warmup + k));
    bwd(mb(k), v - 1 - chunkF(k));
  }
  for (let k = total - warmup; k < total; k++) bwd(mb(k), v - 1 - chunkF(k));
  return order;
}
