// Concept level: the fridge is too small — shard a weight (the article's "模型并行概念": P parameters that
// no single device holds). The article's two-layer MLP at banquet size: W1 [16384, 131072] and
// W2 [131072, 16384], 4.29e9 parameters, 17.2 GB in fp32 — more than one 16 GB fridge.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { axis, LABEL_EDITS } from './helpers.ts';

const grid = [axis('model', 4)];

/** The fridge is too small: shard a weight. */
export const fridgeTooSmall: Level = {
  id: 'fridge-too-small',
  kind: 'concept',
  concept: 'shard-a-weight',
  title: text('冷柜装不下', 'The fridge is too small'),
  story: text(
    '总厨阿明接到一张吓人的菜单：光是两大盆腌料（两个权重矩阵）就有 43 亿个数，按 fp32 每个 4 字节就是 17.2 GB，而每间厨房的冷柜只有 16 GB。' +
      '他手下有四间厨房，中间隔着传菜窗口。现在每间厨房都想塞下一整份——谁也塞不下。',
    'Head chef A-Ming has a frightening menu: the two big bowls of marinade (two weight matrices) hold 4.3 billion numbers, 17.2 GB at 4 bytes each in fp32, ' +
      'and every kitchen has a 16 GB fridge. He has four kitchens with pass-through windows between them. Right now every kitchen tries to keep a whole copy — and none can.',
  ),
  goal: text(
    '给 W1 和 W2 贴上切法标签，让每间厨房只放一部分，冷柜装得下，试菜正确。',
    'Label W1 and W2 so that each kitchen keeps only a part: every fridge fits and the tasting is right.',
  ),
  hints: [
    text(
      "一个标签决定每间厨房拿哪一块：P(None, 'model') 把第 1 维切成四份，每间只存四分之一的列。",
      "A label decides which block each kitchen holds: P(None, 'model') splits dimension 1 four ways, so each kitchen stores a quarter of the columns.",
    ),
    text(
      '打开“局部”视图看 0 号厨房的冷柜：哪几块菜谱还是整份？',
      "Open the Local view and look at kitchen 0's fridge: which parts of the recipe are still whole?",
    ),
    text(
      '先按列切 W1，再看冷柜和“静态”视图里两层之间要传什么；W2 要怎么切，两层之间才只需一次汇总？',
      'Cut W1 by columns first, then check the fridge and what the Static view passes between the layers; how must W2 be cut so that one sum finishes the layers?',
    ),
  ],
  debrief: text(
    '冷柜要装下的不只是参数。文章的估算是 M_total = 4P + 4A + 4G + 4O（fp32 下参数、激活、梯度、优化器状态各 4 字节）。' +
      '这道菜每间厨房都放整份时（起始方案）：参数 P {start.params}、梯度 G {start.grads}、为反向保存的激活 {start.activations}、没有优化器状态（普通 SGD），再加上最大那次矩阵乘的工作区 {start.temporaries}，一共 {start.memory}，是冷柜的两倍多。' +
      "把 W1 标成 P(None, 'model')、W2 标成 P('model', None) 后（参考方案），每间厨房只存四分之一：参数 {reference.params} + 梯度 {reference.grads}，总共 {reference.memory}，装得下。" +
      '这就是文章的 W = [W₁ | W₂ | W₃ | W₄]：每间厨房用完整的 X 乘自己那一块 W₁ᵢ；第二层按行切，各厨房得到的是部分和，只需一次 AllReduce（每间厨房发出 {reference.allReduceBytes}，{reference.allReduceTime}）就拼回完整结果。' +
      '参考方案一步用时 {reference.stepTime}，每秒处理 {reference.rate} 个样本。模型并行的第一课：切开，而不是复制。',
    'A fridge holds more than the parameters. The article estimates M_total = 4P + 4A + 4G + 4O (4 bytes each, fp32, for parameters, activations, gradients and optimizer state). ' +
      'With a whole copy in every kitchen (the starting plan) this dish needs: parameters {start.params}, gradients {start.grads}, activations kept for the backward pass {start.activations}, no optimizer state (plain SGD), and {start.temporaries} of working space for the largest matmul — {start.memory}, more than two fridges. ' +
      "Labelled W1 P(None, 'model') and W2 P('model', None) (the reference plan), each kitchen keeps a quarter: {reference.params} of parameters and {reference.grads} of gradients, {reference.memory} in all, and it fits. " +
      "This is the article's W = [W₁ | W₂ | W₃ | W₄]: every kitchen multiplies the whole X by its own block; the row-split second layer leaves partial sums, and one AllReduce ({reference.allReduceBytes} sent per kitchen, {reference.allReduceTime}) makes the full result. " +
      'The reference plan takes {reference.stepTime} a step, {reference.rate} examples per second. The first lesson of model parallelism: cut, do not copy.',
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'mlp2',
    tastingDims: {},
    banquetDims: { batch: 1024, input: 16384, hidden: 131072, output: 16384 },
    step: 'train',
    hardware: 'fridge-16gb-slow',
    precision: 'fp32',
  },
  editable: LABEL_EDITS,
  limits: { maxDevices: 4, axisNames: ['model'], tensors: ['w1', 'w2'], modes: ['auto'] },
  stars: parStars('fridge-too-small'),
  start: planState({ mesh: grid }),
  reference: planState({ mesh: grid, specs: { w1: [null, 'model'], w2: ['model', null] } }),
  trap: { plan: planState({ mesh: grid }), fails: 'memory' },
};
