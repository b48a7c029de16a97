// Reading a `sim train` request: defaults, malformed fields (InputError with the path) and numbers that do
// not fit together (ValueError saying what to change).
import { describe, expect, it } from 'vitest';
import { parseTrainRequest } from '../../../../shared/sim/train/trainRequest.ts';
import { trainCommand } from '../../../../shared/sim/train/trainReport.ts';
import { A100, DESIGN_EXAMPLE, GPT3, withChanges } from './helpers.ts';

const errorOf = (doc: unknown) => {
  const r = parseTrainRequest(doc);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

describe('parseTrainRequest', () => {
  it('fills the defaults: ffn = 4·hidden, 1F1B, no recompute, no ZeRO, bf16-mixed', () => {
    const r = parseTrainRequest({ model: GPT3, hardware: { preset: 'h100' }, parallel: { globalBatch: 8 } });
    expect(r.ok && r.value).toMatchObject({
      model: { ffn: 4 * 12288 },
      hardware: { id: 'h100', devicesPerNode: 8 },
      parallel: {
        tp: 1,
        pp: 1,
        dp: 1,
        microBatch: 1,
        schedule: '1f1b',
        virtualStages: 1,
        recompute: 'none',
        overlapGradReduce: true,
      },
      precision: 'bf16-mixed',
    });
  });
  it('overrides devices per node', () => {
    const r = parseTrainRequest(withChanges(DESIGN_EXAMPLE, { hardware: { devicesPerNode: 4 } }));
    expect(r.ok && r.value.hardware.devicesPerNode).toBe(4);
  });
  it.each([
    [{ ...DESIGN_EXAMPLE, extra: 1 }, 'InputError', /extra: unknown field/],
    [withChanges(DESIGN_EXAMPLE, { model: { layers: 0 } }), 'InputError', /model\.layers/],
    [withChanges(DESIGN_EXAMPLE, { parallel: { schedule: 'zigzag' } }), 'InputError', /parallel\.schedule/],
    [withChanges(DESIGN_EXAMPLE, { parallel: { zeroStage: 4 } }), 'InputError', /parallel\.zeroStage/],
    [
      withChanges(DESIGN_EXAMPLE, { parallel: { sequenceParallel: 'yes' } }),
      'InputError',
      /sequenceParallel/,
    ],
    [
      withChanges(DESIGN_EXAMPLE, { parallel: { overlapGradReduce: 0 } }),
      'InputError',
      /parallel\.overlapGradReduce/,
    ],
    [
      withChanges(DESIGN_EXAMPLE, { hardware: { preset: 'tpu-v9' } }),
      'ValueError',
      /Unknown hardware "tpu-v9"/,
    ],
    [
      withChanges(DESIGN_EXAMPLE, { parallel: { globalBatch: 1004 } }),
      'ValueError',
      /multiple of microBatch·dp = 8/,
    ],
    [withChanges(DESIGN_EXAMPLE, { parallel: { pp: 5 } }), 'ValueError', /96 layers must split evenly/],
    [withChanges(DESIGN_EXAMPLE, { parallel: { tp: 7 } }), 'ValueError', /tp must divide/],
    [withChanges(DESIGN_EXAMPLE, { parallel: { tp: 64, dp: 64 } }), 'ValueError', /at most 4096/],
    [
      withChanges(DESIGN_EXAMPLE, { parallel: { virtualStages: 2 } }),
      'ValueError',
      /Only the interleaved schedule/,
    ],
    [withChanges(DESIGN_EXAMPLE, { model: { heads: 100 } }), 'ValueError', /multiple of model\.heads/],
    [
      { ...DESIGN_EXAMPLE, exports: ['trace', 'trace'] },
      'InputError',
      /exports\[1\]: 'trace' is listed twice/,
    ],
  ])('rejects %#', (doc, type, message) => {
    const e = errorOf(doc);
    expect(e.type).toBe(type);
    expect(e.message).toMatch(message);
  });
  it("reports the schedule's own constraints from the simulation", () => {
    const r = trainCommand(
      withChanges(DESIGN_EXAMPLE, {
        parallel: { schedule: 'interleaved', virtualStages: 2, globalBatch: 8 * 12 },
      }),
    );
    expect(!r.ok && r.error).toMatchObject({
      type: 'ValueError',
      message: expect.stringMatching(/multiple of the pipeline/),
    });
  });
  it('prices ZeRO on parameters that split over no data-parallel dimension, flat and padded as DeepSpeed', () => {
    const doc = (dp: number, zeroStage: number) => ({
      model: { layers: 2, hidden: 96, heads: 2, seq: 8, vocab: 64, ffn: 96 },
      hardware: A100,
      parallel: { dp, globalBatch: 7, zeroStage },
    });
    const plain = trainCommand(doc(7, 0));
    for (const stage of [1, 2, 3]) {
      const r = trainCommand(doc(7, stage));
      expect(r.ok).toBe(true);
      if (!r.ok || !plain.ok) continue;
      const m = r.value.memory.perDeviceBytes;
      const p = plain.value.memory.perDeviceBytes;
      // Every layer parameter is 96-wide or 96·96: no dimension divides by 7, so each goes flat, ⌈n/7⌉
      // per rank (the embeddings ÷ 7 exactly): ZeRO's 12Ψ/N_d, (2 + 12)Ψ/N_d, 16Ψ/N_d within padding.
      expect(m.optimizer).toBeLessThan(p.optimizer / 6.9);
      if (stage >= 2) expect(m.grads).toBeLessThan(p.grads / 6.9);
      if (stage >= 3) expect(m.params).toBeLessThan(p.params / 6.9);
      if (stage < 3) expect(m.params).toBe(p.params);
    }
  });
});
