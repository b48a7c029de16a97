// Communication schedules shared by every collective: the ring all-gather and ring reduce-scatter of
// Patarasuk & Yuan 2009 (all-reduce = reduce-scatter then all-gather), a pairwise all-to-all and a one-round
// permute. They act on per-device buffers, group by group; all groups run each round together. Costs for a
// group of n devices and a local buffer of L elements, per device (docs/jax-semantics.md §2.3, unidirectional ring):
//   all-gather     (n − 1) rounds, sends (n − 1)·L          (L = the contributed chunk)
//   reduce-scatter (n − 1) rounds, sends (n − 1)·L/n
//   all-reduce     2(n − 1) rounds, sends 2(n − 1)·L/n
//   all-to-all     (n − 1) rounds, sends (n − 1)·L/n
// Every buffer that changes devices goes through `transfer`, so a device only ever holds what it received.
import { copyFloat32, newFloat32 } from '../tensor/arena.ts';
import { transfer, type Ledger } from './ledger.ts';

/** Device ids of each group, by position (see groups.ts). */
export type Groups = readonly (readonly number[])[];
export type ReduceOp = 'sum' | 'max';

function combine(op: ReduceOp, mine: Float32Array, received: Float32Array): Float32Array {
  if (op === 'sum') for (let i = 0; i < received.length; i++) received[i] = mine[i]! + received[i]!;
  else for (let i = 0; i < received.length; i++) received[i] = Math.max(mine[i]!, received[i]!);
  return received;
}

const ringSize = (groups: Groups): number => groups[0]?.length ?? 1;

/**
 * Ring all-gather: in round s (0 ≤ s < n−1) the device at position p forwards the chunk of position
 * (p − s) mod n to position p + 1. Returns, per device id, the chunks of all positions in position order.
 * @example ringAllGather(deviceGroups(mesh, ['x']), shards, ledger)[0] // device 0's copy of every shard
 */
export function ringAllGather(
  groups: Groups,
  own: readonly Float32Array[],
  ledger: Ledger,
): Float32Array[][] {
  const n = ringSize(groups);
  const have: Float32Array[][] = own.map(() => new Array<Float32Array>(n));
  for (const group of groups) group.forEach((d, p) => (have[d]![p] = own[d]!));
  for (let s = 0; s < n - 1; s++) {
    // Send everything of the round before anyone receives: the round is synchronous.
    const sent = groups.flatMap((group) =>
      group.map((d, p) => {
        const c = (p - s + n) % n;
        const to = group[(p + 1) % n]!;
        return { to, c, data: transfer(ledger, d, to, have[d]![c]!) };
      }),
    );
    for (const { to, c, data } of sent) have[to]![c] = data;
    ledger.steps++;
  }
  return have;
}

/**
 * Ring reduce-scatter: every device holds n chunks (`chunks[device][position]`); in round s the device at
 * position p sends its running reduction of chunk (p − s − 1) mod n to position p + 1, which folds in its
 * own. After n − 1 rounds position p holds chunk p reduced over the group. Returns it per device id.
 * @example ringReduceScatter(groups, shards.map((s) => split4(s)), 'sum', ledger)
 */
export function ringReduceScatter(
  groups: Groups,
  chunks: readonly (readonly Float32Array[])[],
  op: ReduceOp,
  ledger: Ledger,
): Float32Array[] {
  const n = ringSize(groups);
  const acc: Float32Array[][] = chunks.map((cs) => [...cs]);
  for (let s = 0; s < n - 1; s++) {
    const sent = groups.flatMap((group) =>
      group.map((d, p) => {
        const c = (p - s - 1 + 2 * n) % n;
        const to = group[(p + 1) % n]!;
        return { to, c, data: transfer(ledger, d, to, acc[d]![c]!) };
      }),
    );
    for (const { to, c, data } of sent) acc[to]![c] = combine(op, acc[to]![c]!, data);
    ledger.steps++;
  }
  const out = new Array<Float32Array>(chunks.length);
  for (const group of groups) group.forEach((d, p) => (out[d] = copyFloat32(acc[d]![p]!)));
  return out;
}

/**
 * Ring all-reduce of whole buffers: each is cut into n contiguous pieces (sizes ⌊L/n⌋ or ⌈L/n⌉),
 * reduce-scattered, then all-gathered. Returns the reduced buffer per device id.
 * @example ringAllReduce(deviceGroups(mesh, ['x']), partials, 'sum', ledger)
 */
export function ringAllReduce(
  groups: Groups,
  buffers: readonly Float32Array[],
  op: ReduceOp,
  ledger: Ledger,
): Float32Array[] {
  const n = ringSize(groups);
  const pieces = buffers.map((b) =>
    Array.from({ length: n }, (_, i) =>
      b.subarray(Math.floor((i * b.length) / n), Math.floor(((i + 1) * b.length) / n)),
    ),
  );
  const reduced = ringReduceScatter(groups, pieces, op, ledger);
  // The results sit back to back in one buffer, in device order (see deviceMajor.ts).
  const all = newFloat32(
    buffers.reduce((total, b) => total + b.length, 0),
    false,
  );
  let at = 0;
  return ringAllGather(groups, reduced, ledger).map((parts, d) => {
    const out = all.subarray(at, (at += buffers[d]!.length));
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  });
}

/**
 * Pairwise all-to-all: `chunks[device][j]` is meant for position j. In round k (1 ≤ k < n) position p sends
 * to position (p + k) mod n. Returns, per device id, the chunks received by source position (its own at p).
 * @example pairwiseAllToAll(groups, shards.map((s) => splitAlongDim(s)), ledger)
 */
export function pairwiseAllToAll(
  groups: Groups,
  chunks: readonly (readonly Float32Array[])[],
  ledger: Ledger,
): Float32Array[][] {
  const n = ringSize(groups);
  const received: Float32Array[][] = chunks.map(() => new Array<Float32Array>(n));
  for (const group of groups) group.forEach((d, p) => (received[d]![p] = chunks[d]![p]!));
  for (let k = 1; k < n; k++) {
    for (const group of groups)
      group.forEach((d, p) => {
        const q = (p + k) % n;
        const to = group[q]!;
        received[to]![p] = transfer(ledger, d, to, chunks[d]![q]!);
      });
    ledger.steps++;
  }
  return received;
}

/**
 * One round of point-to-point sends (collective-permute): `moves` pairs a source device with a
 * destination; each destination receives at most once. A source sends its whole buffer, or `payload(from,
 * to)` (a slice of it, when the target blocks refine the source's). Returns what each destination received.
 * @example permuteOnce([[0, 1], [1, 0]], shards, ledger) // swap devices 0 and 1
 */
export function permuteOnce(
  moves: readonly (readonly [from: number, to: number])[],
  buffers: readonly Float32Array[],
  ledger: Ledger,
  payload: (from: number, to: number) => Float32Array = (from) => buffers[from]!,
): (Float32Array | undefined)[] {
  const received = new Array<Float32Array | undefined>(buffers.length).fill(undefined);
  for (const [from, to] of moves) {
    if (received[to] !== undefined) throw new RangeError(`device ${to} would receive twice in one permute`);
    received[to] = transfer(ledger, from, to, payload(from, to));
  }
  if (moves.some(([from, to]) => from !== to)) ledger.steps++;
  return received;
}
