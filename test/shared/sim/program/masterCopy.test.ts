// Mixed-precision training as the banquet scale prices it (Micikevicius et al. 2018 §3): 16-bit weights,
// activations and gradients, and the update on an fp32 master copy of each parameter, converted back to the
// 16-bit weight. Bytes only: execution computes in f32 whatever the stored type.
import { describe, expect, it } from 'vitest';
import { modelStateBytes } from '../../../../shared/sim/cost/memory.ts';
import { fusedKernels } from '../../../../shared/sim/cost/fusion.ts';
import { pyExpression } from '../../../../shared/sim/export/pythonOps.ts';
import { makeMesh } from '../../../../shared/sim/mesh.ts';
import { DTYPE_BYTES, type Program, type Value } from '../../../../shared/sim/program/ir.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { planAuto } from '../../../../shared/sim/spmd/autoMode.ts';
import { buildStep } from '../../../../shared/sim/taste/buildStep.ts';
import { unary } from '../../../../shared/sim/tensor/elementwise.ts';

const named = (program: Program, name: string): Value => {
  const v = program.values.find((x) => x.name === name);
  if (v === undefined) throw new Error(`no value '${name}'`);
  return v;
};

describe('a training step stored in bf16 with fp32 master copies', () => {
  const mixed = unwrap(buildStep('mlp2', {}, 'train', undefined, 'bf16-mixed')).program;
  const fp32 = unwrap(buildStep('mlp2', {}, 'train')).program;
  const params = fp32.values.filter((v) => v.node.kind === 'input' && v.node.role === 'param');

  it('holds every value in bf16 but the master copies, old and new, in f32', () => {
    // lr·g (`<param>_step`) takes the gradient's type; it lives inside the update's one kernel, never in HBM
    for (const v of mixed.values) {
      const master = v.name.startsWith('master/') || v.name.startsWith('new/master/');
      expect(v.dtype, v.name).toBe(master ? 'f32' : 'bf16');
    }
  });

  it('updates the master copy and writes the parameter from it: p ← convert(master − lr·g)', () => {
    expect(params.length).toBeGreaterThan(0);
    for (const p of params) {
      const master = named(mixed, `master/${p.name}`);
      expect(master.node).toEqual({ kind: 'input', role: 'optimizer' });
      const copy = named(mixed, `new/master/${p.name}`);
      expect(copy.updates).toBe(master.id);
      expect(copy.node.kind === 'binary' && copy.node.operands[0]).toBe(master.id);
      const next = named(mixed, `new/${p.name}`);
      expect(next.node).toEqual({ kind: 'unary', op: 'convert', operand: copy.id, to: 'bf16' });
      expect(next.updates).toBe(named(mixed, p.name).id);
      expect(mixed.outputs.map((o) => o.name)).toContain(`new/master/${p.name}`);
    }
  });

  it('leaves an fp32 step as it was: no master copies, nothing converted', () => {
    expect(fp32.values.every((v) => v.dtype === 'f32')).toBe(true);
    expect(fp32.values.some((v) => v.name.startsWith('master/'))).toBe(false);
  });

  it('counts the master copy as the optimizer state: 4 bytes beside 2 + 2', () => {
    const mesh = unwrap(makeMesh([['data', 1]]));
    const plan = unwrap(planAuto(mesh, mixed, {}));
    const state = modelStateBytes(plan, 'bf16-mixed');
    const elements = params.reduce((n, p) => n + p.shape.reduce((a, b) => a * b, 1), 0);
    expect(state).toMatchObject({ params: 2 * elements, grads: 2 * elements, optimizer: 4 * elements });
  });

  it('prices the SGD update as one kernel moving 12 bytes per element: master and gradient in, master and weight out', () => {
    const mesh = unwrap(makeMesh([['data', 1]]));
    const plan = unwrap(planAuto(mesh, mixed, {}));
    const kernels = fusedKernels(plan);
    for (const p of params) {
      const next = named(mixed, `new/${p.name}`);
      const kernel = [...kernels.values()].find((k) => k.members.includes(next.id));
      const elements = p.shape.reduce((a, b) => a * b, 1);
      expect(kernel?.hbmBytes, p.name).toBe(elements * (4 + 2 + 4 + 2));
    }
  });
});

describe('convert', () => {
  it('keeps the values (execution is f32) and changes only the stored type', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [3], 'param');
    const y = b.convert(x, 'bf16', 'y');
    const v = b.build().values[y]!;
    expect(v.dtype).toBe('bf16');
    expect(DTYPE_BYTES[v.dtype]).toBe(2);
    const a = { shape: [3], data: new Float64Array([1.5, -2, 3.25]) };
    expect([...unary('convert', a).data]).toEqual([1.5, -2, 3.25]);
    // a convert must name the type it writes
    expect(() => b.unary('convert', x)).toThrow(/ProgramBuilder\.convert/);
  });

  it('is astype in the JAX export', () => {
    expect(pyExpression({ kind: 'unary', op: 'convert', operand: 0, to: 'bf16' }, [3], () => 'x')).toBe(
      'x.astype(jnp.bfloat16)',
    );
  });
});
