// Requests for `sim train` in tests: the published configurations of docs/cost-model.md and small variations.
import { unwrap } from '../../../../shared/sim/result.ts';
import { simulateTrain, type TrainSimulation } from '../../../../shared/sim/train/simulateTrain.ts';
import { trainReport, type TrainReport } from '../../../../shared/sim/train/trainReport.ts';
import { parseTrainRequest, type TrainRequest } from '../../../../shared/sim/train/trainRequest.ts';

export const GPT3 = { layers: 96, hidden: 12288, heads: 96, seq: 2048, vocab: 51200 } as const;
export const A100 = { preset: 'a100-80gb', devicesPerNode: 8 } as const;

/** The docs/design.md §4.4 example: GPT-3 175B on 512 A100s, TP 8 × PP 8 × DP 8, 1F1B, full recompute. */
export const DESIGN_EXAMPLE = {
  model: GPT3,
  hardware: A100,
  parallel: {
    tp: 8,
    pp: 8,
    dp: 8,
    globalBatch: 1536,
    microBatch: 1,
    schedule: '1f1b',
    virtualStages: 1,
    recompute: 'full',
    sequenceParallel: false,
    zeroStage: 0,
  },
  precision: 'bf16-mixed',
} as const;

/**
 * Megatron's 1T model on 3072 A100s as docs/pricing.md prices it untuned (Narayanan et al. 2021 Table 1's 1008B
 * row: h 25600, 128 layers, 160 heads, TP 8 × PP 64 × DP 6, global batch 3072, interleaved v 2, full recompute).
 */
export const ONE_T_3072 = {
  model: { layers: 128, hidden: 25600, heads: 160, seq: 2048, vocab: 51200 },
  hardware: A100,
  parallel: {
    tp: 8,
    pp: 64,
    dp: 6,
    globalBatch: 3072,
    microBatch: 1,
    schedule: 'interleaved',
    virtualStages: 2,
    recompute: 'full',
  },
} as const;

/** A request document with some fields replaced. */
export function withChanges(
  base: { model: object; hardware: object; parallel: object; precision?: string; exports?: string[] },
  changes: { model?: object; hardware?: object; parallel?: object },
): unknown {
  return {
    ...base,
    model: { ...base.model, ...changes.model },
    hardware: { ...base.hardware, ...changes.hardware },
    parallel: { ...base.parallel, ...changes.parallel },
  };
}

export const request = (doc: unknown): TrainRequest => unwrap(parseTrainRequest(doc));
export const simulate = (doc: unknown): TrainSimulation => unwrap(simulateTrain(request(doc)));
export const report = (doc: unknown): TrainReport => trainReport(simulate(doc));
