import { describe, expect, it } from 'vitest';
import { embeddingLookup } from '../../../../shared/sim/models/embeddingLookup.ts';
import { gpt } from '../../../../shared/sim/models/gpt.ts';
import { megatronMlp } from '../../../../shared/sim/models/megatronMlp.ts';
import { mlp2 } from '../../../../shared/sim/models/mlp2.ts';
import type { ModelSpec } from '../../../../shared/sim/models/ModelSpec.ts';
import { transformerBlockModel } from '../../../../shared/sim/models/transformerBlock.ts';
import { visionDecoder } from '../../../../shared/sim/models/visionDecoder.ts';
import { buildTrainStep } from '../../../../shared/sim/program/autodiff.ts';
import { interpret, outputsOf } from '../../../../shared/sim/program/interpret.ts';
import { convert, type NdArray } from '../../../../shared/sim/tensor/ndarray.ts';
import { gradCheck } from '../program/gradCheck.ts';

const small = { batch: 2, seq: 4, hidden: 8, heads: 2, headDim: 4, ffn: 16 };
const training: [string, () => ModelSpec][] = [
  ['mlp2', () => mlp2()],
  ['megatronMlp', () => megatronMlp({ batch: 4, input: 6, hidden: 8, ffn: 16 })],
  ['transformerBlock', () => transformerBlockModel(small)],
  ['gpt', () => gpt({ ...small, vocab: 10, layers: 2 })],
  [
    'embeddingLookup',
    () => embeddingLookup({ batch: 4, vocab: 10, embed: 4, userFeatures: 3, userHidden: 6 }),
  ],
];

const f64 = (inputs: Map<string, NdArray>): Map<string, NdArray> =>
  new Map([...inputs].map(([k, v]) => [k, convert(v, 'f64')]));

describe('training models: the full train step against central differences (f64, h = 1e-6)', () => {
  for (const [name, make] of training)
    it(name, () => {
      const spec = make();
      expect(spec.kind).toBe('training');
      const report = gradCheck(spec.program, spec.loss!, spec.initialInputs(3), { samples: 6 });
      expect(report.maxRelError, report.worst).toBeLessThan(1e-6);

      const step = buildTrainStep(spec.program, spec.loss!, spec.optimizer!);
      const inputs = f64(spec.initialInputs(3));
      const out = outputsOf(step, interpret(step, inputs, 'f64'));
      const lr = spec.optimizer!.lr;
      for (const v of spec.program.values) {
        if (v.node.kind !== 'input' || v.node.role !== 'param') continue;
        const [p, g, next] = [inputs.get(v.name)!, out.get(`grad/${v.name}`)!, out.get(`new/${v.name}`)!];
        expect(Math.max(...g.data.map(Math.abs)), `grad/${v.name} is not all zero`).toBeGreaterThan(0);
        next.data.forEach((q, i) => expect(q).toBeCloseTo(p.data[i]! - lr * g.data[i]!, 12));
      }
    });
});

describe('model programs', () => {
  const all: [string, () => ModelSpec][] = [...training, ['visionDecoder', () => visionDecoder()]];
  for (const [name, make] of all)
    it(`${name}: well formed, with deterministic float32 inputs`, () => {
      const spec = make();
      const { values, outputs } = spec.program;
      values.forEach((v, i) => expect(v.id).toBe(i));
      expect(new Set(values.map((v) => v.name)).size).toBe(values.length);
      expect(outputs.map((o) => o.name)).toEqual([spec.kind === 'training' ? 'loss' : 'logits']);
      const a = spec.initialInputs(11);
      const b = spec.initialInputs(11);
      const c = spec.initialInputs(12);
      expect([...a.keys()]).toEqual(values.filter((v) => v.node.kind === 'input').map((v) => v.name));
      for (const [k, v] of a) {
        expect(v.data).toBeInstanceOf(Float32Array);
        expect(v.data).toEqual(b.get(k)!.data);
      }
      expect([...a].some(([k, v]) => v.data.some((x, i) => x !== c.get(k)!.data[i]))).toBe(true);
    });

  it('gpt at the tasting scale: f32 and f64 train steps agree within 1e-4 relative', () => {
    const spec = gpt();
    expect(spec.program.values.find((v) => v.name === 'tokens')?.shape).toEqual([8, 8, 64]);
    const step = buildTrainStep(spec.program, spec.loss!, spec.optimizer!);
    const inputs = spec.initialInputs(5);
    const lo = outputsOf(step, interpret(step, inputs, 'f32'));
    const hi = outputsOf(step, interpret(step, inputs, 'f64'));
    expect(lo.get('loss')!.data[0]).toBeGreaterThan(Math.log(64) - 1.5);
    for (const { name } of step.outputs) {
      const [x, y] = [lo.get(name)!.data, hi.get(name)!.data];
      const scale = Math.max(...y.map(Math.abs));
      const diff = Math.max(...x.map((v, i) => Math.abs(v - y[i]!)));
      expect(diff / scale, name).toBeLessThan(1e-4);
    }
  });

  it('visionDecoder: inference logits over the vocabulary, f32 close to f64', () => {
    const spec = visionDecoder();
    expect(spec.kind).toBe('inference');
    expect(spec.loss).toBeUndefined();
    const logits = spec.program.outputs[0]!.value;
    expect(spec.program.values[logits]!.shape).toEqual([8, 8, 64]);
    expect(
      spec.program.values.some((v) => v.node.kind === 'einsum' && v.node.equation === 'bsnh,bpnh->bnsp'),
    ).toBe(true);
    const inputs = spec.initialInputs(1);
    const lo = interpret(spec.program, inputs, 'f32')[logits]!.data;
    const hi = interpret(spec.program, inputs, 'f64')[logits]!.data;
    const scale = Math.max(...hi.map(Math.abs));
    expect(Math.max(...lo.map((v, i) => Math.abs(v - hi[i]!))) / scale).toBeLessThan(1e-4);
  });
});
