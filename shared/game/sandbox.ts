// The sandbox (DESIGN.md §5.1): free play with a menu (a registry model tasted and priced, or a Megatron GPT
// priced at full scale) in a kitchen (a hardware preset × a number of devices), every edit the scenario gives
// meaning to allowed. Stars come from the scenario: the perfect-scaling rate of its replicated start plan.
import { HARDWARE_PRESET_IDS, HARDWARE_PRESETS, type HardwarePresetId } from '../sim/cost/hardware.ts';
import type { PlanEditType } from './actions.ts';
import { ruleError, type GameResult } from './errors.ts';
import { evaluatePlan } from './evaluatePlan.ts';
import { text, type Text } from './i18n.ts';
import type { Level, Scenario, TastingScenario, TrainScenario } from './level.ts';
import { axis, trainGrid } from './levels/helpers.ts';
import { TRAIN_AXES } from './planDocuments.ts';
import { planState, type ManualState, type PlanState } from './planState.ts';
import { scenarioProgram } from './scenarioProgram.ts';

/** A menu of the sandbox. */
export interface SandboxMenu {
  readonly id: string;
  readonly title: Text;
  readonly scenario: Scenario;
  /** A shard_map recipe to start manual mode from (mesh axis `model`), when the menu offers manual mode. */
  readonly manual?: ManualState;
}

/** The sandbox's choices. */
export interface SandboxOptions {
  readonly menu: string;
  readonly hardware: string;
  readonly devices: number;
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

const TASTING_AXES = ['model', 'data', 'x', 'y'];
const TASTING_EDITS: readonly PlanEditType[] = ['setMesh', 'renameAxis', 'setSpec', 'clearSpec', 'setMode'];
const MANUAL_EDITS: readonly PlanEditType[] = ['addManualOp', 'removeManualOp', 'setManualOutput'];
const TRAIN_EDITS: readonly PlanEditType[] = [
  'setMesh',
  'setPipeline',
  'setRecompute',
  'setZero',
  'setSequenceParallel',
];
/** Sequences per data-parallel replica and step at the start (the global batch is 8 × devices, at least 64). */
const SEQUENCES_PER_DEVICE = 8;
/** Stars at these fractions of the perfect-scaling rate (the 16 levels' three-star thresholds lie at 0.58–0.96 of it). */
const STAR_FRACTIONS = { one: 0.15, two: 0.35, three: 0.6 } as const;

const refuse = (message: string, zh: string, en: string) => ruleError('LevelRule', message, text(zh, en));

/**
 * The sandbox level of `options`, or why they cannot make one.
 * @example sandboxLevel({ menu: 'mlp2', hardware: 'a100-40gb', devices: 4 }) // { ok: true, value: { id: 'sandbox', … } }
 */
export function sandboxLevel(options: SandboxOptions): GameResult<Level> {
  const menu = SANDBOX_MENUS.find((m) => m.id === options.menu);
  if (menu === undefined)
    return refuse(
      `sandbox: unknown menu '${String(options.menu)}'; menus: ${SANDBOX_MENUS.map((m) => m.id).join(', ')}.`,
      `没有名为“${String(options.menu)}”的菜单。`,
      `There is no menu called '${String(options.menu)}'.`,
    );
  const hardware = SANDBOX_KITCHENS.find((k) => k.id === options.hardware)?.id;
  if (hardware === undefined)
    return refuse(
      `sandbox: unknown hardware '${String(options.hardware)}'; presets: ${HARDWARE_PRESET_IDS.join(', ')}.`,
      `没有名为“${String(options.hardware)}”的厨房。`,
      `There is no kitchen called '${String(options.hardware)}'.`,
    );
  const counts = SANDBOX_DEVICE_COUNTS[menu.scenario.engine];
  const devices = options.devices;
  if (!counts.includes(devices))
    return refuse(
      `sandbox: ${String(devices)} devices; the menu '${menu.id}' takes ${counts.join(', ')}.`,
      `这道菜单只能用 ${counts.join('、')} 间厨房，不能用 ${String(devices)} 间。`,
      `This menu can be cooked in ${counts.join(', ')} kitchens, not ${String(devices)}.`,
    );
  const draft =
    menu.scenario.engine === 'train'
      ? trainDraft(menu, menu.scenario, hardware, devices)
      : tastingDraft(menu, menu.scenario, hardware, devices);
  if (!draft.ok) return draft;
  const evaluated = evaluatePlan(draft.value, draft.value.start);
  if (!evaluated.ok) return evaluated;
  // Perfect scaling: the whole step's compute (one device's compute / its share of the work) over `devices`.
  const p = evaluated.evaluation.pricing;
  const ideal = (p.tokensPerStep * p.workShare * devices) / p.breakdownS.compute;
  if (!(ideal > 0 && Number.isFinite(ideal)))
    return refuse(
      `sandbox: the start plan of '${menu.id}' has no compute time to derive stars from.`,
      '这道菜单算不出评分标准。',
      'The stars of this menu cannot be worked out.',
    );
  const stars = {
    one: twoDigits(ideal * STAR_FRACTIONS.one),
    two: twoDigits(ideal * STAR_FRACTIONS.two),
    three: twoDigits(ideal * STAR_FRACTIONS.three),
  };
  return { ok: true, value: { ...draft.value, stars } };
}

/** Two significant figures: 123456 → 120000. */
function twoDigits(x: number): number {
  const unit = 10 ** (Math.floor(Math.log10(x)) - 1);
  return Math.max(1, Math.round(x / unit) * unit);
}

function texts(menu: SandboxMenu, hardware: HardwarePresetId, devices: number) {
  const kitchen = HARDWARE_PRESETS[hardware].name;
  const train = menu.scenario.engine === 'train';
  return {
    title: text(`沙盒：${menu.title['zh-CN']}`, `Sandbox: ${menu.title.en}`),
    story: text(
      `自由厨房：${devices} 间 ${kitchen} 厨房，做“${menu.title['zh-CN']}”。` +
        (train
          ? '网格（data × stage × model）、菜序、重算、ZeRO 和序列并行都由你来定。'
          : '网格、切法标签和模式都由你来定。'),
      `A free kitchen: ${devices} × ${kitchen} cooking "${menu.title.en}". ` +
        (train
          ? 'The grid (data × stage × model), the courses, recomputation, ZeRO and sequence parallelism are yours to choose.'
          : 'The grid, the slicing labels and the mode are yours to choose.'),
    ),
    goal: text(
      '试不同的方案，看冷柜、传菜和每秒 token 数怎么变；把方案导出成 JAX 代码或时间线。',
      'Try plans and watch the fridges, the passes and the tokens per second change; export the plan as JAX code or as a timeline.',
    ),
    debrief: text(
      `星级按完美扩展来定：把复制一整份时的计算量平均分给 ${devices} 间厨房、没有任何传菜时的速度，达到它的 15%、35%、60% 分别得一、二、三颗星。`,
      `Stars are measured against perfect scaling: the whole step's computation shared by ${devices} kitchens with no pass at all; 15%, 35% and 60% of that rate earn one, two and three stars.`,
    ),
  };
}

function tastingDraft(
  menu: SandboxMenu,
  base: TastingScenario,
  hardware: HardwarePresetId,
  devices: number,
): GameResult<Level> {
  const scenario: TastingScenario = { ...base, hardware };
  const program = scenarioProgram(scenario, 'tasting', 'forward');
  if (!program.ok) return refuse(program.error.message, '这道菜单做不出来。', 'This menu cannot be cooked.');
  const inputs = program.value.values.filter((v) => v.node.kind === 'input').map((v) => v.name);
  const outputs = Object.keys(menu.manual?.outputs ?? {}).filter((o) => !inputs.includes(o));
  const start = planState({ mesh: [axis('model', devices)], manual: menu.manual ?? null });
  return {
    ok: true,
    value: level(menu, hardware, devices, scenario, start, {
      editable: [...TASTING_EDITS, ...(menu.manual ? MANUAL_EDITS : [])],
      limits: {
        maxDevices: devices,
        axisNames: TASTING_AXES,
        tensors: [...inputs, ...outputs],
        modes: menu.manual ? ['auto', 'manual', 'pmap'] : ['auto', 'pmap'],
      },
    }),
  };
}

function trainDraft(
  menu: SandboxMenu,
  base: TrainScenario,
  hardware: HardwarePresetId,
  devices: number,
): GameResult<Level> {
  const scenario: TrainScenario = {
    ...base,
    hardware,
    globalBatch: Math.max(64, SEQUENCES_PER_DEVICE * devices),
  };
  const start = planState({ mesh: trainGrid(devices, 1, 1) });
  return {
    ok: true,
    value: level(menu, hardware, devices, scenario, start, {
      editable: TRAIN_EDITS,
      limits: { maxDevices: devices, axisNames: TRAIN_AXES, tensors: [], modes: ['auto'] },
    }),
  };
}

function level(
  menu: SandboxMenu,
  hardware: HardwarePresetId,
  devices: number,
  scenario: Scenario,
  start: PlanState,
  rules: Pick<Level, 'editable' | 'limits'>,
): Level {
  return {
    id: 'sandbox',
    kind: 'concept',
    concept: 'sandbox',
    ...texts(menu, hardware, devices),
    hints: [],
    scenario,
    ...rules,
    // Replaced from the start plan's evaluation by sandboxLevel.
    stars: { one: 1, two: 2, three: 3 },
    start,
    // A sandbox has no solution: the reference and the trap are the start plan.
    reference: start,
    trap: { plan: start, fails: 'slower' },
  };
}
