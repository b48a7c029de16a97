// Concept level: the profiler (the article's "实战调优": measure memory, find the communication hot spot,
// then re-cut from coarse to fine). A 22e9-parameter GPT on 4 nodes of 8 A100 80 GB, handed over with
// 16-way tensor parallelism: every layer's AllReduces cross the node boundary on InfiniBand.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { trainGrid } from './helpers.ts';

const handedOver = planState({
  mesh: trainGrid(1, 2, 16),
  pipeline: { microbatches: 64, schedule: '1f1b', virtualStages: 1 },
  recompute: 'full',
});

/** The profiler: find and fix the bottleneck of a given plan. */
export const theProfiler: Level = {
  id: 'the-profiler',
  kind: 'concept',
  concept: 'profiling',
  title: text('试菜笔记', 'The profiler'),
  story: text(
    '阿明接手了一份别人排好的方案：一道 48 层、220 亿参数的 GPT，4 个节点共 32 间厨房。冷柜装得下，菜也做得对，可就是慢得出奇。' +
      '他翻开试菜笔记：先看冷柜，再看传菜，最后看灶台。',
    'A-Ming takes over a plan someone else laid out: a 48-layer GPT with 22 billion parameters on 4 nodes, 32 kitchens. The fridges fit and the dishes are right, but it is strangely slow. ' +
      'He opens his tasting notebook: first the fridges, then the passing, then the stoves.',
  ),
  goal: text(
    '找出瓶颈并修好它：每秒 token 越多越好。',
    'Find the bottleneck and fix it: the more tokens per second the better.',
  ),
  hints: [
    text(
      '先看是什么限制了方案、最慢的传菜是哪一次：它走的是节点内的窗口，还是节点之间的？',
      'Look at what limits the plan and at the slowest pass: does it use the windows inside a node, or between nodes?',
    ),
    text(
      '打开“动态”视图：每层前后的汇总占了多长？一个节点只有 8 间厨房，16 路切分必然跨节点。',
      'Open the Dynamic view: how long do the sums around each layer take? A node has 8 kitchens; a 16-way cut must span two nodes.',
    ),
    text(
      '先把 model 收回到节点内，把省下的厨房交给 stage 或 data，再调上菜轮数；冷柜有富余时，重算还要不要？',
      'First bring model back inside a node and give the freed kitchens to stage or data, then adjust the rounds; with room in the fridge, do you still need recomputation?',
    ),
  ],
  debrief: text(
    '文章的调优顺序：先测显存，再找通信热点，最后由粗到细地调切法。这份方案显存没问题（每间 {start.memory}），可一步 {start.stepTime} 里传菜占了 {start.communication}：16 路张量并行的 AllReduce 每层前后各一次，而这个环跨了节点，每一步都只能按 InfiniBand 的速度走（每卡 25 GB/s，而 NVLink 是 300 GB/s），并行效率 Eff = T_calc/(T_calc + T_comm) 只有 {start.efficiency}。' +
      '参考方案把同菜切分收回节点内（model = 4），用 4 段流水线（stage = 4）和 2 份副本（data = 2）接住剩下的厨房，每条流水线 128 轮，不重算、用序列并行给激活腾地方：一步 {reference.stepTime}，每秒 {reference.rate} 个 token，冷柜 {reference.memory}，传菜只占 {reference.communication}。' +
      '吞吐量 = B × S / T_step：这里 B × S = 256 × 2048 个 token，一步的时间才是要调的东西。',
    "The article's tuning order: measure memory first, then find the communication hot spots, then re-cut from coarse to fine. This plan's memory is fine ({start.memory} per kitchen), but passing takes {start.communication} of a {start.stepTime} step: the 16-way tensor-parallel AllReduces run twice per layer, and the ring spans two nodes, so every step moves at InfiniBand's pace (25 GB/s per GPU instead of NVLink's 300 GB/s); parallel efficiency Eff = T_calc/(T_calc + T_comm) is only {start.efficiency}. " +
      'The reference plan brings the cuts of one dish back inside a node (model = 4) and lets 4 pipeline stages (stage = 4) and 2 replicas (data = 2) take the freed kitchens, with 128 rounds per pipeline, every activation kept and sequence parallelism making room for them: {reference.stepTime} a step, {reference.rate} tokens per second, a {reference.memory} fridge, passing only {reference.communication} of the step. ' +
      'Throughput = B × S / T_step: here B × S = 256 × 2048 tokens, and the step time is what tuning changes.',
  ),
  scenario: {
    engine: 'train',
    model: { layers: 48, hidden: 6144, heads: 48, seq: 2048, vocab: 51200 },
    hardware: 'a100-80gb',
    precision: 'bf16-mixed',
    globalBatch: 256,
  },
  editable: ['setMesh', 'setPipeline', 'setRecompute', 'setSequenceParallel'],
  limits: { maxDevices: 32, axisNames: ['data', 'stage', 'model'], tensors: [], modes: ['auto'] },
  stars: parStars('the-profiler'),
  start: handedOver,
  // Par (shared/game/par): 4-way cuts inside a node, 4 stages, 2 replicas; every activation kept,
  // sequence parallelism makes room for them.
  reference: planState({
    mesh: trainGrid(2, 4, 4),
    pipeline: { microbatches: 128, schedule: '1f1b', virtualStages: 1 },
    recompute: 'none',
    sequenceParallel: true,
  }),
  trap: { plan: handedOver, fails: 'slower' },
};
