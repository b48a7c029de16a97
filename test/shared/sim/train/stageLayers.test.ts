// Uneven pipeline stages (`parallel.layersPerStage`, shared/sim/train/stageLayers.ts): the even split
// written out prices exactly as the default; an uneven split moves compute, memory and collectives with the
// layers; the 1F1B step is never under the slowest stage's own work; malformed or inconsistent splits are
// refused with their codes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTrainRequest } from '../../../../shared/sim/train/trainRequest.ts';
import { deviceLayers, stageLayers } from '../../../../shared/sim/train/stageLayers.ts';
import { taskS } from '../../../../shared/sim/train/blockCost.ts';
import { DESIGN_EXAMPLE, report, simulate, withChanges } from './helpers.ts';

/** GPT-3 175B on 512 A100s (TP 8 × PP 8 × DP 8, 1F1B, full recompute) with its 96 layers split as given. */
const split = (layersPerStage: number[], parallel: object = {}) =>
  withChanges(DESIGN_EXAMPLE, { parallel: { ...parallel, layersPerStage } });
const EVEN = [12, 12, 12, 12, 12, 12, 12, 12];

describe('stageLayers', () => {
  it('splits evenly by default and keeps a listed split; a device adds up its chunks', () => {
    expect(stageLayers(96, 8, 1)).toEqual(EVEN);
    expect(stageLayers(96, 4, 2)).toEqual([12, 12, 12, 12, 12, 12, 12, 12]);
    expect(stageLayers(70, 12, 1, [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 5])).toHaveLength(12);
    expect(deviceLayers(stageLayers(96, 4, 2), 4, 1)).toBe(24); // chunks 1 and 5
    expect(deviceLayers([13, 11, 12, 12], 4, 0)).toBe(13);
  });

  it('prices the even split written out exactly as the default', () => {
    // every figure alike; only the echoed request differs, holding the split as written
    const { resolved: written, ...a } = report(split(EVEN));
    const { resolved: implied, ...b } = report(DESIGN_EXAMPLE);
    expect(a).toEqual(b);
    expect({ ...written.parallel, layersPerStage: undefined }).toEqual({
      ...implied.parallel,
      layersPerStage: undefined,
    });
  });

  it('moves each stage’s compute and model states with its layers', () => {
    const uneven = simulate(split([12, 11, 13, 12, 12, 12, 12, 12]));
    const even = simulate(DESIGN_EXAMPLE);
    const layerForwardS = taskS(even.stageTasks[3]!.forward) / 12;
    expect(taskS(uneven.stageTasks[1]!.forward)).toBeCloseTo(11 * layerForwardS, 12);
    expect(taskS(uneven.stageTasks[2]!.forward)).toBeCloseTo(13 * layerForwardS, 12);
    // stages 1 and 2 carry neither embedding nor output layer: their parameters differ by two layers
    const layerParamsBytes = even.memory[3]!.bytes.params / 12;
    expect(uneven.memory[2]!.bytes.params - uneven.memory[1]!.bytes.params).toBeCloseTo(
      2 * layerParamsBytes,
      0,
    );
    // the 13-layer stage paces 1F1B: slower than the even split
    expect(uneven.stepS).toBeGreaterThan(even.stepS);
  });

  it('lists the critical device’s layer collectives as many times as it holds layers', () => {
    const perStepOf = (doc: unknown) => {
      const r = report(doc);
      const line = r.collectives.find((c) => c.block === 'layer' && c.role === 'activation');
      return { perStep: line!.perStep, critical: simulate(doc).criticalStage };
    };
    const even = perStepOf(DESIGN_EXAMPLE);
    const layers = [13, 12, 12, 12, 12, 12, 12, 11]; // 1F1B ends on the first stage: it is the critical one
    const uneven = perStepOf(split(layers));
    expect(layers[uneven.critical]).toBe(13);
    expect(uneven.perStep).toBe((even.perStep / 12) * 13);
  });

  it('never prices a 1F1B step under the slowest stage’s own m microbatches of work', () => {
    const splits = fc
      .array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 })
      .map((extra) => extra.map((e) => e + 2)); // 3–8 layers on each of 4 stages
    fc.assert(
      fc.property(splits, (layers) => {
        const doc = withChanges(DESIGN_EXAMPLE, {
          model: { layers: layers.reduce((a, b) => a + b, 0) },
          parallel: { pp: 4, dp: 8, globalBatch: 256, layersPerStage: layers },
        });
        const sim = simulate(doc);
        const work = sim.stageTasks.map(
          (t) => sim.microbatches * (taskS(t.forward) + taskS(t.backward) + taskS(t.recompute)),
        );
        expect(sim.stepS).toBeGreaterThanOrEqual(Math.max(...work));
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a split that does not fit the pipeline, with its code', () => {
    const refused = (doc: unknown) => {
      const r = parseTrainRequest(doc);
      return r.ok ? 'accepted' : r.error.code;
    };
    expect(refused(split([12, 12, 12, 12, 12, 12, 12]))).toBe('train/layers-per-stage');
    expect(refused(split([12, 12, 12, 12, 12, 12, 12, 13]))).toBe('train/layers-per-stage');
    expect(
      refused(
        split([13, 11, 12, 12, 12, 12, 12, 12], {
          schedule: 'interleaved',
          virtualStages: 2,
          globalBatch: 1536,
        }),
      ),
    ).toBe('train/uneven-interleaved');
    for (const bad of [[], [12, 0, 12], [12.5], 'twelve', [12, '12']])
      expect(refused(withChanges(DESIGN_EXAMPLE, { parallel: { layersPerStage: bad } }))).toMatch(/^input\//);
    // an uneven model without a listed split is still refused, as Megatron-LM refuses it
    expect(refused(withChanges(DESIGN_EXAMPLE, { model: { layers: 90 } }))).toBe('train/layers-stages');
  });

  it('prices BLOOM-176B’s 70 layers on 12 stages (TP 4, DP 8, 384 GPUs), which an even split refuses', () => {
    const bloom = {
      model: { layers: 70, hidden: 14336, heads: 112, seq: 2048, vocab: 250880 },
      hardware: DESIGN_EXAMPLE.hardware,
      parallel: {
        tp: 4,
        pp: 12,
        dp: 8,
        globalBatch: 2048,
        microBatch: 2,
        recompute: 'full',
        zeroStage: 1,
        layersPerStage: [6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 5],
      },
    };
    const sim = simulate(bloom);
    expect(sim.stageTasks).toHaveLength(12);
    expect(sim.memory.every((m) => m.bytes.total < 80e9)).toBe(true);
    const { layersPerStage: _, ...evenParallel } = bloom.parallel;
    expect(parseTrainRequest({ ...bloom, parallel: evenParallel }).ok).toBe(false);
  });
});
