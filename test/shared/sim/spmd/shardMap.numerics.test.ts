// shard_map numerics: the player's collectives on real shards, one and two mesh axes.
import { describe, expect, it } from 'vitest';
import {
  model4,
  failure,
  build,
  random,
  matmul,
  maxAbsDiff,
  makeMesh,
  unwrap,
  runShardMap,
} from './shardMapFixtures.ts';

describe('Megatron MLP forward in shard_map (column- then row-parallel, one psum)', () => {
  const inputs = [
    { name: 'x', shape: [2, 8] },
    { name: 'w1', shape: [8, 16] },
    { name: 'w2', shape: [16, 4] },
  ];
  const x = random([2, 8], 1);
  const w1 = random([8, 16], 2);
  const w2 = random([16, 4], 3);
  const globals = new Map([
    ['x', x],
    ['w1', w1],
    ['w2', w2],
  ]);
  const reference = matmul('bf,fo->bo', matmul('bd,df->bf', x, w1), w2);
  const plan = (withPsum: boolean, checkVma = true) => ({
    inSpecs: { w1: [null, 'model'], w2: ['model', null] },
    outSpecs: { y: [] },
    checkVma,
    body: [
      { name: 'h', op: 'einsum', equation: 'bd,df->bf', args: ['x', 'w1'] },
      { name: 'yp', op: 'einsum', equation: 'bf,fo->bo', args: ['h', 'w2'] },
      ...(withPsum ? [{ name: 'y', op: 'psum', axes: ['model'], args: ['yp'] }] : []),
    ],
    outputs: { y: withPsum ? 'y' : 'yp' },
  });

  it('equals the unsharded x·w1·w2 with the psum, which is one all-reduce over model', () => {
    const sm = unwrap(build(model4, inputs, plan(true)));
    expect(sm.program.values.map((v) => v.shape)).toEqual([
      [2, 8],
      [8, 4],
      [4, 4],
      [2, 4],
      [2, 4],
      [2, 4],
    ]);
    expect(sm.vma[sm.names.get('yp')!]).toEqual(['model']);
    expect(sm.vma[sm.names.get('y')!]).toEqual([]);
    const run = runShardMap(model4, sm, globals);
    expect(maxAbsDiff(run.outputs.get('y')!, reference)).toBeLessThan(1e-5);
    expect(run.replicaDiff.get('y')).toBe(0);
    expect(run.records.map((r) => [r.value, r.record.kind, r.record.axes])).toEqual([
      ['y', 'all-reduce', ['model']],
    ]);
    // Ring all-reduce: each device sends 2·(n−1)/n of its 2×4 f32 block = 2·3/4·32 B = 48 B.
    expect(run.records[0]!.record.bytesSent).toEqual([48, 48, 48, 48]);
    expect(run.locals.get('w1')![1]).toHaveLength(32);
  });

  it('is visibly wrong without the psum: each device holds only a partial sum', () => {
    const run = runShardMap(model4, unwrap(build(model4, inputs, plan(false, false))), globals);
    const y = run.outputs.get('y')!;
    expect(maxAbsDiff(y, reference)).toBeGreaterThan(0.5);
    // Device 0's copy is the partial over features 0–3; the four partials sum to the answer.
    const partials = run.locals.get('yp')!;
    const summed = partials[0]!.map((_, i) => partials.reduce((s, p) => s + p[i]!, 0));
    expect(maxAbsDiff({ shape: [2, 4], data: summed }, reference)).toBeLessThan(1e-5);
    expect(run.replicaDiff.get('y')).toBeGreaterThan(0.1);
    expect(run.records).toEqual([]);
  });

  it("rejects out_specs P() under check_vma with JAX's message naming axis 'model'", () => {
    expect(build(model4, inputs, plan(false))).toEqual(
      failure(
        'ValueError',
        "shard_map applied to the function 'step' was given out_specs which require replication which can't be " +
          "statically inferred given the mesh:\n\nThe mesh given has shape (4,) with corresponding axis names ('model',)." +
          "\n\nout_specs['y'] is P() which implies that the corresponding output value is replicated across mesh axis " +
          "'model', but could not infer replication over any axes\n\nCheck if these output values are meant to be " +
          'replicated over those mesh axes. If not, consider revising the corresponding out_specs entries. If so, ' +
          'consider disabling the check by passing the check_vma=False argument to `jax.shard_map`.',
      ),
    );
  });
});

describe('collectives', () => {
  it('all_gather then a local matmul equals the unsharded matmul', () => {
    const x = random([8, 4], 4);
    const w = random([4, 6], 5);
    const inputs = [
      { name: 'x', shape: [8, 4] },
      { name: 'w', shape: [4, 6] },
    ];
    const plan = (to?: string) => ({
      inSpecs: { x: ['model'] },
      outSpecs: { y: [] },
      body: [
        {
          name: 'g',
          op: 'all_gather',
          axes: 'model',
          dim: 0,
          args: ['x'],
          ...(to === undefined ? {} : { to }),
        },
        { name: 'y', op: 'einsum', equation: 'ij,jk->ik', args: ['g', 'w'] },
      ],
      outputs: { y: 'y' },
    });
    // JAX: all_gather is Varying → Varying, so P() needs all_gather_invariant (to='invarying') or check_vma=False.
    const varying = build(model4, inputs, plan());
    expect(!varying.ok && varying.error.message).toContain("replicated across mesh axis 'model'");
    const run = runShardMap(
      model4,
      unwrap(build(model4, inputs, plan('invarying'))),
      new Map([
        ['x', x],
        ['w', w],
      ]),
    );
    expect(maxAbsDiff(run.outputs.get('y')!, matmul('ij,jk->ik', x, w))).toBeLessThan(1e-5);
    expect(run.replicaDiff.get('y')).toBe(0);
    expect(run.records[0]!.record.kind).toBe('all-gather');
  });

  it('psum_scatter leaves each device its rows of the summed product', () => {
    // docs/parallel.md: x P(None,'X'), y P('X',None), local dot then psum_scatter(tiled) = dot with out P('X',None).
    const x = random([8, 16], 6);
    const y = random([16, 4], 7);
    const inputs = [
      { name: 'x', shape: [8, 16] },
      { name: 'y', shape: [16, 4] },
    ];
    const sm = unwrap(
      build(model4, inputs, {
        inSpecs: { x: [null, 'model'], y: ['model'] },
        outSpecs: { z: ['model', null] },
        body: [
          { name: 'zp', op: 'einsum', equation: 'ij,jk->ik', args: ['x', 'y'] },
          { name: 'z', op: 'psum_scatter', axes: ['model'], dim: 0, args: ['zp'] },
        ],
        outputs: { z: 'z' },
      }),
    );
    const run = runShardMap(
      model4,
      sm,
      new Map([
        ['x', x],
        ['y', y],
      ]),
    );
    const want = matmul('ij,jk->ik', x, y);
    expect(maxAbsDiff(run.outputs.get('z')!, want)).toBeLessThan(1e-5);
    const rows = (d: number) => Array.from(want.data.slice(8 * d, 8 * d + 8));
    run.locals
      .get('z')!
      .forEach((local, d) => Array.from(local).forEach((v, i) => expect(v).toBeCloseTo(rows(d)[i]!, 5)));
    expect(run.records[0]!.record.kind).toBe('reduce-scatter');
  });

  it('ppermute shifts blocks one step around the ring (and a device sent nothing gets zeros)', () => {
    const x = { shape: [8], data: Float64Array.from({ length: 8 }, (_, i) => i + 1) };
    const plan = (perm: number[][]) => ({
      inSpecs: { x: ['model'] },
      outSpecs: { r: ['model'] },
      body: [{ name: 'r', op: 'ppermute', axis: 'model', perm, args: ['x'] }],
      outputs: { r: 'r' },
    });
    const inputs = [{ name: 'x', shape: [8] }];
    const ring = runShardMap(
      model4,
      unwrap(
        build(
          model4,
          inputs,
          plan([
            [0, 1],
            [1, 2],
            [2, 3],
            [3, 0],
          ]),
        ),
      ),
      new Map([['x', x]]),
    );
    expect(Array.from(ring.outputs.get('r')!.data)).toEqual([7, 8, 1, 2, 3, 4, 5, 6]);
    const sm = unwrap(
      build(
        model4,
        inputs,
        plan([
          [0, 1],
          [1, 2],
          [2, 3],
        ]),
      ),
    );
    expect(sm.vma[sm.names.get('r')!]).toEqual(['model']);
    const open = runShardMap(model4, sm, new Map([['x', x]]));
    expect(Array.from(open.outputs.get('r')!.data)).toEqual([0, 0, 1, 2, 3, 4, 5, 6]);
    expect(open.records[0]!.record.bytesSent).toEqual([8, 8, 8, 0]);
  });

  it('all_to_all turns a row-sharded array into a column-sharded one', () => {
    const x = random([8, 4], 8);
    const sm = unwrap(
      build(model4, [{ name: 'x', shape: [8, 4] }], {
        inSpecs: { x: ['model', null] },
        outSpecs: { t: [null, 'model'] },
        body: [{ name: 't', op: 'all_to_all', axes: ['model'], splitDim: 1, concatDim: 0, args: ['x'] }],
        outputs: { t: 't' },
      }),
    );
    expect(sm.outputs[0]!.localShape).toEqual([8, 1]);
    const run = runShardMap(model4, sm, new Map([['x', x]]));
    expect(maxAbsDiff(run.outputs.get('t')!, x)).toBeLessThan(1e-6);
    // Device 2 holds column 2.
    expect(Array.from(run.locals.get('t')![2]!)).toEqual(
      Array.from(Float32Array.from([0, 1, 2, 3, 4, 5, 6, 7].map((r) => x.data[4 * r + 2]!))),
    );
  });

  it('runs elementwise, reduction and composite ops per device', () => {
    const x = random([4, 8], 9);
    const sm = unwrap(
      build(model4, [{ name: 'x', shape: [4, 8] }], {
        inSpecs: { x: ['model'] },
        outSpecs: { p: ['model'], m: ['model'], n: ['model'] },
        body: [
          { name: 'a', op: 'gelu', args: ['x'] },
          { name: 'b', op: 'scale', scalar: 0.5, args: ['a'] },
          { name: 'c', op: 'add', args: ['a', 'b'] },
          { name: 'm', op: 'sum', dims: [1], keepDims: true, args: ['c'] },
          { name: 'p', op: 'softmax', dim: -1, args: ['c'] },
          { name: 'n', op: 'layer_norm', args: ['c'] },
        ],
        outputs: { p: 'p', m: 'm', n: 'n' },
      }),
    );
    const run = runShardMap(model4, sm, new Map([['x', x]]));
    const p = run.outputs.get('p')!;
    for (let r = 0; r < 4; r++)
      expect(p.data.slice(8 * r, 8 * r + 8).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
    const v = x.data[3]!;
    const gelu = 0.5 * v * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (v + 0.044715 * v ** 3)));
    expect(run.locals.get('c')![0]![3]).toBeCloseTo(1.5 * gelu, 5);
    expect(run.outputs.get('m')!.shape).toEqual([4, 1]);
  });
});

describe('two mesh axes', () => {
  const mesh = unwrap(
    makeMesh([
      ['data', 2],
      ['model', 2],
    ]),
  );
  const plan = (reduceOver: string[], outSpec: (string | null)[]) => ({
    inSpecs: { x: ['data', 'model'] },
    outSpecs: { s: outSpec },
    body: [
      { name: 'r', op: 'sum', dims: [0, 1], keepDims: true, args: ['x'] },
      { name: 's', op: 'psum', axes: reduceOver, args: ['r'] },
    ],
    outputs: { s: 's' },
  });
  const inputs = [{ name: 'x', shape: [4, 4] }];

  it('psum over both axes gives the global sum on every device', () => {
    const x = random([4, 4], 10);
    const run = runShardMap(
      mesh,
      unwrap(build(mesh, inputs, plan(['data', 'model'], []))),
      new Map([['x', x]]),
    );
    expect(run.outputs.get('s')!.data[0]).toBeCloseTo(
      Array.from(x.data).reduce((a, b) => a + b, 0),
      4,
    );
    expect(run.records[0]!.record.axes).toEqual(['data', 'model']);
  });

  it('lists the axes an output may still vary over', () => {
    expect(build(mesh, inputs, plan(['data'], [null, null]))).toEqual(
      failure(
        'ValueError',
        "shard_map applied to the function 'step' was given out_specs which require replication which can't be " +
          'statically inferred given the mesh:\n\nThe mesh given has shape (2, 2) with corresponding axis names ' +
          "('data', 'model').\n\nout_specs['s'] is P(None, None) which implies that the corresponding output value is " +
          'only varying across mesh axes {} and not {model}, but it was inferred to be possibly varying over {model}' +
          '\n\nCheck if these output values are meant to be replicated over those mesh axes. If not, consider ' +
          'revising the corresponding out_specs entries. If so, consider disabling the check by passing the ' +
          'check_vma=False argument to `jax.shard_map`.',
      ),
    );
    const partial = unwrap(build(mesh, inputs, plan(['data'], [null, 'model'])));
    expect(partial.vma[partial.names.get('s')!]).toEqual(['model']);
  });
});
