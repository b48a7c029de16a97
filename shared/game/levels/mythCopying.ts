// Misconception level (the article's first): "model parallelism is copying the model to four GPUs, each
// running a whole model, then averaging". That is data parallelism; with a transformer block of 1.81e9
// parameters (7.2 GB in fp32; GPT-3's layer at sequence 2048) every copy needs 24.2 GB and no 16 GB fridge
// holds it.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { axis, blockWeights, LABEL_EDITS, megatronBlockSpecs } from './helpers.ts';

const grid = [axis('x', 4)];
const copying = planState({ mesh: grid, specs: { x: ['x', null, null], target: ['x', null, null] } });

/** Myth: model parallelism is copying. */
export const mythCopying: Level = {
  id: 'myth-model-parallel-is-copying',
  kind: 'misconception',
  concept: 'model-vs-data-parallel',
  title: text('误区：模型并行就是复制', 'Myth: model parallelism is copying'),
  belief: text(
    '模型并行就是把一个模型复制到四张 GPU 上，每张卡都跑一份完整模型，最后取平均。',
    'Model parallelism means copying the model to four GPUs, each running a whole model, and averaging at the end.',
  ),
  story: text(
    '新来的帮厨小李说：“四间厨房？简单，每间厨房各放一份完整菜谱，各接待四分之一的客人，最后把心得平均一下。”' +
      '阿明看了看这道大菜——一个 18 亿参数的 Transformer 块——摇了摇头。',
    'The new kitchen hand says: "Four kitchens? Easy: put the whole recipe in each, let each serve a quarter of the guests, and average what they learn." ' +
      'A-Ming looks at the dish — a transformer block with 1.8 billion parameters — and shakes his head.',
  ),
  goal: text(
    '桌上摆的是小李的“复制”方案。改成真正的模型并行：把权重切开，让冷柜装得下。',
    "The plan is the kitchen hand's copying plan. Turn it into real model parallelism: cut the weights so that the fridges fit.",
  ),
  hints: [
    text(
      '按批次切 x 和 target 只是分客人；模型并行要切的是权重本身。',
      'Splitting x and target by batch only shares out the guests; model parallelism cuts the weights themselves.',
    ),
    text(
      '打开“局部”视图看 0 号厨房：Wqkv（Q、K、V 三个投影合成的一块权重，和 Megatron 一样）、Wo、W1、W2 哪些还是整份？它们占了冷柜多少？',
      'Open the Local view on kitchen 0: which of Wqkv (the Q, K and V projections fused into one weight, as in Megatron), Wo, W1 and W2 are still whole, and how much of the fridge do they take?',
    ),
    text(
      "注意力可以按头切：先给 Wqkv 的“头”那一维（第 2 维）打上 'x'，看看冷柜和传菜怎么变；其余的照这个思路来。",
      "Attention splits by heads: first label the heads dimension of Wqkv (dimension 2) with 'x' and watch the fridge and the passes; the rest follows the same idea.",
    ),
  ],
  debrief: text(
    '复制整份模型的是数据并行，不是模型并行。这道菜是 GPT-3 的一层（h = 12288，96 个头，序列长 2048），18.1 亿参数，fp32 下 {trap.params}；每间厨房各放一份（起始方案），再加同样大的梯度（{trap.grads}）、为反向保存的激活（{trap.activations}）和最大一次矩阵乘的工作区（{trap.temporaries}），每间厨房要 {trap.memory}——16 GB 的冷柜超出 {trap.overflow}，0 号厨房先溢出。' +
      '模型并行是“切分”：按 Megatron 的切法（参考方案），注意力按头切、MLP 先列后行，每间厨房只存四分之一的参数（{reference.params}）和梯度（{reference.grads}）；残差流的激活仍是整份，总共 {reference.memory}，装得下。' +
      '代价是前向每个子层末尾一次 AllReduce（每次每间厨房发 {reference.allReduceBytes}，在快窗口上 {reference.allReduceTime}），反向再一次 AllReduce，在 MLP 的输入上（块自己的输入不需要梯度，注意力那一侧就不用汇总）；参考方案一步 {reference.stepTime}，每秒 {reference.rate} 个 token。' +
      '两种方法常常一起用：模型放不进一张卡时先切开，再把切好的组复制去接待更多客人。',
    "Copying the whole model is data parallelism, not model parallelism. This dish is one layer of GPT-3 (h = 12288, 96 heads, sequence 2048): 1.81 billion parameters, {trap.params} in fp32. A copy in every kitchen (the starting plan) plus gradients of the same size ({trap.grads}), the activations kept for the backward pass ({trap.activations}) and the largest matmul's working space ({trap.temporaries}) needs {trap.memory} per kitchen — {trap.overflow} more than a 16 GB fridge, and kitchen 0 overflows first. " +
      "Model parallelism cuts: with Megatron's layout (the reference plan: attention split by heads, the MLP by columns then rows) each kitchen stores a quarter of the parameters ({reference.params}) and of the gradients ({reference.grads}); the residual stream's activations stay whole, {reference.memory} in all, and it fits. " +
      'The price is one AllReduce at the end of each sub-layer in the forward pass ({reference.allReduceBytes} sent per kitchen, {reference.allReduceTime} on the fast windows) and one AllReduce backward, at the MLP’s input (the block’s own input needs no gradient, so attention’s side is never summed); the reference plan takes {reference.stepTime} a step, {reference.rate} tokens per second. ' +
      'The two are usually combined: cut the model until it fits, then copy the cut group to serve more guests.',
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'transformerBlock',
    tastingDims: { batch: 4, seq: 4, hidden: 16, heads: 4, headDim: 4, ffn: 64 },
    banquetDims: { batch: 4, seq: 2048, hidden: 12288, heads: 96, headDim: 128, ffn: 49152 },
    step: 'train',
    hardware: 'fridge-16gb-fast',
    precision: 'fp32',
  },
  editable: LABEL_EDITS,
  limits: { maxDevices: 4, axisNames: ['x'], tensors: ['x', 'target', ...blockWeights()], modes: ['auto'] },
  stars: parStars('myth-model-parallel-is-copying'),
  start: copying,
  reference: planState({ mesh: grid, specs: megatronBlockSpecs('x') }),
  trap: { plan: copying, fails: 'memory' },
};
