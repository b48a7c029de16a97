// Kitchen-language explanations of the auto-mode, model, Megatron request, hardware, pipeline and input
// codes (autoMode.ts, buildStep.ts, trainRequest.ts, hardware.ts, pipelineSimulation.ts, input/fields.ts).
import type { SimErrorCode } from '../../sim/result.ts';
import { text, type Text } from '../i18n.ts';
import { SCHEDULE_NAMES } from '../scheduleNames.ts';
import { byType, type ExplanationTable } from './explanationTable.ts';

type PlanCode = Extract<
  SimErrorCode,
  | `auto/${string}`
  | `model/${string}`
  | `train/${string}`
  | `hardware/${string}`
  | `pipeline/${string}`
  | `input/${string}`
>;

const INTERLEAVED = SCHEDULE_NAMES.interleaved;

const interleavedOnly = (): Text =>
  text(
    `只有${INTERLEAVED['zh-CN']}排班才让一间厨房负责几段不相邻的菜序。`,
    `Only the ${INTERLEAVED.en} schedule gives one kitchen several non-adjacent courses.`,
  );

/** Explanations of the request, pricing and input codes. */
export const PLAN_EXPLANATIONS: ExplanationTable<PlanCode> = {
  'auto/unknown-name': byType('InputError'),
  'model/unknown': byType('ValueError'),
  'model/cannot-build': byType('ValueError'),
  'model/inference-only': byType('InputError'),
  'train/hidden-heads': byType('ValueError'),
  'train/model-too-large': byType('ValueError'),
  'train/too-many-devices': byType('ValueError'),
  'train/heads-tp': ({ heads, tp }) =>
    text(
      `同一道菜要切给 ${tp} 间厨房，可 ${heads} 个注意力头分不均匀。`,
      `One dish is cut for ${tp} kitchens, but its ${heads} attention heads do not share out evenly.`,
    ),
  'train/ffn-tp': ({ ffn, tp }) =>
    text(
      `MLP 的 ${ffn} 个单元分不均匀给 ${tp} 间厨房。`,
      `The MLP's ${ffn} units do not share out evenly among ${tp} kitchens.`,
    ),
  'train/seq-tp': byType('ValueError'),
  'train/virtual-stages': interleavedOnly,
  'train/layers-stages': ({ layers, stages }) =>
    text(
      `${layers} 道工序（层）要平均分成 ${stages} 个菜序站，分不均匀。`,
      `${layers} steps of the recipe (layers) must be shared equally by ${stages} course stations, which does not divide.`,
    ),
  'train/layers-per-stage': ({ pp, listed, layers, sum }) =>
    text(
      `要给 ${pp} 个菜序站各写一个工序数，合计 ${layers} 道；现在写了 ${listed} 个，合计 ${sum} 道。`,
      `Each of the ${pp} course stations needs its number of recipe steps (layers), adding up to ${layers}; ${listed} are listed, adding up to ${sum}.`,
    ),
  'train/uneven-interleaved': ({ virtualStages }) =>
    text(
      `${INTERLEAVED['zh-CN']}排班把每站分成 ${virtualStages} 段，每段的工序一样多，所以不能给各站不同的工序数。`,
      `The ${INTERLEAVED.en} schedule splits each station into ${virtualStages} chunks holding the same recipe steps, so the stations cannot hold different numbers of them.`,
    ),
  'train/global-batch': ({ globalBatch, perRound }) =>
    text(
      `${globalBatch} 位客人分不成每轮 ${perRound} 人的整桌。`,
      `${globalBatch} guests do not make whole tables of ${perRound} per round.`,
    ),
  'train/moe-needs-experts': byType('ValueError'),
  'train/ep-needs-experts': byType('ValueError'),
  'train/ep-dp': ({ ep, dp }) =>
    text(
      `专家档口要分给 ${ep} 组客桌，可 ${dp} 组客桌分不成每份 ${ep} 组。`,
      `The expert counters are spread over ${ep} groups of tables, but ${dp} groups do not split into sets of ${ep}.`,
    ),
  'train/experts-ep': ({ experts, ep }) =>
    text(
      `${experts} 个专家档口要平均分给 ${ep} 间厨房，分不均匀。`,
      `${experts} expert counters must be shared equally by ${ep} kitchens, which does not divide.`,
    ),
  'train/experts-need-sp': byType('ValueError'),
  'train/zero3-hooks': () =>
    text(
      '按 DeepSpeed 钩子重放的 ZeRO-3 只管纯调料账本：要 ZeRO 第 3 级，不切菜（tp = 1）、不分菜序（pp = 1）。',
      "DeepSpeed's ZeRO-3 hooks replay the seasoning ledger alone: ZeRO stage 3, no cut dishes (tp = 1), no courses (pp = 1).",
    ),
  'train/zero3-max-live': () =>
    text(
      '同时摊开多少调料的上限只属于 ZeRO-3 钩子：先打开 zero3Hooks。',
      'The limit on how much seasoning lies open at once belongs to the ZeRO-3 hooks: turn zero3Hooks on first.',
    ),
  'hardware/unknown': byType('ValueError'),
  'pipeline/unknown-schedule': byType('ValueError'),
  'pipeline/not-positive': byType('ValueError'),
  'pipeline/chunks-need-interleaved': interleavedOnly,
  'pipeline/interleaved-groups': ({ microbatches, stages }) =>
    text(
      `${INTERLEAVED['zh-CN']}排班按 ${stages} 桌一组轮转，${microbatches} 桌凑不成整组。`,
      `The ${INTERLEAVED.en} schedule goes round in groups of ${stages} tables; ${microbatches} tables do not make whole groups.`,
    ),
  'pipeline/too-large': byType('ValueError'),
  'pipeline/stage-times': byType('ValueError'),
  'pipeline/negative-time': byType('ValueError'),
  'pipeline/send-time': byType('ValueError'),
  'input/field': byType('InputError'),
  'input/not-json': byType('InputError'),
  'input/unknown-field': byType('InputError'),
  'input/not-a-number': byType('InputError'),
  'input/out-of-range': ({ min, max, got }) =>
    text(
      `这里要填 ${min} 到 ${max} 之间的值，不是 ${got}。`,
      `This takes a value from ${min} to ${max}, not ${got}.`,
    ),
  'input/not-one-of': ({ choices, got }) => {
    const list = choices.map((c) => `'${c}'`).join(', ');
    return text(
      `只能从 ${list} 中选，${got} 不在其中。`,
      `Choose one of ${list}; ${got} is not one of them.`,
    );
  },
  'input/unknown-command': byType('InputError'),
  'input/unknown-option': byType('InputError'),
  'input/extra-argument': byType('InputError'),
  'input/unreadable-file': byType('InputError'),
};
