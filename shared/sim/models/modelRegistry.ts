// The models a plan can name, with the tasting-scale dimensions a player may change and their bounds
// (kept small: the tasting really computes every shard on every simulated device).
import { embeddingLookup, EMBEDDING_LOOKUP_DIMS } from './embeddingLookup.ts';
import { gpt, GPT_DIMS } from './gpt.ts';
import { megatronMlp, MEGATRON_MLP_DIMS } from './megatronMlp.ts';
import { mlp2, MLP2_DIMS } from './mlp2.ts';
import { servedShare } from '../cost/routedTokens.ts';
import { moeLayer, MOE_DIMS } from './moeLayer.ts';
import type { ModelSpec } from './ModelSpec.ts';
import { quoteValue } from '../input/quoteValue.ts';
import { err, ok, type Result } from '../result.ts';
import { transformerBlockModel, BLOCK_DIMS } from './transformerBlock.ts';
import { visionDecoder, VISION_DECODER_DIMS } from './visionDecoder.ts';

export interface ModelEntry {
  readonly build: (dims: Readonly<Record<string, number>>) => ModelSpec;
  /** Default dimensions, by name; a plan may override any of them. */
  readonly dims: Readonly<Record<string, number>>;
  /** Expected share of the tokens the model serves at these dims, when it may drop some (routedTokens.ts). */
  readonly servedShare?: (dims: Readonly<Record<string, number>>) => number;
}

/** Largest tasting-scale dimension; layers are bounded separately. */
export const MAX_TASTING_DIM = 512;
export const MAX_TASTING_LAYERS = 8;

export const MODELS: Readonly<Record<string, ModelEntry>> = {
  mlp2: { build: (d) => mlp2(d), dims: { ...MLP2_DIMS } },
  megatronMlp: { build: (d) => megatronMlp(d), dims: { ...MEGATRON_MLP_DIMS } },
  transformerBlock: { build: (d) => transformerBlockModel(d), dims: { ...BLOCK_DIMS } },
  gpt: { build: (d) => gpt(d), dims: { ...GPT_DIMS } },
  embeddingLookup: { build: (d) => embeddingLookup(d), dims: { ...EMBEDDING_LOOKUP_DIMS } },
  visionDecoder: { build: (d) => visionDecoder(d), dims: { ...VISION_DECODER_DIMS } },
  moe: {
    build: (d) => moeLayer(d),
    dims: { ...MOE_DIMS },
    servedShare: (d) => servedShare({ ...MOE_DIMS, ...d }),
  },
};

export const MODEL_NAMES = Object.keys(MODELS);

/** The model named `name`, or a ValueError listing the known names (as hardwarePreset does for hardware). */
export function modelEntry(name: string): Result<ModelEntry> {
  if (Object.hasOwn(MODELS, name)) return ok(MODELS[name]!);
  return err(
    'model/unknown',
    { model: name, known: MODEL_NAMES },
    `Unknown model ${quoteValue(name)}. Known models: ${MODEL_NAMES.join(', ')}.`,
  );
}
