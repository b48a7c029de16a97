// The sandbox's choices (docs/design.md §5.1 "any menu and kitchen"): the menus — the registry's tasted models and
// two Megatron GPTs priced at full scale — the kitchens (every hardware preset) and how many of them.
import { HARDWARE_PRESET_IDS, HARDWARE_PRESETS, type HardwarePresetId } from '../sim/cost/hardware.ts';
import { text, type Text } from './i18n.ts';
import type { Level, Scenario } from './level.ts';
import { columnThenRow } from './levels/columnThenRow.ts';
import { giantSpiceRack } from './levels/giantSpiceRack.ts';
import { mythCopying } from './levels/mythCopying.ts';
import { mythGspmdAutomatic } from './levels/mythGspmdAutomatic.ts';
import { tastingMenu } from './levels/tastingMenu.ts';
import { theTasting } from './levels/theTasting.ts';
import type { ManualState } from './planState.ts';

/** A menu of the sandbox. */
export interface SandboxMenu {
  readonly id: string;
  readonly title: Text;
  readonly scenario: Scenario;
  /** A shard_map recipe to start manual mode from (mesh axis `model`), when the menu offers manual mode. */
  readonly manual?: ManualState;
}

// Banquet sizes are the levels' own, read from them so the two never drift apart; every menu runs on the
// kitchen the player picks, in fp32. The two MLPs' batch is raised to 16 at the tasting scale so that it
// splits over up to 16 kitchens.
const fromLevel = (level: Level, tastingDims: Record<string, number> = {}): Scenario => {
  const s = level.scenario;
  if (s.engine !== 'tasting+pricing') throw new Error(`sandbox: ${level.id} is not a tasted level`);
  return {
    engine: 'tasting+pricing',
    model: s.model,
    tastingDims: { ...s.tastingDims, ...tastingDims },
    banquetDims: s.banquetDims,
    step: s.step,
    hardware: 'a100-40gb',
    precision: 'fp32',
  };
};

/** Every menu, in the order the sandbox lists them. */
export const SANDBOX_MENUS: readonly SandboxMenu[] = [
  {
    id: 'mlp2',
    title: text('两层 MLP（文章的例子）', "Two-layer MLP (the article's example)"),
    scenario: fromLevel(theTasting, { batch: 16 }),
    // The tasting level's answer: x·W1 by columns, ·W2 by rows, one psum.
    manual: theTasting.reference.manual!,
  },
  {
    id: 'megatronMlp',
    title: text('Megatron MLP', 'Megatron MLP'),
    scenario: fromLevel(columnThenRow, { batch: 16 }),
  },
  {
    id: 'transformerBlock',
    title: text('一个 Transformer 块', 'One transformer block'),
    scenario: fromLevel(mythCopying),
  },
  {
    id: 'gpt',
    title: text('两层 GPT', 'Two-layer GPT'),
    scenario: fromLevel(mythGspmdAutomatic),
  },
  {
    id: 'embeddingLookup',
    title: text('推荐系统的大调料架（嵌入表）', 'Recommender embedding table'),
    scenario: fromLevel(giantSpiceRack),
  },
  {
    id: 'visionDecoder',
    title: text('图文模型推理（首 token）', 'Vision-language inference (first token)'),
    scenario: fromLevel(tastingMenu),
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

/** A kitchen of the sandbox: a hardware preset, its name on screen and its fridge (HBM, decimal bytes). */
export interface SandboxKitchen {
  readonly id: HardwarePresetId;
  readonly name: Text;
  readonly memoryBytes: number;
}

/**
 * The invented kitchens' names in both languages (the presets' own names are `sim`'s, in English; a chip's
 * product name stays as it is in Chinese). Their fridges are said beside them on screen.
 */
const TEACHING_NAMES: Partial<Record<HardwarePresetId, Text>> = {
  'fridge-16gb-slow': text('教学厨房，慢窗口', 'Teaching kitchen, slow windows'),
  'fridge-16gb-fast': text('教学厨房，快窗口', 'Teaching kitchen, fast windows'),
};

/** Every hardware preset is a kitchen of the sandbox. */
export const SANDBOX_KITCHENS: readonly SandboxKitchen[] = HARDWARE_PRESET_IDS.map((id) => ({
  id,
  name: TEACHING_NAMES[id] ?? text(HARDWARE_PRESETS[id].name, HARDWARE_PRESETS[id].name),
  memoryBytes: HARDWARE_PRESETS[id].memoryBytes,
}));
