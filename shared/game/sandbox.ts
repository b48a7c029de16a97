// The sandbox (docs/design.md §5.1): free play with a menu (a registry model tasted and priced, or a Megatron GPT
// priced at full scale) in a kitchen (a hardware preset × a number of devices), every edit the scenario gives
// meaning to allowed. Stars come from the scenario: the perfect-scaling rate of its replicated start plan.
import { HARDWARE_PRESET_IDS, type HardwarePresetId } from '../sim/cost/hardware.ts';
import type { PlanEditType } from './actions.ts';
import { ruleError, type GameResult } from './errors.ts';
import { evaluatePlan } from './evaluatePlan.ts';
import { text } from './i18n.ts';
import type { Level, Scenario, TastingScenario, TrainScenario } from './level.ts';
import { axis, trainGrid } from './levels/helpers.ts';
import { TRAIN_AXES } from './planDocuments.ts';
import { planState, type PlanState } from './planState.ts';
import { SANDBOX_DEVICE_COUNTS, SANDBOX_KITCHENS, SANDBOX_MENUS, type SandboxMenu } from './sandboxMenus.ts';
import { scenarioProgram } from './scenarioProgram.ts';

/** The sandbox's choices. */
export interface SandboxOptions {
  readonly menu: string;
  readonly hardware: string;
  readonly devices: number;
}

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

/**
 * The sandbox level of `options`, or why they cannot make one.
 * @example sandboxLevel({ menu: 'mlp2', hardware: 'a100-40gb', devices: 4 }) // { ok: true, value: { id: 'sandbox', … } }
 */
export function sandboxLevel(options: SandboxOptions): GameResult<Level> {
  const menu = SANDBOX_MENUS.find((m) => m.id === options.menu);
  if (menu === undefined)
    return ruleError(
      'sandbox/unknown-menu',
      { menu: String(options.menu) },
      `sandbox: unknown menu '${String(options.menu)}'; menus: ${SANDBOX_MENUS.map((m) => m.id).join(', ')}.`,
    );
  const hardware = SANDBOX_KITCHENS.find((k) => k.id === options.hardware)?.id;
  if (hardware === undefined)
    return ruleError(
      'sandbox/unknown-hardware',
      { hardware: String(options.hardware) },
      `sandbox: unknown hardware '${String(options.hardware)}'; presets: ${HARDWARE_PRESET_IDS.join(', ')}.`,
    );
  const counts = SANDBOX_DEVICE_COUNTS[menu.scenario.engine];
  const devices = options.devices;
  if (!counts.includes(devices))
    return ruleError(
      'sandbox/devices',
      { devices: String(devices), allowed: counts },
      `sandbox: ${String(devices)} devices; the menu '${menu.id}' takes ${counts.join(', ')}.`,
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
  // The menus are constants whose start plans all compute (sandbox.test.ts): a failure here is a bug.
  if (!(ideal > 0 && Number.isFinite(ideal)))
    throw new Error(`sandbox: the start plan of '${menu.id}' has no compute time to derive stars from.`);
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
  const kitchen = SANDBOX_KITCHENS.find((k) => k.id === hardware)!.name;
  const train = menu.scenario.engine === 'train';
  return {
    title: text(`沙盒：${menu.title['zh-CN']}`, `Sandbox: ${menu.title.en}`),
    story: text(
      `自由厨房：${devices} 间厨房（${kitchen['zh-CN']}），做“${menu.title['zh-CN']}”。` +
        (train
          ? '网格（data × stage × model）、菜序、重算、ZeRO 和序列并行都由你来定。'
          : '网格、切法标签和模式都由你来定。'),
      `A free kitchen: ${devices} kitchens (${kitchen.en}) cooking "${menu.title.en}". ` +
        (train
          ? 'The grid (data × stage × model), the courses, recomputation, ZeRO and sequence parallelism are yours to choose.'
          : 'The grid, the slicing labels and the mode are yours to choose.'),
    ),
    goal: text(
      '试不同的方案，看冷柜、传菜和每秒上菜怎么变；把方案导出成 JAX 代码或时间线。',
      'Try plans and watch the fridges, the passes and the dishes served per second change; export the plan as JAX code or as a timeline.',
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
  // A menu's model is built from constant sizes (sandbox.test.ts builds every one): a failure is a bug.
  if (!program.ok) throw new Error(`sandbox: menu '${menu.id}' cannot be built: ${program.error.message}`);
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
