import { describe, expect, it } from 'vitest';
import { makeMesh } from '../../../shared/sim/mesh.ts';
import {
  checkDivisible,
  checkShardMapDivisible,
  namedShardingToString,
  shardingFromSpec,
  shardShape,
  type ShardingContext,
} from '../../../shared/sim/namedSharding.ts';
import type { PartitionSpec } from '../../../shared/sim/partitionSpec.ts';
import { unwrap, type SimErrorType } from '../../../shared/sim/result.ts';
import type { Sharding } from '../../../shared/sim/sharding.ts';

const mesh = unwrap(
  makeMesh([
    ['x', 2],
    ['y', 4],
  ]),
);
const NS =
  "NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('x', 'y'), memory_kind=device)";
const ctx = (argName: ShardingContext['argName'], what: ShardingContext['what']): ShardingContext => ({
  argName,
  what,
});
const named = ctx('NamedSharding spec', 'device_put args');
const shard = (spec: PartitionSpec, rank: number, unreduced: string[] = []): Sharding =>
  unwrap(shardingFromSpec(mesh, spec, rank, named, unreduced));
const failure = (type: SimErrorType, message: string) => ({
  ok: false,
  error: expect.objectContaining({ type, message }),
});

describe('namedShardingToString', () => {
  it('prints the mesh and the spec repr', () => {
    expect(namedShardingToString(mesh, ['x', 'y'])).toBe(NS);
    expect(namedShardingToString(mesh, ['x'], ['y'])).toBe(
      "NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('x', unreduced={'y'}), memory_kind=device)",
    );
  });
});

describe('shardingFromSpec', () => {
  it('pads with null to the rank and keeps tuple order', () => {
    expect(shard(['x'], 3)).toEqual({ dims: [['x'], [], []], unreduced: [] });
    expect(shard([['y', 'x'], null], 2)).toEqual({ dims: [['y', 'x'], []], unreduced: [] });
    expect(shard([], 0)).toEqual({ dims: [], unreduced: [] });
    expect(shard(['x'], 2, ['y'])).toEqual({ dims: [['x'], []], unreduced: ['y'] });
  });

  it.each<[PartitionSpec, ShardingContext, string]>([
    [
      ['x', 'x'],
      named,
      "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('x', 'x') has duplicate entries for `x`",
    ],
    [
      ['x', ['y', 'x']],
      ctx('in_shardings', 'pjit arguments'),
      "A single in_shardings specification can map every mesh axis to at most one positional dimension, but P('x', ('y', 'x')) has duplicate entries for `x`",
    ],
    [
      [['y', 'x'], null, ['x', 'y']],
      ctx('out_shardings', 'pjit outputs'),
      "A single out_shardings specification can map every mesh axis to at most one positional dimension, but P(('y', 'x'), None, ('x', 'y')) has duplicate entries for `x`, `y`",
    ],
    // The duplicate check runs before the mesh lookup.
    [
      ['z', 'z'],
      named,
      "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('z', 'z') has duplicate entries for `z`",
    ],
  ])('DuplicateSpecError for %j', (spec, context, message) => {
    expect(shardingFromSpec(mesh, spec, 3, context)).toEqual(failure('DuplicateSpecError', message));
  });

  it('ValueError for an axis that is not in the mesh', () => {
    const zMesh = unwrap(makeMesh([['z', 2]]));
    expect(shardingFromSpec(zMesh, ['x'], 1, named)).toEqual(
      failure('ValueError', "Resource axis: x of P('x',) is not found in mesh: ('z',)."),
    );
    expect(shardingFromSpec(mesh, [null, ['x', 'w']], 2, named)).toEqual(
      failure('ValueError', "Resource axis: w of P(None, ('x', 'w')) is not found in mesh: ('x', 'y')."),
    );
  });

  it.each<[PartitionSpec, number, ShardingContext['what'], string]>([
    [
      ['x', 'y'],
      1,
      'device_put args',
      `One of device_put args is incompatible with its sharding annotation ${NS}: Sharding ${NS} is only valid for values of rank at least 2, but was applied to a value of rank 1.`,
    ],
    [
      ['x', 'y'],
      0,
      'pjit arguments',
      `One of pjit arguments is incompatible with its sharding annotation ${NS}: Sharding ${NS} is only valid for values of rank at least 2, but was applied to a value of rank 0. For scalars the PartitionSpec should be P()`,
    ],
    [
      ['x', null],
      1,
      'with_sharding_constraint arguments',
      "One of with_sharding_constraint arguments is incompatible with its sharding annotation NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('x', None), memory_kind=device): Sharding NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('x', None), memory_kind=device) is only valid for values of rank at least 2, but was applied to a value of rank 1.",
    ],
  ])('ValueError for %j applied to rank %i', (spec, rank, what, message) => {
    expect(shardingFromSpec(mesh, spec, rank, ctx('NamedSharding spec', what))).toEqual(
      failure('ValueError', message),
    );
  });

  it('names a jit argument by its pytree key path, as pjit_check_aval_sharding does', () => {
    const r = shardingFromSpec(mesh, ['x', 'y'], 1, {
      ...ctx('in_shardings', 'pjit arguments'),
      keyPath: 'operand0',
    });
    expect(r).toEqual(
      failure(
        'ValueError',
        `One of pjit arguments with pytree key path operand0 is incompatible with its sharding annotation ${NS}: Sharding ${NS} is only valid for values of rank at least 2, but was applied to a value of rank 1.`,
      ),
    );
  });

  it("uses shard_map's own template for an in_specs entry longer than the rank", () => {
    const base = {
      argName: 'NamedSharding spec',
      what: 'shard_map in_specs',
    } as const;
    const tail =
      '\n\nEntries in in_specs must be of length no greater than the number of axes in the corresponding input value.' +
      "\n\nEither revise the spec to be shorter, or modify 'step' so that its inputs have sufficient rank.";
    expect(
      shardingFromSpec(mesh, ['x', 'y'], 1, { ...base, shardMap: { fnName: 'step', shape: [8] } }),
    ).toEqual(
      failure(
        'ValueError',
        "shard_map applied to the function 'step' was given an in_specs entry which is too long to be compatible with the corresponding input value from the function:" +
          "\n\nin_specs[0] is P('x', 'y') which has length 2, but args[0] has shape float32[8], which has rank 1 (and 1 < 2)" +
          tail,
      ),
    );
    const scalar = { fnName: 'step', shape: [], argIndex: 2, paramName: 'lr', dtype: 'int32' };
    expect(shardingFromSpec(mesh, ['x'], 0, { ...base, shardMap: scalar })).toEqual(
      failure(
        'ValueError',
        "shard_map applied to the function 'step' was given an in_specs entry which is too long to be compatible with the corresponding input value from the function:" +
          "\n\nin_specs[2] is P('x',) which has length 1, but args[2], where args[2] is bound to step's parameter 'lr', has shape int32[], which has rank 0 (and 0 < 1)" +
          tail +
          '\n\nFor scalar values (rank 0), consider using an in_specs entry of `P()`, where `P = jax.sharding.PartitionSpec`.',
      ),
    );
  });

  it('validates unreduced axes', () => {
    expect(shardingFromSpec(mesh, ['x', null], 2, named, ['x'])).toEqual(
      failure(
        'ValueError',
        "partitions cannot overlap with unreduced axes passed to PartitionSpec. Got partitions: ('x', None) and unreduced axes: frozenset({'x'})",
      ),
    );
    expect(shardingFromSpec(mesh, ['x'], 2, named, ['z'])).toEqual(
      failure(
        'ValueError',
        "Unreduced axes z is not found in mesh.axis_names=('x', 'y'). Got pspec=P('x', unreduced={'z'})",
      ),
    );
  });
});

describe('shardShape and checkDivisible', () => {
  it('returns the local shape when every dimension divides', () => {
    expect(shardShape(mesh, shard(['x'], 2), [8, 6])).toEqual({ ok: true, value: [4, 6] });
    expect(shardShape(mesh, shard([['x', 'y']], 1), [16])).toEqual({ ok: true, value: [2] });
    expect(shardShape(mesh, shard([], 2, ['x']), [3, 5])).toEqual({ ok: true, value: [3, 5] });
    expect(checkDivisible(mesh, shard(['y', 'x'], 2), [8, 6])).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it.each<[PartitionSpec, PartitionSpec | undefined, number[], string]>([
    [
      ['y'],
      undefined,
      [6, 8],
      "Sharding NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('y', None), memory_kind=device) implies that array axis 0 is partitioned 4 times, but the dimension size is 6 (full shape: (6, 8), per-dimension tiling factors: [4, 1] should evenly divide the shape)",
    ],
    [
      ['y'],
      ['y'],
      [6, 8],
      "Sharding NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('y',), memory_kind=device) implies that array axis 0 is partitioned 4 times, but the dimension size is 6 (full shape: (6, 8), per-dimension tiling factors: [4, 1] should evenly divide the shape)",
    ],
    [
      [null, ['x', 'y']],
      undefined,
      [8, 6],
      "Sharding NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P(None, ('x', 'y')), memory_kind=device) implies that array axis 1 is partitioned 8 times, but the dimension size is 6 (full shape: (8, 6), per-dimension tiling factors: [1, 8] should evenly divide the shape)",
    ],
    // Both dims are uneven: the first one is reported.
    [
      ['x', 'y'],
      undefined,
      [3, 6],
      `Sharding ${NS} implies that array axis 0 is partitioned 2 times, but the dimension size is 3 (full shape: (3, 6), per-dimension tiling factors: [2, 4] should evenly divide the shape)`,
    ],
    [
      ['y'],
      undefined,
      [6],
      "Sharding NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('y',), memory_kind=device) implies that array axis 0 is partitioned 4 times, but the dimension size is 6 (full shape: (6,), per-dimension tiling factors: [4] should evenly divide the shape)",
    ],
  ])('IndivisibleError for %j on %j', (spec, shown, shape, inner) => {
    const sharding = shard(spec, shape.length);
    expect(shardShape(mesh, sharding, shape, shown)).toEqual(failure('IndivisibleError', inner));
    // JAX 0.10.2 raises it unwrapped from jit and device_put alike
    expect(checkDivisible(mesh, sharding, shape, shown)).toEqual(failure('IndivisibleError', inner));
  });

  it('throws on a shape whose rank does not match the sharding (programmer error)', () => {
    expect(() => shardShape(mesh, shard(['x'], 2), [8])).toThrow(RangeError);
  });
});

describe('checkShardMapDivisible', () => {
  const head =
    "shard_map applied to the function 'step' was given argument arrays with axis sizes that are not evenly divisible by the corresponding mesh axis sizes:" +
    "\n\nThe mesh given has shape (2, 4) with corresponding axis names ('x', 'y').\n\n";
  const tail =
    "\n\nArray arguments' axis sizes must be evenly divisible by the mesh axis or axes indicated by the corresponding elements of the argument's in_specs entry. Consider checking that in_specs are correct, and if so consider changing the mesh axis sizes or else padding the input and adapting 'step' appropriately.";

  it('passes divisible arguments', () => {
    expect(checkShardMapDivisible(mesh, shard(['y', 'x'], 2), [8, 6], 'step')).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it('reports one uneven dimension without a bullet', () => {
    expect(checkShardMapDivisible(mesh, shard(['y'], 2), [6, 8], 'step')).toEqual(
      failure(
        'ValueError',
        head +
          "the passed args[0] of shape float32[6,8] corresponds to in_specs[0] of value P('y', None), which maps array axis 0 (of size 6) to mesh axis 'y' (of size 4), but 4 does not evenly divide 6" +
          tail,
      ),
    );
  });

  it('names a multi-axis dimension, the bound parameter and the user spec', () => {
    const r = checkShardMapDivisible(mesh, shard([['x', 'y']], 1), [12], 'step', {
      argIndex: 1,
      paramName: 'batch',
      dtype: 'int32',
      spec: [['x', 'y']],
    });
    expect(r).toEqual(
      failure(
        'ValueError',
        head +
          "the passed args[1] of shape int32[12], where args[1] is bound to step's parameter 'batch', corresponds to in_specs[1] of value P(('x', 'y'),), which maps array axis 0 (of size 12) to mesh axes ('x', 'y') (of total size 8), but 8 does not evenly divide 12" +
          tail,
      ),
    );
  });

  it('lists every uneven dimension as bullets', () => {
    expect(checkShardMapDivisible(mesh, shard(['y', 'x'], 2), [6, 3], 'step')).toEqual(
      failure(
        'ValueError',
        head +
          "* the passed args[0] of shape float32[6,3] corresponds to in_specs[0] of value P('y', 'x'), which maps array axis 0 (of size 6) to mesh axis 'y' (of size 4), but 4 does not evenly divide 6" +
          "\n\n* the passed args[0] of shape float32[6,3] corresponds to in_specs[0] of value P('y', 'x'), which maps array axis 1 (of size 3) to mesh axis 'x' (of size 2), but 2 does not evenly divide 3" +
          tail,
      ),
    );
  });
});
