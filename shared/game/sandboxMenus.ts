// The sandbox's choices (DESIGN.md §5.1 "any menu and kitchen"): the menus — the registry's tasted models and
// two Megatron GPTs priced at full scale — the kitchens (every hardware preset) and how many of them.
import { HARDWARE_PRESET_IDS, HARDWARE_PRESETS, type HardwarePresetId } from '../sim/cost/hardware.ts';
import { text, type Text } from './i18n.ts';
import type { Scenario } from './level.ts';
import type { ManualState } from './planState.ts';

/** A menu of the sandbox. */
export interface SandboxMenu {
  readonly id: string;
  readonly title: Text;
  readonly scenario: Scenario;
  /** A shard_map recipe to start manual mode from (mesh axis `model`), when the menu offers manual mode. */
  readonly manual?: ManualState;
}

/** The article's MLP as a shard_map: x·W1 by columns, ·W2 by rows, one psum (the tasting level's recipe). */
const MLP2_RECIPE: ManualState = {
  inSpecs: { x: [], w1: [null, 'model'], w2: ['model', null] },
  outSpecs: { pred: [] },
  checkVma: false,
  body: [
    { name: 'h', op: 'einsum', equation: 'bi,ih->bh', args: ['x', 'w1'] },
    { name: 'pred_partial', op: 'einsum', equation: 'bh,ho->bo', args: ['h', 'w2'] },
    { name: 'pred_sum', op: 'psum', axes: ['model'], args: ['pred_partial'] },
  ],
  outputs: { pred: 'pred_sum' },
};

// Banquet sizes are the levels' own (fridgeTooSmall/passingStyles, helpers SLOW_KITCHEN_MLP, mythCopying,
// mythGspmdAutomatic, giantSpiceRack, tastingMenu, courses, theBanquet); the batch of the two MLPs is raised
// to 16 at the tasting scale so that it splits over up to 16 kitchens.
const tasting = (
  model: string,
  tastingDims: Record<string, number>,
  banquetDims: Record<string, number>,
  step: 'train' | 'forward' = 'train',
): Scenario => ({
  engine: 'tasting+pricing',
  model,
  tastingDims,
  banquetDims,
  step,
  hardware: 'a100-40gb',
  precision: 'fp32',
});

/** Every menu, in the order the sandbox lists them. */
export const SANDBOX_MENUS: readonly SandboxMenu[] = [
  {
    id: 'mlp2',
    title: text('两层 MLP（文章的例子）', "Two-layer MLP (the article's example)"),
    scenario: tasting('mlp2', { batch: 16 }, { batch: 32768, input: 512, hidden: 8192, output: 512 }),
    manual: MLP2_RECIPE,
  },
  {
    id: 'megatronMlp',
    title: text('Megatron MLP', 'Megatron MLP'),
    scenario: tasting('megatronMlp', { batch: 16 }, { batch: 65536, input: 256, hidden: 512, ffn: 2048 }),
  },
  {
    id: 'transformerBlock',
    title: text('一个 Transformer 块', 'One transformer block'),
    scenario: tasting(
      'transformerBlock',
      { batch: 4, seq: 4, hidden: 16, heads: 4, headDim: 4, ffn: 64 },
      { batch: 4, seq: 512, hidden: 12288, heads: 96, headDim: 128, ffn: 49152 },
    ),
  },
  {
    id: 'gpt',
    title: text('两层 GPT', 'Two-layer GPT'),
    scenario: tasting(
      'gpt',
      { batch: 4, seq: 4, hidden: 16, heads: 4, headDim: 4, ffn: 64, vocab: 32, layers: 2 },
      { batch: 4, seq: 512, hidden: 8192, heads: 64, headDim: 128, ffn: 32768, vocab: 8192, layers: 2 },
    ),
  },
  {
    id: 'embeddingLookup',
    title: text('推荐系统的大调料架（嵌入表）', 'Recommender embedding table'),
    scenario: tasting(
      'embeddingLookup',
      { batch: 16, vocab: 64 },
      { batch: 256, vocab: 16_000_000, embed: 256, userFeatures: 256, userHidden: 1024 },
    ),
  },
  {
    id: 'visionDecoder',
    title: text('图文模型推理（首 token）', 'Vision-language inference (first token)'),
    scenario: tasting(
      'visionDecoder',
      { batch: 2 },
      {
        batch: 1,
        seq: 2048,
        hidden: 8192,
        heads: 64,
        headDim: 128,
        ffn: 32768,
        patches: 1024,
        channels: 588,
        vocab: 32000,
      },
      'forward',
    ),
  },
  {
    id: 'gpt-2.7b',
    title: text('Megatron GPT，27 亿参数', 'Megatron GPT, 2.7 billion parameters'),
    scenario: {
      engine: 'train',
      model: { layers: 32, hidden: 2560, heads: 32, seq: 2048, vocab: 51200 },
      hardware: 'a100-40gb',
      precision: 'bf16-mixed',
      globalBatch: 0, // set from the devices by sandboxLevel
    },
  },
  {
    id: 'gpt-175b',
    title: text('Megatron GPT，1750 亿参数', 'Megatron GPT, 175 billion parameters'),
    scenario: {
      engine: 'train',
      model: { layers: 96, hidden: 12288, heads: 96, seq: 2048, vocab: 51200 },
      hardware: 'a100-80gb',
      precision: 'bf16-mixed',
      globalBatch: 0, // set from the devices by sandboxLevel
    },
  },
];

/** Kitchens a sandbox may have: the tasting runs every simulated device for real, so it stops at 16. */
export const SANDBOX_DEVICE_COUNTS: Readonly<Record<Scenario['engine'], readonly number[]>> = {
  'tasting+pricing': [1, 2, 4, 8, 16],
  train: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024],
};

/** A kitchen of the sandbox: a hardware preset, its name and its fridge (HBM, decimal bytes). */
export interface SandboxKitchen {
  readonly id: HardwarePresetId;
  readonly name: string;
  readonly memoryBytes: number;
}

/** Every hardware preset is a kitchen of the sandbox. */
export const SANDBOX_KITCHENS: readonly SandboxKitchen[] = HARDWARE_PRESET_IDS.map((id) => ({
  id,
  name: HARDWARE_PRESETS[id].name,
  memoryBytes: HARDWARE_PRESETS[id].memoryBytes,
}));
