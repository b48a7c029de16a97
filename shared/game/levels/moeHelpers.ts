// The mixture-of-experts dish the expert levels share (moeLayer.ts): GShard's layer at banquet size on A100
// kitchens, 8 to a node (NVLink inside, InfiniBand across), and the labels that place its experts.
import type { TastingScenario } from '../level.ts';
import type { SpecJson } from '../planState.ts';

/**
 * 128 experts of a 4096 → 16384 → 4096 MLP (17.2 billion expert parameters), top-2 routing with a capacity
 * factor of 1.25, 64 sequences of 2048 tokens per step; tasted at 16 sequences of 4 tokens, 16 experts.
 */
export const BUFFET_MOE: TastingScenario = {
  engine: 'tasting+pricing',
  model: 'moe',
  tastingDims: { batch: 16, seq: 4, input: 4, hidden: 8, ffn: 16, experts: 16 },
  banquetDims: {
    batch: 64,
    seq: 2048,
    input: 4096,
    hidden: 4096,
    ffn: 16384,
    experts: 128,
    topK: 2,
    capacityFactor: 1.25,
  },
  step: 'train',
  hardware: 'a100-80gb',
  precision: 'bf16-mixed',
};

/** The MoE dishes a player may label: the tokens, the dense weights and the experts. */
export const MOE_TENSORS = ['x0', 'target', 'w_in', 'router', 'expert_w1', 'expert_w2'];

/** Expert parallelism on `axis`: the token groups split over it, and each kitchen the home of E/n experts. */
export const expertParallel = (axis: string): Record<string, SpecJson> => ({
  x0: [axis],
  target: [axis],
  expert_w1: [axis],
  expert_w2: [axis],
});

/** Every expert cut by its hidden units over `axis` (tensor-parallel experts), the tokens whole. */
export const tensorParallelExperts = (axis: string): Record<string, SpecJson> => ({
  expert_w1: [null, null, axis],
  expert_w2: [null, axis, null],
});
