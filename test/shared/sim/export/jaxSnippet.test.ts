// The plan as JAX: golden pieces of the generated Python for an auto plan (jit with shardings and
// constraints) and a manual one (shard_map with the player's collectives).
import { describe, expect, it } from 'vitest';
import { jaxSnippet } from '../../../../shared/sim/export/jaxSnippet.ts';
import { shardMapSnippet } from '../../../../shared/sim/export/shardMapSnippet.ts';
import { makeMesh } from '../../../../shared/sim/mesh.ts';
import { megatronMlp } from '../../../../shared/sim/models/megatronMlp.ts';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { planAuto } from '../../../../shared/sim/spmd/autoMode.ts';
import { buildShardMap } from '../../../../shared/sim/spmd/buildShardMap.ts';
import { parseManualPlan } from '../../../../shared/sim/spmd/manualPlan.ts';
import { trainCommand } from '../../../../shared/sim/train/trainReport.ts';
import { DESIGN_EXAMPLE, withChanges } from '../train/helpers.ts';

describe('auto mode: jax.jit with in_shardings, out_shardings and with_sharding_constraint', () => {
  const model = megatronMlp();
  const program = buildTrainStep(model.program, model.loss!, model.optimizer!);
  const mesh = unwrap(makeMesh([['model', 4]]));
  const plan = unwrap(
    planAuto(mesh, program, {
      inShardings: { w1: [null, 'model'], w2: ['model', null] },
      constraints: { h: [null, 'model'] },
    }),
  );
  const py = jaxSnippet(plan, { constraints: ['h'] });
  it.each([
    "mesh = jax.make_mesh((4,), ('model',))",
    "'w1': jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=S(P(None, 'model'))),",
    "'w2': jax.ShapeDtypeStruct((128, 32), jnp.float32, sharding=S(P('model'))),",
    "h_pre = jnp.einsum('bd,df->bf', x, params['w1'])",
    "h = jax.lax.with_sharding_constraint(jax.nn.gelu(h_pre, approximate=True), S(P(None, 'model')))",
    'loss, grads = jax.value_and_grad(loss_fn)(params, data)',
    "new_w1 = params['w1'] - w1_step",
    "w1_step = grads['w1'] * 0.1",
    "'new/w1': S(P(None, 'model')),",
    'step = jax.jit(',
    '    in_shardings=(shardings(params_shapes), shardings(opt_state_shapes), shardings(data_shapes)),',
    '    out_shardings=out_shardings,',
  ])('contains %s', (line) => expect(py).toContain(line));
});

describe('sim train exports the layer plan and the timeline', () => {
  const r = unwrap(
    trainCommand(
      withChanges({ ...DESIGN_EXAMPLE, exports: ['jax', 'trace'] }, { parallel: { globalBatch: 64 } }),
    ),
  );
  it.each([
    "mesh = jax.make_mesh((8, 8, 8), ('data', 'stage', 'model'))",
    "'wqkv': jax.ShapeDtypeStruct((12288, 3, 96, 128), jnp.bfloat16, sharding=S(P(None, None, 'model'))),",
    "'w2': jax.ShapeDtypeStruct((49152, 12288), jnp.bfloat16, sharding=S(P('model'))),",
    "'harness/x': jax.ShapeDtypeStruct((8, 2048, 12288), jnp.bfloat16, sharding=S(P('data'))),",
    "ffn_in = jax.lax.with_sharding_constraint(ffn_in_sum, NamedSharding(mesh, P('data', None, 'model')))",
    "'grad/wqkv': S(P(None, None, 'model')),",
  ])('contains %s', (line) => expect(r.jax).toContain(line));
  it('gives no gradient or update to the harness input', () => {
    expect(r.jax).not.toContain("grads['harness/x']");
    expect(r.jax).not.toContain("'m/harness/x'");
  });
  it('has one trace thread per pipeline stage, and one for its links', () => {
    const tids = new Set(r.trace!.traceEvents.map((e) => e.tid));
    const stages = [0, 1, 2, 3, 4, 5, 6, 7];
    expect([...tids].sort((a, b) => a - b)).toEqual([...stages, ...stages.map((d) => d + 1000)]);
  });
});

describe('manual mode: jax.shard_map with the collectives written out', () => {
  const mesh = unwrap(makeMesh([['model', 4]]));
  const plan = unwrap(
    parseManualPlan({
      inSpecs: { w1: [null, 'model'], w2: ['model', null] },
      outSpecs: { y: [] },
      body: [
        { name: 'h', op: 'einsum', equation: 'bd,df->bf', args: ['x', 'w1'] },
        { name: 'yp', op: 'einsum', equation: 'bf,fo->bo', args: ['h', 'w2'] },
        { name: 'y', op: 'psum', axes: ['model'], args: ['yp'] },
      ],
      outputs: { y: 'y' },
    }),
  );
  const inputs = [
    { name: 'x', shape: [2, 8] },
    { name: 'w1', shape: [8, 16] },
    { name: 'w2', shape: [16, 4] },
  ];
  const py = shardMapSnippet(unwrap(buildShardMap(mesh, inputs, plan)), mesh);
  it.each([
    'def step(x, w1, w2):',
    "    h = jnp.einsum('bd,df->bf', x, w1)",
    "    y = jax.lax.psum(yp, ('model',))",
    '    jax.shard_map(',
    "        in_specs=(P(), P(None, 'model'), P('model')),",
    '        out_specs=(P(),),',
    '        check_vma=True,',
    "    jax.device_put(jnp.zeros((8, 16), jnp.float32), NamedSharding(mesh, P(None, 'model'))),",
  ])('contains %s', (line) => expect(py).toContain(line));
});
