// Concept level: the banquet (the article's "512 块 A100 训练 175B 参数模型，8 路张量并行 + 8 段流水线并行"):
// GPT-3 175B (96 layers, hidden 12288, 96 heads, sequence 2048) on 512 A100 80 GB, global batch 1536.
// 175e9 parameters are 700 GB in fp32 and 350 GB in bf16/fp16; training with mixed-precision Adam keeps
// 16 bytes per parameter, 2.8 TB. Reference: Narayanan et al. 2021's layout tp 8 × pp 8 × dp 8.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { trainGrid } from './helpers.ts';

const copyEverywhere = planState({
  mesh: trainGrid(512, 1, 1),
  pipeline: { microbatches: 3, schedule: '1f1b', virtualStages: 1 },
  recompute: 'full',
});

/** The article's plan: tp 8 inside a node, 8 stages of 12 layers, dp 8; 192 rounds, full recomputation. */
const articlePlan = planState({
  mesh: trainGrid(8, 8, 8),
  pipeline: { microbatches: 192, schedule: '1f1b', virtualStages: 1 },
  recompute: 'full',
});

/** The banquet: GPT-3 175B on 512 A100s. */
export const theBanquet: Level = {
  id: 'the-banquet',
  kind: 'concept',
  concept: 'hybrid-parallel',
  title: text('满汉全席', 'The banquet'),
  story: text(
    '终于到了满汉全席：一个 1750 亿参数的 GPT-3，64 台节点、每台 8 间厨房，一共 512 间，每间 80 GB 的冷柜。同一节点里的厨房之间是快窗口（NVLink），节点之间是慢一些的窗口（InfiniBand）。' +
      '有人提议：512 间厨房每间放一整份菜谱，各自接待 3 位客人。阿明算了算那本账，笑了。',
    'At last, the banquet: GPT-3 with 175 billion parameters, on 64 nodes of 8 kitchens each — 512 kitchens with 80 GB fridges. Kitchens in a node share fast windows (NVLink); between nodes the windows are slower (InfiniBand). ' +
      'Someone suggests putting the whole recipe in each of the 512 kitchens, each serving 3 guests. A-Ming does the sums and smiles.',
  ),
  goal: text(
    '把 512 间厨房排成 数据 × 菜序 × 同菜切分 的网格，选好上菜轮数和重算策略：冷柜装得下，每秒 token 越多越好。',
    'Arrange the 512 kitchens as a data × stage × model grid, choose the rounds and the recomputation: every fridge fits, and the more tokens per second the better.',
  ),
  hints: [
    text(
      '先算账：每个参数训练时要 16 字节，1750 亿参数就是 2.8 TB，一间厨房只有 80 GB。',
      'Do the sums first: training keeps 16 bytes per parameter, so 175 billion parameters need 2.8 TB; one kitchen has 80 GB.',
    ),
    text(
      '同一道菜的切分（model）最好留在一个节点的 8 间厨房里：每层都要汇总，只有快窗口受得了。',
      "Keep the cuts of one dish (model) inside a node's 8 kitchens: every layer sums its parts, and only the fast windows can take it.",
    ),
    text(
      '再用菜序（stage）把 96 层分给几个节点，剩下的厨房复制菜单分客桌（data）。微批越多，气泡越小。',
      'Then split the 96 layers into courses (stage) over several nodes, and let the remaining kitchens copy the menu (data). The more rounds, the smaller the bubble.',
    ),
  ],
  debrief: text(
    '先把数字弄对：1750 亿参数在 fp32 下是 700 GB，在 bf16/fp16 下是 350 GB（文章写成“700GB（FP16）”是错的）；混合精度 Adam 训练时每个参数 16 字节，共 2.8 TB。512 间厨房各放一整份（起始方案），每间要 {start.memory}——2.8 TB / 80 GB，要 35 个冷柜才装得下。' +
      '按文章的方案：8 路张量并行留在节点内的 NVLink 上，8 段流水线跨节点，每段 12 层，其余 8 路数据并行。每间厨房只放 1/64 的模型：参数 {articlePlan.params}、梯度 {articlePlan.grads}、优化器状态 {articlePlan.optimizer}，加上全部重算后的激活 {articlePlan.activations}，最满的冷柜共 {articlePlan.memory}。' +
      '每条流水线每步 1536/8 = 192 轮，气泡公式 (p−1)/(m+p−1) = 7/199 ≈ 3.5%（模拟里首末站更重，是 {articlePlan.bubble}）。按文章的方案一步 {articlePlan.stepTime}，每秒 {articlePlan.rate} 个 token，并行效率 {articlePlan.efficiency}——与 Megatron-LM 论文报告的量级一致。' +
      '参考方案换成选择性重算加序列并行，激活仍装得下：一步 {reference.stepTime}，每秒 {reference.rate} 个 token，冷柜 {reference.memory}。三种刀法一起上，才做得出满汉全席。',
    'First get the numbers right: 175 billion parameters are 700 GB in fp32 and 350 GB in bf16/fp16 (the article\'s "700 GB (FP16)" is wrong); training with mixed-precision Adam keeps 16 bytes per parameter, 2.8 TB. A whole copy in each of 512 kitchens (the starting plan) needs {start.memory} per kitchen — 2.8 TB / 80 GB, the room of 35 fridges. ' +
      "The article's plan: 8-way tensor parallelism inside a node on NVLink, 8 pipeline stages of 12 layers across nodes, and 8-way data parallelism for the rest. Each kitchen holds 1/64 of the model: {articlePlan.params} of parameters, {articlePlan.grads} of gradients, {articlePlan.optimizer} of optimizer state, and {articlePlan.activations} of activations with full recomputation: {articlePlan.memory} in the fullest fridge. " +
      'Each pipeline serves 1536/8 = 192 rounds per step; the bubble formula (p−1)/(m+p−1) gives 7/199 ≈ 3.5% ({articlePlan.bubble} in the simulation, whose first and last stages are heavier). The article’s plan takes {articlePlan.stepTime} a step, {articlePlan.rate} tokens per second, parallel efficiency {articlePlan.efficiency} — the order of what the Megatron-LM paper reports. ' +
      'The reference plan uses selective recomputation and sequence parallelism instead: the activations still fit, a step takes {reference.stepTime}, {reference.rate} tokens per second, a {reference.memory} fridge. All three ways of cutting together make the banquet.',
  ),
  scenario: {
    engine: 'train',
    model: { layers: 96, hidden: 12288, heads: 96, seq: 2048, vocab: 51200 },
    hardware: 'a100-80gb',
    precision: 'bf16-mixed',
    globalBatch: 1536,
  },
  editable: ['setMesh', 'setPipeline', 'setRecompute', 'setZero', 'setSequenceParallel'],
  limits: { maxDevices: 512, axisNames: ['data', 'stage', 'model'], tensors: [], modes: ['auto'] },
  stars: parStars('the-banquet'),
  start: copyEverywhere,
  // The article's grid with selective recomputation and sequence parallelism, within 5% of par (shared/game/
  // par/parTable.ts: the same grid keeping every activation with sequence parallelism, 79.9 GB of 80).
  reference: planState({ ...articlePlan, recompute: 'selective', sequenceParallel: true }),
  trap: { plan: copyEverywhere, fails: 'memory' },
  lessonPlans: { articlePlan },
};
