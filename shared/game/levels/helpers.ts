// Small builders the level files share, so that each level reads as data: mesh axes, the Megatron grid,
// Megatron's tensor-parallel labels for a transformer block, and the edit sets levels commonly offer.
import type { PlanEditType } from '../actions.ts';
import type { TastingScenario } from '../level.ts';
import type { MeshAxisState, SpecJson } from '../planState.ts';

/** One mesh axis. */
export const axis = (name: string, size: number): MeshAxisState => ({ name, size });

/** The Megatron grid: data × stage × model (dp × pp × tp), model innermost. */
export const trainGrid = (dp: number, pp: number, tp: number): MeshAxisState[] => [
  axis('data', dp),
  axis('stage', pp),
  axis('model', tp),
];

/**
 * Megatron's tensor-parallel labels of one transformer block (transformerBlock.ts names, `prefix` e.g.
 * 'blk0/'): the fused Wqkv [d, 3, n, h] split by heads and W1 by columns (column-parallel), Wo and W2 by
 * rows (row-parallel).
 */
export function megatronBlockSpecs(axisName: string, prefix = ''): Record<string, SpecJson> {
  return {
    [`${prefix}wqkv`]: [null, null, axisName, null],
    [`${prefix}wo`]: [axisName, null, null],
    [`${prefix}w1`]: [null, axisName],
    [`${prefix}w2`]: [axisName, null],
  };
}

/** The weight names of a transformer block. */
export const blockWeights = (prefix = ''): string[] => ['wqkv', 'wo', 'w1', 'w2'].map((w) => `${prefix}${w}`);

/** Labelling dishes. */
export const LABEL_EDITS: readonly PlanEditType[] = ['setSpec', 'clearSpec'];

/**
 * The Megatron MLP at banquet size (batch 65536, d 512, ffn 2048, fp32) in four 16 GB kitchens with slow
 * windows: the dish of the column-then-row and always-model-parallel levels, so their figures compare.
 */
export const SLOW_KITCHEN_MLP: TastingScenario = {
  engine: 'tasting+pricing',
  model: 'megatronMlp',
  tastingDims: {},
  banquetDims: { batch: 65536, input: 256, hidden: 512, ffn: 2048 },
  step: 'train',
  hardware: 'fridge-16gb-slow',
  precision: 'fp32',
};
