import { describe, expect, it } from 'vitest';
import {
  HARDWARE_PRESET_IDS,
  HARDWARE_PRESETS,
  hardwarePreset,
  meshAxisLinks,
  type DeviceSpec,
} from '../../../../shared/sim/cost/hardware.ts';
import { makeMesh } from '../../../../shared/sim/mesh.ts';
import { unwrap } from '../../../../shared/sim/result.ts';

const a100 = HARDWARE_PRESETS['a100-80gb'];
const mesh = (...axes: [string, number][]) => unwrap(makeMesh(axes));
const links = (m: ReturnType<typeof mesh>, hw: DeviceSpec) =>
  meshAxisLinks(m, hw).map((l) => `${l.axis}:${l.link}`);

describe('hardware presets', () => {
  it('holds every preset the design names, each consistent with its id', () => {
    expect(HARDWARE_PRESET_IDS).toEqual(
      expect.arrayContaining(['a100-40gb', 'a100-80gb', 'h100', 'h200', 'tpu-v4', 'tpu-v5e', 'tpu-v5p']),
    );
    for (const id of HARDWARE_PRESET_IDS) {
      const hw = HARDWARE_PRESETS[id];
      expect(hw.id).toBe(id);
      expect(hw.interNode.bytesPerS).toBeLessThan(hw.intraNode.bytesPerS);
      expect(hw.peakFlops.bf16).toBeGreaterThan(hw.peakFlops.fp32);
    }
  });

  it.each([
    // id, bf16 FLOP/s, memory bytes, intra one-way B/s, inter one-way B/s, devices per node
    ['a100-80gb', 312e12, 80e9, 300e9, 25e9, 8], // docs/cost-model.md §5
    ['a100-40gb', 312e12, 40e9, 300e9, 25e9, 8],
    ['h100', 989.5e12, 80e9, 450e9, 50e9, 8], // 1979 T sparse / 2; NVLink 900 GB/s total; 400 Gb/s NIC
    ['h200', 989.5e12, 141e9, 450e9, 50e9, 8],
    ['tpu-v4', 2.75e14, 32e9, 9e10, 2.5e10 / 4, 4096], // ICI 2 × 4.5e10 per axis; DCN 2.5e10 per 4-chip host
    ['tpu-v5e', 1.97e14, 16e9, 9e10, 2.5e10 / 8, 256],
    ['tpu-v5p', 4.59e14, 96e9, 1.8e11, 2.5e10 / 4, 8960],
  ] as const)('%s matches its sources', (id, bf16, memory, intra, inter, perNode) => {
    const hw = unwrap(hardwarePreset(id));
    expect(hw.peakFlops.bf16).toBe(bf16);
    expect(hw.memoryBytes).toBe(memory);
    expect(hw.intraNode.bytesPerS).toBe(intra);
    expect(hw.interNode.bytesPerS).toBe(inter);
    expect(hw.devicesPerNode).toBe(perNode);
  });

  it('has a 16 GB teaching fridge with slow windows and one with fast windows', () => {
    const slow = HARDWARE_PRESETS['fridge-16gb-slow'];
    const fast = HARDWARE_PRESETS['fridge-16gb-fast'];
    expect(slow.memoryBytes).toBe(16e9);
    expect(fast.memoryBytes).toBe(16e9);
    expect(fast.intraNode.bytesPerS / slow.intraNode.bytesPerS).toBe(20); // 300e9 / 1.5e10
    expect(fast.interNode.bytesPerS / slow.interNode.bytesPerS).toBe(10); // 25e9 / 2.5e9
  });

  it('refuses an unknown id with the list of known ones', () => {
    const result = hardwarePreset('a100');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.type).toBe('ValueError');
      expect(result.error.message).toContain('a100-80gb');
    }
  });

  it('repeats at most 80 characters of an unknown id, with its length', () => {
    const result = hardwarePreset('x'.repeat(20_000_000));
    expect(result.ok ? '' : result.error.message).toBe(
      `Unknown hardware "${'x'.repeat(80)}…" (20,000,000 characters). Known hardware: ${HARDWARE_PRESET_IDS.join(', ')}.`,
    );
  });
});

describe('meshAxisLinks: an axis runs on the slowest link its groups cross', () => {
  it('puts a model axis of 8 inside an 8-GPU node on NVLink and data across nodes', () => {
    // Mesh {data 64, model 8}: model groups are ids 8i … 8i+7, exactly node i; data groups stride 8.
    const result = meshAxisLinks(mesh(['data', 64], ['model', 8]), a100);
    expect(result).toEqual([
      { axis: 'data', size: 64, link: 'inter', ...a100.interNode, nodeMembers: 1, intraNode: a100.intraNode },
      { axis: 'model', size: 8, link: 'intra', ...a100.intraNode, nodeMembers: 8, intraNode: a100.intraNode },
    ]);
  });

  it('counts the devices of a group that share a node, the fewest over every group', () => {
    const members = (m: ReturnType<typeof mesh>, hw: DeviceSpec) =>
      meshAxisLinks(m, hw).map((l) => `${l.axis}:${l.nodeMembers}`);
    // expert 16 over nodes of 8: ids 0–7 on node 0, 8–15 on node 1.
    expect(members(mesh(['expert', 16]), a100)).toEqual(['expert:8']);
    // {data 4, model 4}: a data group strides 4 (0, 4, 8, 12): two per node; model groups stay whole.
    expect(members(mesh(['data', 4], ['model', 4]), a100)).toEqual(['data:2', 'model:4']);
    // Nodes of 4 under {x 2, y 3}: the y group {3, 4, 5} has 1 device on node 0 and 2 on node 1.
    expect(members(mesh(['x', 2], ['y', 3]), { ...a100, devicesPerNode: 4 })).toEqual(['x:1', 'y:1']);
  });

  it.each([
    // A model axis of 16 spans two 8-GPU nodes.
    [
      [
        ['data', 32],
        ['model', 16],
      ],
      ['data:inter', 'model:inter'],
    ],
    // 8 devices fit in one node whatever the axis order.
    [
      [
        ['model', 2],
        ['data', 4],
      ],
      ['model:intra', 'data:intra'],
    ],
    // {data 2, stage 8, model 8}: stage groups stride 8 over 64 ids → inter; model stays in a node.
    [
      [
        ['data', 2],
        ['stage', 8],
        ['model', 8],
      ],
      ['data:inter', 'stage:inter', 'model:intra'],
    ],
    // An axis of size 1 moves nothing and stays intra.
    [
      [
        ['data', 16],
        ['model', 1],
      ],
      ['data:inter', 'model:intra'],
    ],
    // {x 2, y 4} = 8 ids; x pairs (i, i+4) share node 0.
    [
      [
        ['x', 2],
        ['y', 4],
      ],
      ['x:intra', 'y:intra'],
    ],
  ] as [[string, number][], string[]][])('%j → %j on A100 nodes of 8', (axes, expected) => {
    expect(links(mesh(...axes), a100)).toEqual(expected);
  });

  it('takes the slowest group when node boundaries cut some groups only', () => {
    // Nodes of 4 under {x 2, y 3}: y groups {0,1,2} (node 0) and {3,4,5} (nodes 0 and 1) → inter;
    // x groups {0,3} node 0, {1,4} nodes 0/1 → inter.
    const hw = { ...a100, devicesPerNode: 4 };
    expect(links(mesh(['x', 2], ['y', 3]), hw)).toEqual(['x:inter', 'y:inter']);
  });

  it('keeps a whole TPU pod on ICI', () => {
    const v5e = HARDWARE_PRESETS['tpu-v5e'];
    expect(links(mesh(['data', 16], ['model', 16]), v5e)).toEqual(['data:intra', 'model:intra']);
    expect(links(mesh(['pod', 2], ['data', 16], ['model', 16]), v5e)).toEqual([
      'pod:inter',
      'data:intra',
      'model:intra',
    ]);
  });
});
