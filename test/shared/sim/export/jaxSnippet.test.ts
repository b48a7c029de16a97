// The plan as JAX: golden pieces of the generated Python for an auto plan (jit with shardings and
// constraints) and a manual one (shard_map with the player's collectives).
import { describe, expect, it } from 'vitest';
import { jaxSnippet } from '../../../../shared/sim/export/jaxSnippet.ts';
import { shardMapSnippet } from '../../../../shared/sim/export/shardMapSnippet.ts';
import { makeMesh } from '../../../../shared/sim/mesh.ts';
import { megatronMlp } from '../../../../shared/sim/models/megatronMlp.ts';
import { moeLayer } from '../../../../shared/sim/models/moeLayer.ts';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { planAuto } from '../../../../shared/sim/spmd/autoMode.ts';
import { buildShardMap } from '../../../../shared/sim/spmd/buildShardMap.ts';
import { parseManualPlan } from '../../../../shared/sim/spmd/manualPlan.ts';
import { stageOrder } from '../../../../shared/sim/export/pipelineSnippet.ts';
import { pythonNames } from '../../../../shared/sim/export/pythonOps.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
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
    "mesh = jax.make_mesh((4,), ('model',), axis_types=(AxisType.Auto,) * 1)",
    '# Tested with JAX 0.10.2 (jax and jaxlib 0.10.2).',
    "'w1': jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=S(P(None, 'model'))),",
    "'w2': jax.ShapeDtypeStruct((128, 32), jnp.float32, sharding=S(P('model'))),",
    "h_pre = jnp.einsum('bd,df->bf', x, params['w1'])",
    "h = jax.lax.with_sharding_constraint(jax.nn.gelu(h_pre, approximate=True), S(P(None, 'model')))",
    '    (_, outs), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, data)',
    '    compiled = step.lower(*abstract_args).compile()  # abstract arguments: nothing is allocated',
    '    print(compiled.memory_analysis())',
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
    "mesh = jax.make_mesh((8, 8, 8), ('data', 'stage', 'model'), axis_types=(AxisType.Auto,) * 3)",
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
    "    'w1': jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=S(P(None, 'model'))),",
  ])('contains %s', (line) => expect(py).toContain(line));
});

describe('the exports of issue 12: forward-only, pmap, pinned updates, executed on seeded data', () => {
  const model = megatronMlp();
  const mesh = unwrap(makeMesh([['data', 4]]));
  const forward = unwrap(planAuto(mesh, model.program, { inShardings: { x0: ['data'] } }));
  it('a forward-only program returns its outputs, with no loss_fn or grads', () => {
    const py = jaxSnippet(forward, { run: 'execute' });
    expect(py).toContain('    outs = forward(params, data)');
    expect(py).not.toContain('value_and_grad');
    expect(py).toContain('    args = make_args()');
    expect(py).toContain('jax.random.fold_in(jax.random.PRNGKey(seed), salt)');
  });
  const train = buildTrainStep(model.program, model.loss!, model.optimizer!);
  it('pmap mode is written as jax.pmap with the loss and gradients summed over the axis', () => {
    const plan = unwrap(planAuto(mesh, train, { inShardings: { x0: ['data'], target: ['data'] } }));
    const py = jaxSnippet(plan, { pmapAxis: 'data' });
    expect(py).toContain('step = jax.pmap(');
    expect(py).toContain(
      "    grads = jax.lax.psum(grads, 'data')  # data parallelism: every device's gradient summed",
    );
    expect(py).not.toContain('with_sharding_constraint');
  });
  it('pins every updated parameter to its input sharding', () => {
    const m4 = unwrap(makeMesh([['model', 4]]));
    const plan = unwrap(planAuto(m4, train, { inShardings: { w1: [null, 'model'], w2: ['model', null] } }));
    const py = jaxSnippet(plan);
    expect(py).toContain("    'new/w2': S(P('model')),");
  });
  it('names no value after a snippet variable (params, data, grads, opt_state)', () => {
    const b = new ProgramBuilder();
    const a = b.input('params', [2], 'data');
    b.output('grads', b.scale(a, 2, 'grads'));
    expect(pythonNames(b.build())).toEqual(['params_', 'grads_']);
  });
});

describe('the pipeline schedule in the Megatron export', () => {
  it('GPipe runs every forward first; 1F1B warms up with p − 1 forwards, then alternates', () => {
    const order = (schedule: 'gpipe' | '1f1b') =>
      stageOrder({ stages: 3, schedule, microbatches: 4, virtualStages: 1 })
        .map((w) => `${w.kind}${w.microbatch}`)
        .join(' ');
    expect(order('gpipe')).toBe('F0 F1 F2 F3 B0 B1 B2 B3');
    expect(order('1f1b')).toBe('F0 F1 F2 B0 F3 B1 B2 B3');
  });
});

describe("GShard's dispatch and combine exported as the all-to-alls the plan lists", () => {
  const model = moeLayer();
  const mesh = unwrap(makeMesh([['expert', 4]]));
  const plan = unwrap(
    planAuto(mesh, model.program, {
      inShardings: { x0: ['expert'], target: ['expert'], expert_w1: ['expert'], expert_w2: ['expert'] },
    }),
  );
  const py = jaxSnippet(plan);
  const pin = (x: string, from: string, to: string) =>
    `jax.lax.with_sharding_constraint(jax.lax.with_sharding_constraint(${x}, S(${from})), S(${to}))`;
  it('pins the dispatched tokens group-split, then expert-split, before the first expert matmul', () => {
    expect(py).toContain(
      `expert_in_to_expert_h_pre = ${pin('expert_in', "P(None, 'expert')", "P('expert')")}`,
    );
    expect(py).toContain("jnp.einsum('egcm,emf->egcf', expert_in_to_expert_h_pre, params['expert_w1'])");
  });
  it("pins the experts' outputs expert-split, then group-split, before the combine", () => {
    expect(py).toContain(`expert_out_to_moe_out = ${pin('expert_out', "P('expert')", "P(None, 'expert')")}`);
  });
  it('writes no pin where the plan moves nothing by all-to-all', () => {
    const dense = unwrap(planAuto(mesh, model.program, {}));
    expect(jaxSnippet(dense)).not.toContain('_to_');
  });
});
