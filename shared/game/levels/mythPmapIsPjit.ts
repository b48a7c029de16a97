// Misconception level (the article's fifth): "pmap runs on many GPUs, pjit runs on many GPUs; they are the
// same thing with different names". pmap maps one axis and replicates the parameters — data parallelism
// only — so a Megatron MLP of 2.16e9 parameters overflows every fridge under pmap; jit with shardings
// (pjit) can split the weights.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { axis } from './helpers.ts';

const underPmap = planState({ mesh: [axis('data', 4)], mode: 'pmap' });

/** Myth: pmap and pjit are the same. */
export const mythPmapIsPjit: Level = {
  id: 'myth-pmap-is-pjit',
  kind: 'misconception',
  concept: 'pmap-vs-pjit',
  title: text('误区：pmap 和 pjit 一样', 'Myth: pmap and pjit are the same'),
  belief: text(
    'pmap 能多卡跑，pjit 也能多卡跑，它们只是名字不同。',
    'pmap runs on many GPUs, pjit runs on many GPUs; they only have different names.',
  ),
  story: text(
    '阿明的老菜谱用 pmap 写成：四间厨房排成一排，每间拿一份完整菜谱，各做四分之一的客人。' +
      '新菜（一个 21.6 亿参数的 MLP）端上来，四个冷柜同时报警。学徒说：“换 pjit 也一样，都是多卡。”',
    "A-Ming's old recipe is written with pmap: four kitchens in a row, each with the whole recipe, each serving a quarter of the guests. " +
      'The new dish (an MLP of 2.16 billion parameters) arrives and all four fridges sound the alarm. The apprentice says: "pjit would be the same, both use many GPUs."',
  ),
  goal: text(
    '证明学徒错了：换成带分片标签的 jit（pjit），把大权重切开，让冷柜装得下。',
    'Prove the apprentice wrong: switch to jit with shardings (pjit), cut the big weights, and make the fridges fit.',
  ),
  hints: [
    text(
      'pmap 不能打标签：它把每个输入沿第 0 维切开，参数在每间厨房放一份完整的。',
      'Under pmap you cannot label anything: it splits each input along dimension 0 and puts a whole copy of the parameters in every kitchen.',
    ),
    text(
      '打开“局部”视图看冷柜：四份完整的参数。要切参数，得换一种能打标签的模式。',
      'Open the Local view on a fridge: four whole copies of the parameters. To cut them you need a mode that takes labels.',
    ),
    text(
      '换成自动模式（jit + 标签），再按“先列后行”的老办法切第一层 W1，看冷柜怎么变。',
      'Switch to auto mode (jit with labels), then cut the first weight W1 the column-then-row way and watch the fridge.',
    ),
  ],
  debrief: text(
    'pmap 隐含数据并行的语义：所有设备执行同一份模型、处理不同的数据。参数在每间厨房各有一份（起始方案）：{start.params} 参数、{start.grads} 梯度，加上激活和工作区共 {start.memory}，超出 16 GB 的冷柜 {start.overflow}。' +
      'pjit（今天就是 jax.jit 加 in_shardings / out_shardings）允许给每个参数任意的 PartitionSpec：W1、W2 一切开（参考方案），每间厨房 {reference.memory}，装得下；一步 {reference.stepTime}，每秒 {reference.rate} 个样本，通信只有前后各一次 AllReduce。' +
      '同一个网格、同样四张卡，差别在语义：pmap 只有一条映射轴，pjit 可以做张量并行、流水线、数据并行以及它们的组合，通信由 GSPMD 推导。',
    'pmap carries data-parallel semantics: every device runs the same model on different data. Every kitchen holds a copy of the parameters (the starting plan): {start.params} of parameters, {start.grads} of gradients, {start.memory} with the activations and working space — {start.overflow} more than a 16 GB fridge. ' +
      'pjit (today: jax.jit with in_shardings / out_shardings) takes any PartitionSpec for every parameter: cut W1 and W2 (the reference plan) and each kitchen needs {reference.memory}, which fits; a step takes {reference.stepTime}, {reference.rate} examples per second, with one AllReduce forward and one backward. ' +
      'Same grid, same four GPUs; the difference is the semantics: pmap has one mapped axis, pjit can express tensor, pipeline and data parallelism and their mixtures, with GSPMD deriving the communication.',
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'megatronMlp',
    tastingDims: {},
    banquetDims: { batch: 8192, input: 1024, hidden: 16384, ffn: 65536 },
    step: 'train',
    hardware: 'fridge-16gb-fast',
    precision: 'fp32',
  },
  editable: ['setMode', 'renameAxis', 'setSpec', 'clearSpec'],
  limits: {
    maxDevices: 4,
    axisNames: ['data', 'model'],
    tensors: ['x0', 'target', 'w_in', 'w1', 'w2'],
    modes: ['auto', 'pmap'],
  },
  stars: parStars('myth-pmap-is-pjit'),
  start: underPmap,
  reference: planState({ mesh: [axis('model', 4)], specs: { w1: [null, 'model'], w2: ['model', null] } }),
  trap: { plan: underPmap, fails: 'memory' },
};
