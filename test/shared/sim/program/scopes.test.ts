// Scopes (ir.ts `Value.scope`, as `jax.named_scope` records a name stack): the builder nests them, the
// backward pass puts each VJP's values in the scope of the value it differentiates and the update in its
// parameter's, and scoping a model changes nothing else about its program (the static view groups by them).
import { describe, expect, it } from 'vitest';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import { ProgramBuilder } from '../../../../shared/sim/program/ProgramBuilder.ts';
import type { Program } from '../../../../shared/sim/program/ir.ts';
import { gpt } from '../../../../shared/sim/models/gpt.ts';
import { megatronMlp } from '../../../../shared/sim/models/megatronMlp.ts';
import { transformerBlockModel } from '../../../../shared/sim/models/transformerBlock.ts';

const trainStep = (m: ReturnType<typeof gpt>): Program => {
  if (m.kind !== 'training') throw new Error('not a training model');
  return buildTrainStep(m.program, m.loss!, m.optimizer!);
};
const scopeOf = (p: Program, name: string) => p.values.find((v) => v.name === name)!.scope;

describe('ProgramBuilder.within', () => {
  it('nests scopes, records them on the values made inside, and restores the outer one (even on a throw)', () => {
    const b = new ProgramBuilder();
    const x = b.input('x', [2], 'data');
    const y = b.within('blk0', () => b.within('mlp', () => b.neg(x, 'y')));
    expect(() => b.within('bad', () => b.neg(99))).toThrow();
    const z = b.within('', () => b.exp(y, 'z'));
    const p = b.build();
    expect([x, y, z].map((id) => p.values[id]!.scope)).toEqual(['', 'blk0/mlp', '']);
    expect(b.scope).toBe('');
  });

  it('keeps a value’s scope when it is tagged', () => {
    const b = new ProgramBuilder();
    const y = b.within('head', () => b.neg(b.input('x', [2], 'data'), 'y'));
    b.tag(y, { name: 'renamed' });
    expect(b.value(y)).toMatchObject({ name: 'renamed', scope: 'head' });
  });
});

describe('scopes of a training step', () => {
  const step = trainStep(transformerBlockModel());

  it('puts the forward pass of one block in its attention and MLP sub-layers', () => {
    expect(['x', 'target', 'mask'].map((n) => scopeOf(step, n))).toEqual(['', '', '']);
    expect(['wqkv', 'wo', 'ln1', 'qkv', 'probs', 'resid1'].map((n) => scopeOf(step, n))).toEqual(
      Array(6).fill('block/attention'),
    );
    expect(['w1', 'w2', 'ln2', 'ffn', 'resid2'].map((n) => scopeOf(step, n))).toEqual(
      Array(5).fill('block/mlp'),
    );
    expect(scopeOf(step, 'loss')).toBe('loss');
  });

  it('puts every backward value in a scope of the forward pass, gradients and updates with their weights', () => {
    const forward = new Set(step.values.filter((v) => v.phase === 'forward').map((v) => v.scope));
    for (const v of step.values.filter((v) => v.phase !== 'forward')) expect(forward).toContain(v.scope);
    expect(scopeOf(step, 'grad/wqkv')).toBe('block/attention');
    expect(scopeOf(step, 'grad/w2')).toBe('block/mlp');
    expect(scopeOf(step, 'new/wo')).toBe('block/attention');
    expect(scopeOf(step, 'new/w1')).toBe('block/mlp');
    expect(scopeOf(step, 'dffn')).toBe('block/mlp');
  });

  it('names a GPT’s blocks by their prefix, its embedding, head and loss', () => {
    const g = trainStep(gpt());
    expect(scopeOf(g, 'embed')).toBe('embedding');
    expect(scopeOf(g, 'blk1/wqkv')).toBe('blk1/attention');
    expect(scopeOf(g, 'grad/blk0/w1')).toBe('blk0/mlp');
    expect(scopeOf(g, 'logits')).toBe('head');
    expect(scopeOf(g, 'loss')).toBe('loss');
  });

  it('names the Megatron MLP’s input projection apart from the data inputs', () => {
    const p = trainStep(megatronMlp());
    expect(['x0', 'target'].map((n) => scopeOf(p, n))).toEqual(['', '']);
    expect(['w_in', 'x_proj', 'x', 'grad/w_in'].map((n) => scopeOf(p, n))).toEqual(Array(4).fill('in_proj'));
    expect(['w1', 'h', 'y', 'new/w2'].map((n) => scopeOf(p, n))).toEqual(Array(4).fill('mlp'));
  });

  it('leaves the program otherwise as it was: inputs in the same order (they are drawn in that order)', () => {
    const inputs = step.values.filter((v) => v.node.kind === 'input').map((v) => v.name);
    expect(inputs).toEqual([
      'x',
      'target',
      'mask',
      'wqkv',
      'wo',
      'w1',
      'w2',
      'select_q',
      'select_k',
      'select_v',
    ]);
    const g = gpt()
      .program.values.filter((v) => v.node.kind === 'input')
      .map((v) => v.name);
    expect(g.slice(0, 9)).toEqual([
      'tokens',
      'labels',
      'mask',
      'embed',
      'pos',
      'blk0/wqkv',
      'blk0/wo',
      'blk0/w1',
      'blk0/w2',
    ]);
  });
});
