import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  busBandwidthFactor,
  collectiveTimeOnAxesS,
  combinedAxesLink,
  ringCollectiveTimeS,
  type PricedCollectiveKind,
} from '../../../../shared/sim/cost/collectiveTime.ts';
import { HARDWARE_PRESETS, meshAxisLinks, type LinkSpec } from '../../../../shared/sim/cost/hardware.ts';
import { makeMesh } from '../../../../shared/sim/mesh.ts';
import { unwrap } from '../../../../shared/sim/result.ts';

const a100 = HARDWARE_PRESETS['a100-80gb'];
// A100 NVLink: B = 300e9 B/s one-way, α = 3.4e-6 s per step. S = 1e9 bytes (1 GB).
const nvlink = a100.intraNode;
const GB = 1e9;

describe('ring collective times, α–β (docs/cost-model.md §4)', () => {
  it.each([
    // kind, n, expected seconds, arithmetic
    ['all-reduce', 8, 2 * 7 * 3.4e-6 + ((2 * 7) / 8) * (GB / 300e9)], // 4.76e-5 + 5.8333e-3 = 5.8810e-3
    ['all-gather', 8, 7 * 3.4e-6 + (7 / 8) * (GB / 300e9)], // 2.38e-5 + 2.9167e-3 = 2.9405e-3
    ['reduce-scatter', 8, 7 * 3.4e-6 + (7 / 8) * (GB / 300e9)],
    ['all-to-all', 8, 7 * 3.4e-6 + (7 / 8) * (GB / 8 / 300e9)], // each device sends 7 blocks of S/64: 3.8840e-4
    ['point-to-point', 8, 3.4e-6 + GB / 300e9], // 3.3367e-3, n does not matter
    ['all-reduce', 2, 2 * 3.4e-6 + GB / 300e9], // 2·1·α + 2·(1/2)·S/B = 3.3401e-3
    ['all-reduce', 1, 0], // a group of one sends nothing
  ] as [PricedCollectiveKind, number, number][])('%s over %i A100s, 1 GB', (kind, n, expected) => {
    expect(ringCollectiveTimeS(kind, n, GB, nvlink)).toBeCloseTo(expected, 12);
  });

  it('spot-checks the figures in the comments', () => {
    expect(ringCollectiveTimeS('all-reduce', 8, GB, nvlink)).toBeCloseTo(5.881e-3, 6);
    expect(ringCollectiveTimeS('all-gather', 8, GB, nvlink)).toBeCloseTo(2.9405e-3, 7);
  });

  it('prices a torus all-to-all as ⌊n²/4⌋/n² · S/B, ≈ the scaling book V/(4·W_bidi)', () => {
    const ici: LinkSpec = { bytesPerS: 9e10, latencyS: 0, topology: 'torus' };
    // n = 16: ⌊256/4⌋/256 = 1/4 → 1e9 / (4 · 9e10) = 2.7778e-3 s.
    expect(ringCollectiveTimeS('all-to-all', 16, GB, ici)).toBeCloseTo(GB / (4 * 9e10), 12);
    // n = 2: both fabrics agree: (1/2)·(S/2)/B = S/(4B).
    const switched: LinkSpec = { ...ici, topology: 'switched' };
    expect(ringCollectiveTimeS('all-to-all', 2, GB, ici)).toBe(
      ringCollectiveTimeS('all-to-all', 2, GB, switched),
    );
  });

  it('runs at exactly the nccl-tests bus bandwidth when α = 0', () => {
    const link: LinkSpec = { bytesPerS: 1e11, latencyS: 0 };
    for (const n of [2, 4, 8, 64]) {
      for (const kind of ['all-reduce', 'all-gather', 'reduce-scatter', 'point-to-point'] as const)
        expect(ringCollectiveTimeS(kind, n, GB, link)).toBeCloseTo(
          (GB * busBandwidthFactor(kind, n)) / 1e11,
          15,
        );
      // all-to-all: nccl-tests' size is the per-rank buffer, S/n.
      expect(ringCollectiveTimeS('all-to-all', n, GB, link)).toBeCloseTo(
        ((GB / n) * busBandwidthFactor('all-to-all', n)) / 1e11,
        15,
      );
    }
  });

  it('has the nccl-tests bus-bandwidth factors', () => {
    expect(busBandwidthFactor('all-reduce', 8)).toBe(1.75); // 2·7/8
    expect(busBandwidthFactor('all-gather', 8)).toBe(0.875); // 7/8
    expect(busBandwidthFactor('reduce-scatter', 4)).toBe(0.75);
    expect(busBandwidthFactor('all-to-all', 2)).toBe(0.5);
    expect(busBandwidthFactor('point-to-point', 16)).toBe(1);
  });

  it('throws on programmer errors', () => {
    expect(() => ringCollectiveTimeS('all-reduce', 0, GB, nvlink)).toThrow(RangeError);
    expect(() => ringCollectiveTimeS('all-reduce', 2, -1, nvlink)).toThrow(RangeError);
  });
});

describe('collectives over mesh axes', () => {
  // Mesh {data 64, model 8} on A100 nodes of 8: model on NVLink, data on InfiniBand (25e9 B/s, α 9.6e-6).
  const axisLinks = meshAxisLinks(
    unwrap(
      makeMesh([
        ['data', 64],
        ['model', 8],
      ]),
    ),
    a100,
  );

  it('prices one axis on its own link', () => {
    // Megatron TP all-reduce of b·s·h = 1·2048·12288 bf16 elements = 50,331,648 B over model (n 8):
    // 2·7·3.4e-6 + 1.75 · 50,331,648 / 300e9 = 4.76e-5 + 2.93601e-4 = 3.41201e-4 s.
    expect(collectiveTimeOnAxesS('all-reduce', axisLinks, ['model'], 50_331_648)).toBeCloseTo(3.41201e-4, 9);
    // Data-parallel gradient all-reduce of 1 GB over data (n 64): 2·63·9.6e-6 + 2·63/64 · 1e9/25e9
    // = 1.2096e-3 + 7.875e-2 = 7.99596e-2 s.
    expect(collectiveTimeOnAxesS('all-reduce', axisLinks, ['data'], GB)).toBeCloseTo(7.99596e-2, 9);
  });

  it('runs several axes as one ring at the slowest link', () => {
    const ring = combinedAxesLink(axisLinks, ['data', 'model']);
    expect(ring.groupSize).toBe(512);
    expect(ring.link).toEqual({ bytesPerS: 25e9, latencyS: 9.6e-6, topology: 'switched' });
    // All-gather of 1 GB over 512 devices: 511·9.6e-6 + (511/512)·1e9/25e9 = 4.9056e-3 + 3.99219e-2.
    expect(collectiveTimeOnAxesS('all-gather', axisLinks, ['data', 'model'], GB)).toBeCloseTo(
      511 * 9.6e-6 + (511 / 512) * 0.04,
      12,
    );
  });

  it('splits an all-to-all over nodes: the 7 same-node blocks on NVLink while the 504 others cross InfiniBand', () => {
    const ring = combinedAxesLink(axisLinks, ['data', 'model']);
    expect(ring.split).toEqual({ members: 8, intra: nvlink });
    // 512 devices, 8 per node; each sends S/512² to every peer. InfiniBand: 504 blocks at 25e9 B/s, the longer
    // of the two (NVLink: 7 blocks at 300e9): 511·9.6e-6 + 504·(1e9/262,144)/25e9 = 4.9056e-3 + 7.69043e-5.
    const block = GB / 512 ** 2;
    expect(collectiveTimeOnAxesS('all-to-all', axisLinks, ['data', 'model'], GB)).toBeCloseTo(
      511 * 9.6e-6 + (504 * block) / 25e9,
      15,
    );
    // A ring collective is still paced by its slowest step, whatever the split.
    expect(collectiveTimeOnAxesS('all-gather', axisLinks, ['data', 'model'], GB)).toBe(
      ringCollectiveTimeS('all-gather', 512, GB, ring.link),
    );
    // Inside one node, or one device per node, there is no split.
    expect(combinedAxesLink(axisLinks, ['model']).split).toBeUndefined();
    expect(combinedAxesLink(axisLinks, ['data']).split).toBeUndefined();
  });

  it('prices a split all-to-all between the all-intra and the all-inter ones, NVLink-bound when it must be', () => {
    const ib = a100.interNode;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.integer({ min: 1, max: 64 }), (n, m0) => {
        const m = Math.min(m0, n);
        const t = ringCollectiveTimeS('all-to-all', n, GB, ib, { members: m, intra: nvlink });
        const allInter = ringCollectiveTimeS('all-to-all', n, GB, ib);
        const latency = (n - 1) * ib.latencyS;
        expect(t).toBeLessThanOrEqual(allInter * (1 + 1e-12));
        expect(t - latency).toBeGreaterThanOrEqual(((m - 1) * GB) / n ** 2 / nvlink.bytesPerS - 1e-15);
        expect(t - latency).toBeGreaterThanOrEqual(((n - m) * GB) / n ** 2 / ib.bytesPerS - 1e-15);
        if (m === 1) expect(t).toBe(allInter);
      }),
    );
    // A slow intra link can be the longer part: 7 blocks at 1e9 B/s against 1 block at 25e9 B/s.
    const slow = { bytesPerS: 1e9, latencyS: 0, topology: 'switched' } as const;
    expect(
      ringCollectiveTimeS('all-to-all', 8, GB, { ...ib, latencyS: 0 }, { members: 7, intra: slow }),
    ).toBe((6 * GB) / 64 / 1e9);
  });

  it('multiplies the axes’ node members, as a brute-force count of every group finds on power-of-two meshes', () => {
    const pow2 = fc.integer({ min: 0, max: 3 }).map((k) => 2 ** k);
    fc.assert(
      fc.property(
        fc.array(pow2, { minLength: 1, maxLength: 4 }),
        pow2,
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        (sizes, perNode, pick) => {
          const names = sizes.map((_, i) => `a${i}`);
          const m = unwrap(makeMesh(sizes.map((s, i) => [names[i]!, s] as [string, number])));
          const hw = { ...a100, devicesPerNode: perNode };
          const axes = names.filter((_, i) => pick[i]);
          const c = combinedAxesLink(meshAxisLinks(m, hw), axes);
          // Brute force: for every device, the members of its group (same coordinates off `axes`) on its node.
          const strides = sizes.map((_, i) => sizes.slice(i + 1).reduce((a, b) => a * b, 1));
          const coord = (id: number, i: number) => Math.floor(id / strides[i]!) % sizes[i]!;
          let fewest = Infinity;
          for (let d = 0; d < m.deviceCount; d++) {
            let same = 0;
            for (let e = 0; e < m.deviceCount; e++) {
              const inGroup = names.every((nm, i) => axes.includes(nm) || coord(d, i) === coord(e, i));
              if (inGroup && Math.floor(e / perNode) === Math.floor(d / perNode)) same++;
            }
            fewest = Math.min(fewest, same);
          }
          expect(c.nodeMembers).toBe(fewest);
          // A split only where the group has devices both on and off a device's node.
          expect(c.split?.members).toBe(fewest > 1 && fewest < c.groupSize ? fewest : undefined);
        },
      ),
    );
  });

  it('throws on an axis the mesh lacks', () => {
    expect(() => collectiveTimeOnAxesS('all-gather', axisLinks, ['stage'], GB)).toThrow(/stage/);
  });
});
