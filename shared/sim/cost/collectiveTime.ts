// Time of one collective in the α–β model (docs/cost-model.md §4): a ring of n devices takes a number of steps,
// each costing α (the link's latency), and moves a fixed share of the bytes at the link's one-way bandwidth B.
// S is always the size of the full array in the group (the all-reduced array, the gathered result, the
// scattered input, the whole all-to-all operand):
//   all-reduce       2(n−1)α + 2(n−1)/n · S/B       (ring reduce-scatter, then ring all-gather)
//   all-gather       (n−1)α  + (n−1)/n · S/B
//   reduce-scatter   (n−1)α  + (n−1)/n · S/B
//   all-to-all       (n−1)α  + (n−1)/n · (S/n)/B    switched fabric: each device sends n−1 blocks of S/n²
//                    (n−1)α  + ⌊n²/4⌋/n² · S/B      torus ring: blocks travel min(d, n−d) hops, both ways
//   point-to-point   α + S/B                          (S = bytes sent)
// All-to-all: nccl-tests' (n−1)/n factor applies to the per-rank buffer (S/n here); on a TPU torus the ring
// form tends to the scaling book's V/(4·W_bidi) (docs/jax-semantics.md §2.3), and equals the switched form at n = 2.
// Several mesh axes: one ring over all n = Π|axis| devices, stepping at the slowest link among the axes
// (least bytesPerS, largest α). Ring steps run in lockstep, so a ring that crosses a node boundary anywhere
// moves at the inter-node rate on every step — what NCCL's ring does across nodes. This is conservative next
// to the scaling book's TPU rule that gathering over k torus axes uses k× the links (docs/jax-semantics.md §2.3).
// An all-to-all is no ring: NCCL runs it as one group of sends and receives to every peer, which "progress
// independently" (NCCL user guide, "Point-to-point communication"), so a device's blocks to the m − 1 peers
// on its own node go over the node's link while the n − m others go over the inter-node link, at once:
//   all-to-all over nodes   (n−1)α + max((m−1)/B_intra, (n−m)/B_inter) · S/n²     (both links switched)
// m = devices of the group on one node (AxisLink.nodeMembers, multiplied over the axes). With m = 1 or m = n
// it is the switched form above.
import type { AxisLink, LinkSpec } from './hardware.ts';

/** How a group's devices share nodes: `members` on each node, joined by the node's own `intra` link. */
export interface NodeSplit {
  readonly members: number;
  readonly intra: LinkSpec;
}

/** The collectives the cost model prices (a collective-permute is priced as point-to-point). */
export type PricedCollectiveKind =
  'all-reduce' | 'all-gather' | 'reduce-scatter' | 'all-to-all' | 'point-to-point';

function checkGroup(n: number, bytes: number): void {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`group size must be a positive integer, got ${n}`);
  if (!(bytes >= 0) || !Number.isFinite(bytes))
    throw new RangeError(`bytes must be finite and non-negative, got ${bytes}`);
}

/**
 * Seconds for one `kind` collective over a ring of `n` devices on `link`, for an array of `bytes` (the full
 * array in the group; for point-to-point the bytes sent). A group of one device communicates nothing.
 * `split` (a group over several nodes) only changes an all-to-all on switched links.
 * @example ringCollectiveTimeS('all-reduce', 8, 1e9, { bytesPerS: 300e9, latencyS: 3.4e-6 }) // ≈ 5.881e-3
 */
export function ringCollectiveTimeS(
  kind: PricedCollectiveKind,
  n: number,
  bytes: number,
  link: LinkSpec,
  split?: NodeSplit,
): number {
  checkGroup(n, bytes);
  const alpha = link.latencyS;
  const beta = 1 / link.bytesPerS; // seconds per byte
  if (kind === 'point-to-point') return alpha + bytes * beta;
  if (n === 1) return 0;
  const share = (n - 1) / n;
  switch (kind) {
    case 'all-reduce':
      return 2 * (n - 1) * alpha + 2 * share * bytes * beta;
    case 'all-gather':
    case 'reduce-scatter':
      return (n - 1) * alpha + share * bytes * beta;
    case 'all-to-all': {
      if (link.topology === 'torus')
        return (n - 1) * alpha + (Math.floor((n * n) / 4) / (n * n)) * bytes * beta;
      const block = bytes / (n * n); // what a device sends each peer
      if (split === undefined || split.intra.topology === 'torus' || split.members <= 1)
        return (n - 1) * alpha + (n - 1) * block * beta;
      const m = Math.min(split.members, n);
      return (n - 1) * alpha + Math.max(((m - 1) * block) / split.intra.bytesPerS, (n - m) * block * beta);
    }
  }
}

/**
 * The ring a collective over `axes` runs on: n = product of their sizes, the least bandwidth and the
 * largest latency among them, torus if any axis is a torus; and, for a group over several nodes, how it
 * splits (members per node: the product of the axes' `nodeMembers`, exact where node boundaries fall on
 * the mesh's row-major blocks, as they do for power-of-two sizes). Throws on an axis missing from `links`.
 */
export function combinedAxesLink(
  links: readonly AxisLink[],
  axes: readonly string[],
): {
  readonly groupSize: number;
  readonly link: LinkSpec;
  /** Devices of a group on one node: groupSize inside a node, 1 with one device per node. */
  readonly nodeMembers: number;
  readonly split?: NodeSplit;
} {
  let groupSize = 1;
  let bytesPerS = Infinity;
  let latencyS = 0;
  let torus = false;
  let members = 1;
  let intra: LinkSpec | undefined;
  for (const name of axes) {
    const axis = links.find((l) => l.axis === name);
    if (axis === undefined) throw new RangeError(`axis '${name}' is not in the mesh`);
    groupSize *= axis.size;
    if (axis.size === 1) continue; // a size-1 axis adds no hop
    bytesPerS = Math.min(bytesPerS, axis.bytesPerS);
    latencyS = Math.max(latencyS, axis.latencyS);
    torus ||= axis.topology === 'torus';
    members *= axis.nodeMembers;
    intra = axis.intraNode;
  }
  const link: LinkSpec = { bytesPerS, latencyS, topology: torus ? 'torus' : 'switched' };
  return members > 1 && members < groupSize && intra !== undefined
    ? { groupSize, link, nodeMembers: members, split: { members, intra } }
    : { groupSize, link, nodeMembers: members };
}

/**
 * Seconds for a collective over the named mesh axes (`links` from `meshAxisLinks`), `bytes` being the full
 * array in each group. Every group runs at once on its own devices, so this is also the step's cost.
 * @example collectiveTimeOnAxesS('all-gather', meshAxisLinks(mesh, a100), ['model'], 2 * 12288 * 2048)
 */
export function collectiveTimeOnAxesS(
  kind: Exclude<PricedCollectiveKind, 'point-to-point'>,
  links: readonly AxisLink[],
  axes: readonly string[],
  bytes: number,
): number {
  const { groupSize, link, split } = combinedAxesLink(links, axes);
  return ringCollectiveTimeS(kind, groupSize, bytes, link, split);
}

/**
 * nccl-tests `doc/PERFORMANCE.md` bus-bandwidth factor: busbw = algbw · factor, algbw = size / time.
 * all-reduce 2(n−1)/n; all-gather, reduce-scatter, all-to-all (n−1)/n; send/recv 1. With α = 0 a ring
 * collective runs exactly at busbw = B. (For all-to-all nccl-tests' size is the per-rank buffer.)
 */
export function busBandwidthFactor(kind: PricedCollectiveKind, n: number): number {
  checkGroup(n, 0);
  switch (kind) {
    case 'all-reduce':
      return (2 * (n - 1)) / n;
    case 'all-gather':
    case 'reduce-scatter':
    case 'all-to-all':
      return (n - 1) / n;
    case 'point-to-point':
      return 1;
  }
}
