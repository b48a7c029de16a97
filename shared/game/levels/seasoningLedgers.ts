// Concept level: the seasoning ledgers (ZeRO, Rajbhandari et al. 2020; FSDP). Mixed-precision Adam keeps
// 2 + 2 + 12 bytes per parameter; a GPT of 2.65e9 parameters copied on 16 data-parallel kitchens needs
// 42.4 GB of model states each. ZeRO-1 shards the optimizer state (12 B) over the 16 kitchens.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { trainGrid } from './helpers.ts';

const grid = trainGrid(16, 1, 1);
const pipeline = { microbatches: 4, schedule: '1f1b', virtualStages: 1 } as const;
const everyLedger = planState({ mesh: grid, pipeline, recompute: 'full', zeroStage: 0 });

/** Seasoning ledgers: ZeRO optimizer-state sharding. */
export const seasoningLedgers: Level = {
  id: 'seasoning-ledgers',
  kind: 'concept',
  concept: 'zero',
  title: text('调料账本', 'Seasoning ledgers'),
  story: text(
    '16 间厨房各有一份完整菜谱（27 亿参数的 GPT），各接待不同的客人（数据并行）。菜谱本身不大，可每间厨房还记着厚厚的调料账本：' +
      'Adam 优化器的动量、方差和一份 fp32 的菜谱底稿，每个参数 12 字节。16 本一模一样的账本，把 16 GB 的冷柜全撑爆了。',
    'Sixteen kitchens each keep the whole recipe (a GPT of 2.7 billion parameters) and serve different guests (data parallelism). The recipe is not that big, but every kitchen also keeps a thick seasoning ledger: ' +
      "Adam's momentum, its variance and an fp32 master copy of the recipe, 12 bytes per parameter. Sixteen identical ledgers burst every 16 GB fridge.",
  ),
  goal: text(
    '选一个 ZeRO 阶段，把账本分给 16 间厨房各记一段，让冷柜装得下，又别让传菜太多。',
    'Choose a ZeRO stage so that the 16 kitchens each keep part of the ledgers: the fridges fit, without too much passing.',
  ),
  hints: [
    text(
      '看冷柜里哪一块最大：优化器状态是参数的 6 倍。',
      'Look at what fills the fridge most: the optimizer state is six times the parameters.',
    ),
    text(
      'ZeRO-1 只把优化器状态切成 16 份；每步更新后把新参数 AllGather 回来。',
      'ZeRO-1 cuts only the optimizer state into 16; after each update the new parameters are all-gathered back.',
    ),
    text(
      '每一阶段省下的地方，都要用传菜来换：在“动态”视图里比一比各阶段每步多出的汇总和拼盘；分账的份数就是 data 的大小。',
      "Every stage's savings are paid for in passing: compare each stage's extra sums and gathers per step in the Dynamic view; the ledgers are shared over the data row's size.",
    ),
  ],
  debrief: text(
    'ZeRO 的账：混合精度 Adam 每个参数要 2 字节 fp16/bf16 参数、2 字节梯度、K = 12 字节优化器状态（fp32 底稿、动量、方差）。Ψ = 26.5 亿参数时，每间厨房 16Ψ = 42.4 GB，加上激活和工作区共 {start.memory}（起始方案），16 GB 的冷柜装不下。' +
      '按 N_d = 16 间厨房分账：ZeRO-1（参考方案）每间 (2 + 2 + 12/16)Ψ = 12.6 GB，共 {reference.memory}，装得下，一步 {reference.stepTime}（每秒 {reference.rate} 个 token）。每间厨房只更新自己那份账，也就只要自己那段梯度之和：梯度按段 ReduceScatter，不必整份 AllReduce，更新后再把每个参数的新分片 AllGather 回来，两样合起来传的字节数和普通数据并行的 AllReduce 一样。' +
      'ZeRO-2 把梯度也分账，(2 + 14/16)Ψ ≈ 7.6 GB，共 {zero2.memory}：只留下自己那段梯度，所以每个微批的梯度一算出来就 ReduceScatter，一步 4 回而不是 1 回；这些传菜都藏在计算底下，一步 {zero2.stepTime}，和 ZeRO-1 一样快；ZeRO-3（即 FSDP）16Ψ/16 ≈ 2.65 GB，共 {zero3.memory}，可每层的参数每个微批要 AllGather 两回（前向一回，重算前向再一回，反向就用重算拼好的那份），而且就在关键路径上，一步 {zero3.stepTime}。' +
      '够用就好：装得下以后，再往上一阶省下的冷柜用不上，多出的传菜却每步都要付。',
    "ZeRO's accounting: mixed-precision Adam keeps 2 bytes of fp16/bf16 parameters, 2 bytes of gradients and K = 12 bytes of optimizer state (fp32 master copy, momentum, variance) per parameter. With Ψ = 2.65 billion parameters each kitchen needs 16Ψ = 42.4 GB, {start.memory} with activations and working space (the starting plan): no 16 GB fridge holds it. " +
      'Share the ledgers over N_d = 16 kitchens: ZeRO-1 (the reference plan) needs (2 + 2 + 12/16)Ψ = 12.6 GB per kitchen, {reference.memory} in all, which fits: {reference.stepTime} a step ({reference.rate} tokens per second). Each kitchen updates only its own slice of the ledgers, so it needs only its slice of the summed gradients: they are reduce-scattered, not all-reduced, and every parameter’s updated slices are all-gathered back, together the bytes of plain data parallelism’s AllReduce. ' +
      'ZeRO-2 shares the gradients too, (2 + 14/16)Ψ ≈ 7.6 GB, {zero2.memory} in all: it keeps only its slice of the gradients, so every microbatch’s gradients are reduce-scattered as soon as they are computed, four times a step instead of once; that passing hides under the compute, and a step takes {zero2.stepTime}, as fast as ZeRO-1. ZeRO-3 (FSDP), 16Ψ/16 ≈ 2.65 GB, {zero3.memory} in all, but each layer’s parameters are all-gathered twice per microbatch (for the forward, and again for the recompute, whose gathered copy the backward then uses), on the critical path: {zero3.stepTime}. ' +
      'Enough is enough: once the plan fits, the room a higher stage frees is not needed, and its extra passing is paid every step.',
  ),
  scenario: {
    engine: 'train',
    model: { layers: 32, hidden: 2560, heads: 32, seq: 2048, vocab: 51200 },
    hardware: 'fridge-16gb-fast',
    precision: 'bf16-mixed',
    globalBatch: 64,
  },
  // The ZeRO stage against the grid: sharding the ledgers over the data-parallel kitchens, or cutting the
  // model (tensor parallel) and keeping fewer replicas — each adds its own passing on this network.
  editable: ['setZero', 'setMesh'],
  limits: { maxDevices: 16, axisNames: ['data', 'stage', 'model'], tensors: [], modes: ['auto'] },
  stars: parStars('seasoning-ledgers'),
  start: everyLedger,
  reference: planState({ mesh: grid, pipeline, recompute: 'full', zeroStage: 1 }),
  trap: { plan: everyLedger, fails: 'memory' },
  lessonPlans: {
    zero2: planState({ mesh: grid, pipeline, recompute: 'full', zeroStage: 2 }),
    zero3: planState({ mesh: grid, pipeline, recompute: 'full', zeroStage: 3 }),
  },
};
