// `sim train` speed: pricing GPT-3 175B on 512 A100s (TP 8 × PP 8 × DP 8, 1F1B, microbatch 1, global batch
// 512 → 64 microbatches) and Megatron's 1T model on 3072 GPUs (Narayanan et al. 2021 Table 1: h 25600,
// 128 layers, 160 heads, TP 8 × PP 64 × DP 6, global batch 3072, interleaved v = 2 → 512 microbatches), and
// ZeRO-3 over 4,096 microbatches (gradientReductions.ts streams their reductions).
// Each plans the layer and the output layer through auto mode, then price and simulate (nothing is memoised
// but parsed einsum equations); "cold" empties the core's caches first (memo.ts).
import { unwrap } from '../shared/sim/result.ts';
import { resetCaches } from '../shared/sim/memo.ts';
import { trainCommand } from '../shared/sim/train/trainReport.ts';
import { ONE_T_3072 } from '../test/shared/sim/train/helpers.ts';
import { measure } from './measure.ts';

const A100 = { preset: 'a100-80gb', devicesPerNode: 8 };
const CASES = [
  {
    label: 'GPT-3 175B on 512 A100s (TP 8 × PP 8 × DP 8, 1F1B, 64 microbatches)',
    target: '< 20 ms',
    doc: {
      model: { layers: 96, hidden: 12288, heads: 96, seq: 2048, vocab: 51200 },
      hardware: A100,
      parallel: { tp: 8, pp: 8, dp: 8, globalBatch: 512, microBatch: 1, schedule: '1f1b', recompute: 'full' },
    },
  },
  {
    label: '1T on 3072 GPUs (TP 8 × PP 64 × DP 6, interleaved v 2, 512 microbatches)',
    target: '< 100 ms',
    doc: ONE_T_3072,
  },
  {
    // every microbatch's gradients reduce-scattered and gathered around: millions of reductions, streamed
    label: 'GPT 1.3B, ZeRO-3 over DP 16, 4,096 microbatches',
    target: '< 1000 ms',
    doc: {
      model: { layers: 24, hidden: 2048, heads: 16, seq: 2048, vocab: 51200 },
      hardware: A100,
      parallel: { dp: 16, globalBatch: 65536, microBatch: 1, zeroStage: 3, recompute: 'full' },
    },
  },
] as const;

/** Median milliseconds to price each case, warm (equations parsed before) and cold (the core's caches emptied first). */
export function benchTrain() {
  return {
    name: 'sim train pricing (ms per step priced)',
    cases: CASES.map(({ label, target, doc }) => {
      const r = unwrap(trainCommand(doc));
      return {
        case: label,
        target,
        iterationTimeS: Number(r.iterationTimeS.toFixed(3)),
        tflopsPerDevice: Number(r.tflopsPerDevice.hardware.toFixed(1)),
        warm: measure(`sim train warm ${label}`, () => trainCommand(doc)),
        cold: measure(
          `sim train cold ${label}`,
          () => {
            resetCaches();
            return trainCommand(doc);
          },
          { budgetMs: 2000 },
        ),
      };
    }),
  };
}
