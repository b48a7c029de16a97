// shard_map's refusals, with JAX's messages.
import { describe, expect, it } from 'vitest';
import { model4, failure, build, MAX_BODY_OPS } from './shardMapFixtures.ts';

describe('errors', () => {
  const x8 = [{ name: 'x', shape: [8, 4] }];
  const plan = (over: object) => ({
    outSpecs: { y: ['model'] },
    body: [{ name: 'y', op: 'neg', args: ['x'] }],
    outputs: { y: 'y' },
    ...over,
  });

  it('rejects an indivisible in_spec with shard_map’s template', () => {
    expect(build(model4, [{ name: 'x', shape: [6, 4] }], plan({ inSpecs: { x: ['model'] } }))).toEqual(
      failure(
        'ValueError',
        "shard_map applied to the function 'step' was given argument arrays with axis sizes that are not evenly " +
          'divisible by the corresponding mesh axis sizes:\n\nThe mesh given has shape (4,) with corresponding axis ' +
          "names ('model',).\n\nthe passed args[0] of shape float32[6,4], where args[0] is bound to step's parameter " +
          "'x', corresponds to in_specs[0] of value P('model',), which maps array axis 0 (of size 6) to mesh axis " +
          "'model' (of size 4), but 4 does not evenly divide 6\n\nArray arguments' axis sizes must be evenly divisible " +
          "by the mesh axis or axes indicated by the corresponding elements of the argument's in_specs entry. " +
          'Consider checking that in_specs are correct, and if so consider changing the mesh axis sizes or else ' +
          "padding the input and adapting 'step' appropriately.",
      ),
    );
  });

  it('rejects unknown, duplicate and too-long specs', () => {
    expect(build(model4, x8, plan({ inSpecs: { x: ['data'] } }))).toEqual(
      failure(
        'ValueError',
        "shard_map in_specs argument must refer to an axis marked as manual (frozenset({'model'})), but:\n\n" +
          "  in_specs[0] refers to 'data'\n\nCheck the in_specs values passed to shard_map.",
      ),
    );
    expect(build(model4, x8, plan({ outSpecs: { y: [['model', 'data']] } }))).toEqual(
      failure(
        'ValueError',
        "shard_map out_specs argument must refer to an axis marked as manual (frozenset({'model'})), but:\n\n" +
          "  out_specs['y'] refers to 'data'\n\nCheck the out_specs values passed to shard_map.",
      ),
    );
    expect(build(model4, x8, plan({ inSpecs: { x: ['model', 'model'] } }))).toEqual(
      failure(
        'DuplicateSpecError',
        "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('model', 'model') has duplicate entries for `model`",
      ),
    );
    const tooLong = build(model4, x8, plan({ inSpecs: { x: [null, null, 'model'] } }));
    expect(!tooLong.ok && tooLong.error.message).toContain(
      "in_specs[0] is P(None, None, 'model') which has length 3, but args[0], where args[0] is bound to step's parameter 'x', has shape float32[8,4], which has rank 2 (and 2 < 3)",
    );
    const outLong = build(model4, x8, plan({ outSpecs: { y: [null, null, 'model'] } }));
    expect(!outLong.ok && outLong.error.message).toContain(
      "out_specs['y'] is P(None, None, 'model') which has length 3, but step(*args)['y'] has shape float32[8,4], which has rank 2 (and 2 < 3)",
    );
  });

  it.each([
    ['not an object', 7, 'plan: expected an object'],
    ['not JSON', '{body: ', 'The manual plan is not valid JSON'],
    [
      'an unknown top-level field',
      { ...plan({}), check_rep: false },
      'check_rep: not a field of a manual plan',
    ],
    ['checkVma not a boolean', plan({ checkVma: 'yes' }), 'checkVma: expected true or false'],
    [
      'a malformed spec entry',
      plan({ inSpecs: { x: [3] } }),
      'inSpecs.x: PartitionSpec entry 0 must be null',
    ],
    ['body not a list', plan({ body: {} }), 'body: expected a list of ops'],
    [
      'too many ops',
      plan({ body: Array.from({ length: MAX_BODY_OPS + 1 }, () => ({})) }),
      'body: at most 500 ops',
    ],
    ['an op without a name', plan({ body: [{ op: 'neg', args: ['x'] }] }), 'body[0].name: expected a name'],
    [
      'an unknown op',
      plan({ body: [{ name: 'y', op: 'transpose', args: ['x'] }] }),
      "body[0].op: unknown op 'transpose'",
    ],
    [
      'wrong arity',
      plan({ body: [{ name: 'y', op: 'add', args: ['x'] }] }),
      "body[0].args: op 'add' takes 2 argument names",
    ],
    [
      'scale without scalar',
      plan({ body: [{ name: 'y', op: 'scale', args: ['x'] }] }),
      "body[0].scalar: op 'scale' needs",
    ],
    [
      'a stray field',
      plan({ body: [{ name: 'y', op: 'max', dims: [0], args: ['x', 'x'] }] }),
      "body[0].dims: not a field of op 'max'",
    ],
    [
      'empty axes',
      plan({ body: [{ name: 'y', op: 'psum', axes: [], args: ['x'] }] }),
      'body[0].axes: expected a mesh axis name',
    ],
    [
      'a repeated axis',
      plan({ body: [{ name: 'y', op: 'psum', axes: ['model', 'model'], args: ['x'] }] }),
      "axis 'model' is listed twice",
    ],
    [
      'a bad perm',
      plan({ body: [{ name: 'y', op: 'ppermute', axis: 'model', perm: [[0]], args: ['x'] }] }),
      'body[0].perm: expected a list of [source, destination]',
    ],
    [
      'a non-integer dim',
      plan({ body: [{ name: 'y', op: 'all_gather', axes: 'model', dim: 0.5, args: ['x'] }] }),
      'body[0].dim: expected an integer',
    ],
    [
      'a bad all_gather to',
      plan({ body: [{ name: 'y', op: 'all_gather', axes: 'model', dim: 0, to: 'reduced', args: ['x'] }] }),
      'body[0].to:',
    ],
    [
      'a duplicate name',
      plan({
        body: [
          { name: 'y', op: 'neg', args: ['x'] },
          { name: 'y', op: 'exp', args: ['x'] },
        ],
      }),
      "body[1].name: 'y' is already defined by body[0]",
    ],
    ['no outputs', plan({ outputs: {} }), 'outputs: expected an object'],
    ['an output without out_specs', plan({ outSpecs: {} }), 'outSpecs.y: missing'],
    [
      'an out_spec without output',
      plan({ outSpecs: { y: [], z: [] } }),
      "outSpecs.z: there is no output named 'z'",
    ],
  ])('InputError for %s', (_, raw, message) => {
    const r = build(model4, x8, raw);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.type).toBe('InputError');
    expect(!r.ok && r.error.message).toContain(message);
  });

  it('names the undefined value an arg or output refers to', () => {
    expect(build(model4, x8, plan({ body: [{ name: 'y', op: 'neg', args: ['h'] }] }))).toEqual(
      failure('InputError', "body[0].args[0]: 'h' is neither an input nor an earlier body value"),
    );
    expect(build(model4, x8, plan({ inSpecs: { w: [] } }))).toEqual(
      failure('InputError', "inSpecs.w: 'step' has no input named 'w'"),
    );
    expect(build(model4, x8, plan({ body: [{ name: 'x', op: 'neg', args: ['x'] }] }))).toEqual(
      failure('InputError', "body[0].name: 'x' is already an input of 'step'"),
    );
    expect(build(model4, x8, plan({ outputs: { y: 'q' } }))).toEqual(
      failure('InputError', "outputs.y: 'q' is neither an input nor a body value"),
    );
  });

  it("turns body mistakes into JAX's ValueErrors", () => {
    const body = (op: object) =>
      plan({ inSpecs: { x: ['model'] }, body: [{ name: 'y', args: ['x'], ...op }] });
    expect(build(model4, x8, body({ op: 'psum', axes: ['data'] }))).toEqual(
      failure(
        'ValueError',
        'Found an unbound axis name: data. To fix this, please call psum under `jax.shard_map`.',
      ),
    );
    expect(build(model4, x8, body({ op: 'psum_scatter', axes: 'model', dim: 0 }))).toEqual(
      failure(
        'ValueError',
        'tiled reduce_scatter operand scatter dimension size 2 must be divisible by shard_count 4',
      ),
    );
    expect(build(model4, x8, body({ op: 'all_to_all', axes: 'model', splitDim: 0, concatDim: 1 }))).toEqual(
      failure(
        'ValueError',
        'The size of all_to_all split_axis (2) has to be divisible by the size of the named axis model (4)',
      ),
    );
    expect(
      build(
        model4,
        x8,
        body({
          op: 'ppermute',
          axis: 'model',
          perm: [
            [0, 1],
            [4, 2],
          ],
        }),
      ),
    ).toEqual(
      failure('ValueError', 'ppermute sources and destinations must be unique, got ((0, 1), (4, 2)).'),
    );
    const shape = build(
      model4,
      x8,
      plan({ body: [{ name: 'y', op: 'einsum', equation: 'ij,jk->ik', args: ['x', 'x'] }] }),
    );
    expect(!shape.ok && shape.error.type).toBe('ValueError');
    expect(!shape.ok && shape.error.message).toMatch(/^body\[0\] \('y' = einsum\): /);
  });
});
