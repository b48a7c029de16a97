// Reading collectives from compiled HLO text (no JAX needed): the replica-group notations of XLA as of
// JAX 0.10.2, tuple all-reduces, and device groups turned into mesh axes.
import { describe, expect, it } from 'vitest';
import { hloCollectives, replicaGroups } from './hloCollectives.ts';

const line = (groups: string, op = 'all-reduce', type = 'f32[8,4]{1,0}') =>
  `%x = ${type} ${op}(%y), channel_id=1, replica_groups=${groups}, use_global_device_ids=true`;

describe('replica groups', () => {
  it('reads explicit lists', () => {
    expect(replicaGroups(line('{{0,1},{2,3}}'))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });
  it('reads iota, with and without a transpose', () => {
    expect(replicaGroups(line('[4,2]<=[8]'))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ]);
    expect(replicaGroups(line('[2,2]<=[2,2]T(1,0)'))).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });
  it('reads the mesh form, with and without device_ids', () => {
    expect(replicaGroups(line("mesh['axis_0'=4,'axis_1'=2] {'axis_1'}"))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ]);
    expect(replicaGroups(line("mesh['axis_0'=2,'axis_1'=2] {'axis_0'}"))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(replicaGroups(line("mesh['axis_0'=2,'axis_1'=2], device_ids=([2,2]T(1,0)) {'axis_1'}"))).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });
});

describe('collectives over mesh axes', () => {
  const mesh = [
    ['data', 2],
    ['model', 2],
  ] as const;
  it('names the axes along which the groups vary', () => {
    expect(hloCollectives([line('{{0,1},{2,3}}')], mesh)).toEqual([{ kind: 'all-reduce', axes: ['model'] }]);
    expect(hloCollectives([line('{{0,2},{1,3}}', 'all-gather')], mesh)).toEqual([
      { kind: 'all-gather', axes: ['data'] },
    ]);
    expect(hloCollectives([line('{{0,1,2,3}}')], mesh)).toEqual([
      { kind: 'all-reduce', axes: ['data', 'model'] },
    ]);
  });
  it('counts a tuple all-reduce once per element, and an async start once', () => {
    const tuple = line('{{0,1},{2,3}}', 'all-reduce', '(f32[], f32[8,4]{1,0})');
    expect(hloCollectives([tuple], mesh)).toHaveLength(2);
    const start = line('{{0,1},{2,3}}', 'all-gather-start');
    expect(hloCollectives([start, '%d = f32[8] all-gather-done(%x)'], mesh)).toEqual([
      { kind: 'all-gather', axes: ['model'] },
    ]);
  });
  it('reads collective-permute source-target pairs', () => {
    const permute =
      '%p = f32[4] collective-permute(%x), channel_id=2, source_target_pairs={{0,2},{2,0},{1,3},{3,1}}';
    expect(hloCollectives([permute], mesh)).toEqual([{ kind: 'collective-permute', axes: ['data'] }]);
  });
});
