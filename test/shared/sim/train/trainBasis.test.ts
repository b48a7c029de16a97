// `basis` in the `sim train` answer: which matmul model priced the step, with which fitted constants, and how
// many published runs `sim validate` checks it on — so a figure for hardware no published run covers (H100,
// TPUs) is not read as measured.
import { describe, expect, it } from 'vitest';
import { CALIBRATION } from '../../../../shared/sim/cost/calibration.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { PUBLISHED_RUNS } from '../../../../shared/sim/train/publishedRuns.ts';
import { trainCommand } from '../../../../shared/sim/train/trainReport.ts';
import { DESIGN_EXAMPLE, withChanges } from './helpers.ts';

const basisOn = (preset: string) =>
  unwrap(trainCommand(withChanges(DESIGN_EXAMPLE, { hardware: { preset } }))).basis;

describe('sim train basis', () => {
  it('the A100 80GB: the tile model with its fitted pair, checked on every published run', () => {
    expect(PUBLISHED_RUNS.every((r) => r.request.hardware.preset === 'a100-80gb')).toBe(true);
    expect(basisOn('a100-80gb')).toEqual({
      matmul: 'tile-model',
      matmulEfficiency: CALIBRATION.gemmPeakEfficiency,
      hbmEfficiency: CALIBRATION.gemmHbmEfficiency,
      publishedRuns: PUBLISHED_RUNS.length,
    });
  });

  it.each(['h100', 'h200', 'tpu-v5p'])(
    '%s: one flat matmul efficiency, and no published run checks it',
    (preset) => {
      expect(basisOn(preset)).toEqual({
        matmul: 'flat',
        matmulEfficiency: CALIBRATION.matmulEfficiency,
        hbmEfficiency: CALIBRATION.hbmEfficiency,
        publishedRuns: 0,
      });
    },
  );

  it('the A100 40GB shares the tile model but no published run', () => {
    expect(basisOn('a100-40gb')).toMatchObject({ matmul: 'tile-model', publishedRuns: 0 });
  });
});
