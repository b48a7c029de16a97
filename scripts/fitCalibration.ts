// Fits the cost model's constants (shared/sim/cost/calibration.ts) on the calibration rows of
// docs/cost-model.md §6 — and only on them: a grid over e_max of the A100's GEMM tile model and its HBM
// efficiency, least squares of the relative errors in iteration time. The flat pair of devices without a
// tile model is not refitted. `node --import tsx scripts/fitCalibration.ts` prints the best point and
// every calibration row's error (about a minute).
import { CALIBRATION, type Calibration } from '../shared/sim/cost/calibration.ts';
import { PUBLISHED_RUNS } from '../shared/sim/train/publishedRuns.ts';
import { validateRun } from '../shared/sim/train/validateRuns.ts';

const rows = PUBLISHED_RUNS.filter((r) => r.calibration);
const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => +(from + i * step).toFixed(4));

let best: { cal: Calibration; loss: number } | undefined;
for (const gemmPeakEfficiency of range(0.64, 0.8, 0.01))
  for (const gemmHbmEfficiency of range(0.55, 0.9, 0.05)) {
    const cal: Calibration = { ...CALIBRATION, gemmPeakEfficiency, gemmHbmEfficiency };
    const loss = rows.reduce((s, r) => s + (validateRun(r, cal).error ?? 1) ** 2, 0);
    if (!best || loss < best.loss) best = { cal, loss };
  }
console.log(JSON.stringify(best!.cal));
for (const r of rows) {
  const v = validateRun(r, best!.cal);
  const pct = ((v.error ?? 0) * 100).toFixed(1);
  console.log(
    `${r.id.padEnd(12)} published ${v.published.iterationS.toFixed(3)} s, ours ${v.oursS!.toFixed(3)} s (${pct}%)`,
  );
}
