// `sim train` says what it priced (sim audit, stop 47): a request without `tp` was priced at tp = 1 and
// nothing in the answer said so; the optimizer, the attention's activations and the peak MFU is taken
// against were nowhere; a `sim validate` row could not be run again without reading publishedRuns.ts.
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../../../shared/sim/result.ts';
import { trainCommand } from '../../../../shared/sim/train/trainReport.ts';
import { validateRuns } from '../../../../shared/sim/train/validateRuns.ts';

const SMALL = { layers: 2, hidden: 128, heads: 4, seq: 64, vocab: 256 };

describe('the resolved request and the assumptions', () => {
  it('echo every default the request left out', () => {
    const r = unwrap(
      trainCommand({ model: SMALL, hardware: { preset: 'a100-80gb' }, parallel: { dp: 2, globalBatch: 4 } }),
    );
    expect(r.resolved.model).toMatchObject({ ...SMALL, ffn: 4 * 128 });
    expect(r.resolved.parallel).toMatchObject({
      tp: 1,
      pp: 1,
      dp: 2,
      microBatch: 1,
      schedule: '1f1b',
      virtualStages: 1,
      recompute: 'none',
      sequenceParallel: false,
      zeroStage: 0,
    });
    expect(r.resolved.precision).toBe('bf16-mixed');
    expect(r.resolved.hardware).toMatchObject({ preset: 'a100-80gb', devicesPerNode: 8, peakTflops: 312 });
    expect(r.assumptions.join('\n')).toMatch(/2 \+ 2 \+ 12 bytes of model state per parameter/);
    expect(r.assumptions.join('\n')).toMatch(/5as²b/);
    // MFU is model FLOPs over this peak: the answer's own figures agree with the stated peak
    expect(r.mfu).toBeCloseTo(r.tflopsPerDevice.model / r.resolved.hardware.peakTflops, 12);
  });

  it("names the fp32 peak when the plan trains in fp32 (A100: 19.5 TFLOP/s, not TF32's)", () => {
    const r = unwrap(
      trainCommand({
        model: SMALL,
        hardware: { preset: 'a100-80gb' },
        parallel: { dp: 2, globalBatch: 4 },
        precision: 'fp32',
      }),
    );
    expect(r.resolved.hardware.peakTflops).toBe(19.5);
    expect(r.assumptions.join('\n')).toMatch(/fp32 peak, 19\.5 TFLOP\/s/);
    expect(r.assumptions.join('\n')).toMatch(/4 \+ 4 \+ 8 bytes/);
  });

  it('says that sequence parallelism at tp = 1 splits nothing, and prices it as off', () => {
    const doc = (sequenceParallel: boolean) => ({
      model: SMALL,
      hardware: { preset: 'a100-80gb' },
      parallel: { dp: 2, globalBatch: 4, sequenceParallel },
    });
    const on = unwrap(trainCommand(doc(true)));
    const off = unwrap(trainCommand(doc(false)));
    expect(on.iterationTimeS).toBe(off.iterationTimeS);
    expect(on.memory).toEqual(off.memory);
    expect(on.assumptions.join('\n')).toMatch(/sequence parallelism at tp = 1/);
    expect(off.assumptions.join('\n')).not.toMatch(/sequence parallelism/);
  });

  it('says how ZeRO-2/3 passes over many microbatches, and where it is priced as DeepSpeed would not run it', () => {
    const said = (parallel: Record<string, unknown>) =>
      unwrap(trainCommand({ model: SMALL, hardware: { preset: 'a100-80gb' }, parallel })).assumptions.join(
        '\n',
      );
    // 4 sequences per replica in microbatches of 1: 4 microbatches
    expect(said({ dp: 2, globalBatch: 8, zeroStage: 2 })).toMatch(
      /ZeRO-2 over 4 microbatches: .*4 times a step where ZeRO-1 reduces once/,
    );
    expect(said({ dp: 2, globalBatch: 2, zeroStage: 3 })).not.toMatch(/microbatches:/);
    expect(said({ dp: 2, globalBatch: 8, zeroStage: 1 })).not.toMatch(/ZeRO-1 over/);
    expect(said({ dp: 2, pp: 2, globalBatch: 8, zeroStage: 3 })).toMatch(/pipeline engine refuses it/);
    expect(said({ dp: 2, pp: 2, globalBatch: 8, zeroStage: 1 })).not.toMatch(/refuses/);
  });

  it('lets every sim validate row be priced again from its own request', () => {
    for (const row of validateRuns().rows.slice(0, 4))
      expect(unwrap(trainCommand(row.request)).iterationTimeS, row.id).toBe(row.oursS);
  });
});
