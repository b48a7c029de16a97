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

  it('throws on an axis the mesh lacks', () => {
    expect(() => collectiveTimeOnAxesS('all-gather', axisLinks, ['stage'], GB)).toThrow(/stage/);
  });
});
