// Concept level: cook again instead of storing (activation recomputation, the article's
// M_peak = M_param + M_grad + Σ_stored A_l + Σ_recompute 0), against splitting what is stored (sequence
// parallelism). A 13e9-parameter GPT on 8 A100 40 GB with 8-way tensor parallelism, microbatches of 4:
// keeping every activation overflows, and so do sequence parallelism alone and selective recompute alone;
// Korthikanti et al. 2022's pair (selective + sequence parallel) fits at a small cost; full recompute fits
// but redoes the whole forward pass.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { trainGrid } from './helpers.ts';

const grid = trainGrid(1, 1, 8);
const pipeline = { microbatches: 16, schedule: '1f1b', virtualStages: 1 } as const;
const keepEverything = planState({ mesh: grid, pipeline, recompute: 'none' });

/** Cook again: activation recomputation to fit. */
export const cookAgain: Level = {
  id: 'cook-again',
  kind: 'concept',
  concept: 'remat',
  title: text('现做不备', 'Cook again'),
  story: text(
    '一道 40 层、130 亿参数的 GPT，已经按 Megatron 的切法切给了一个节点里的 8 间厨房，每轮 4 条序列。' +
      '可前向时每一层的半成品都要留到反向再用，冷柜被塞满了。阿明想起老师傅的话：“有些东西，与其存着，不如到时候再做一遍。”徒弟却说：“有些东西，每间厨房都存了一模一样的一份，分开存不就行了？”',
    'A 40-layer GPT with 13 billion parameters is already cut the Megatron way over the 8 kitchens of one node, 4 sequences a round. ' +
      'But every layer keeps its half-finished dishes from the forward pass until the backward pass uses them, and the fridges are full. A-Ming remembers his master: "Some things are better cooked again than stored." His apprentice says: "Some things every kitchen stores an identical copy of. Why not split them?"',
  ),
  goal: text(
    '决定哪些活重做（重算策略）、哪些半成品分开存（序列并行），让冷柜装得下，同时尽量少做重复的活。',
    'Decide what to cook again (the recomputation policy) and what to split instead of copying (sequence parallelism) so that the fridges fit, while redoing as little work as possible.',
  ),
  hints: [
    text(
      '每层要为反向留下 34sbh + 5as²b 字节（Korthikanti 等人 2022）。张量并行只切开注意力和 MLP 里面的部分；层归一化和 dropout 的 10sbh 在每间厨房都存着同样的一份。',
      "Each layer keeps 34sbh + 5as²b bytes for the backward pass (Korthikanti et al. 2022). Tensor parallelism splits only the part inside attention and the MLP; the layer norms' and dropouts' 10sbh sit in every kitchen as the same copy.",
    ),
    text(
      '打开局部视图：冷柜里粉色的一段是激活。每换一种策略，看它离冷柜的线还差多少，再看灶台时间多了多少。',
      'Open the Local view: the pink part of the fridge is the activations. With each choice, see how far it is from the fridge line, and how much the stove time grows.',
    ),
    text(
      '序列并行把那 10sbh 按序列分给 8 间厨房，每个 AllReduce 变成传菜量相同的 ReduceScatter 加 AllGather；光靠它还不够，光靠重算又要多做不少活。',
      'Sequence parallelism splits that 10sbh along the sequence over the 8 kitchens, each AllReduce becoming a ReduceScatter and an AllGather of the same bytes; on its own it is not enough, and recomputing alone redoes a lot of work.',
    ),
  ],
  debrief: text(
    '文章的公式：M_peak = M_param + M_grad + Σ_{l∈stored} A_l + Σ_{l∈recompute} 0。Korthikanti 等人 (2022) 算出每层要为反向保存 34sbh + 5as²b 字节；张量并行下其中 24sbh + 5as²b 除以 t，层归一化和 dropout 的 10sbh 不除——序列并行把它也按序列除以 t。5as²b 是注意力的分数、softmax 和 dropout，序列越长越大。' +
      '本关的数字（每间厨房 {reference.params} 参数、{reference.grads} 梯度、{reference.optimizer} 优化器状态，冷柜 40 GB；s = 2048、a = 40、每轮 4 条序列）：不重算要存 {start.activations} 激活（共 {start.memory}）；只开序列并行 {sequenceParallelOnly.activations}（{sequenceParallelOnly.memory}）；只用选择性重算 {selectiveOnly.activations}（{selectiveOnly.memory}）——都装不下。' +
      '选择性重算加序列并行（参考方案）：{reference.activations}、共 {reference.memory}，装得下，一步 {reference.stepTime}（每秒 {reference.rate} 个 token），比什么都存的方案（假如放得下，一步要 {start.stepTime}；可它装不下）还略快：选择性重算只重做注意力分数那一小部分；序列并行把每个 AllReduce 换成传菜量相同的 ReduceScatter 加 AllGather，反向时再用 AllGather 把分开存的层归一化输出拼回来，而层归一化和 dropout 的活每间厨房只做 1/8。全部重算只存每层输入：共 {full.memory}，一步 {full.stepTime}；再加序列并行 {fullSequenceParallel.memory}、{fullSequenceParallel.stepTime}——省下的地方用不上，多做的前向却每步都要付。' +
      '这正是 Korthikanti 等人的结论：序列并行加选择性重算，以很少的算力换回大部分显存。',
    "The article's formula: M_peak = M_param + M_grad + Σ_{l∈stored} A_l + Σ_{l∈recompute} 0. Korthikanti et al. (2022) count 34sbh + 5as²b bytes kept per layer for the backward pass; under tensor parallelism the 24sbh + 5as²b inside attention and the MLP are divided by t, but the layer norms' and dropouts' 10sbh are not, until sequence parallelism splits them along the sequence too. The 5as²b are the attention scores, softmax and dropout, which grow with the sequence. " +
      "This level's figures (per kitchen {reference.params} of parameters, {reference.grads} of gradients and {reference.optimizer} of optimizer state in a 40 GB fridge; s = 2048, a = 40, 4 sequences a round): keeping everything needs {start.activations} of activations ({start.memory} in all); sequence parallelism alone {sequenceParallelOnly.activations} ({sequenceParallelOnly.memory}); selective recomputation alone {selectiveOnly.activations} ({selectiveOnly.memory}) — none of them fits. " +
      "Selective recomputation with sequence parallelism (the reference plan): {reference.activations}, {reference.memory} in all, which fits; {reference.stepTime} a step ({reference.rate} tokens per second), even a little faster than keeping everything would be ({start.stepTime} a step were it to fit, and it does not): selective recomputation redoes only the small attention-score part; sequence parallelism replaces each AllReduce by a ReduceScatter and an AllGather that move the same bytes, gathers again in the backward pass only the layer-norm outputs it kept split, and gives each kitchen 1/8 of the layer norms' and dropouts' work. Full recomputation keeps only each layer's input: {full.memory}, {full.stepTime} a step; with sequence parallelism {fullSequenceParallel.memory}, {fullSequenceParallel.stepTime} — the room it frees is not needed, and the second forward pass is paid every step. " +
      "That is Korthikanti et al.'s finding: sequence parallelism with selective recomputation buys back most of the memory for very little compute.",
  ),
  scenario: {
    engine: 'train',
    model: { layers: 40, hidden: 5120, heads: 40, seq: 2048, vocab: 51200 },
    hardware: 'a100-40gb',
    precision: 'bf16-mixed',
    globalBatch: 64,
  },
  // Recompute against sequence parallelism: which forward work to redo, or which activations to split over
  // the eight kitchens instead of copying them (Korthikanti et al. 2022 §4–5).
  editable: ['setRecompute', 'setSequenceParallel'],
  limits: { maxDevices: 8, axisNames: ['data', 'stage', 'model'], tensors: [], modes: ['auto'] },
  stars: parStars('cook-again'),
  start: keepEverything,
  reference: planState({ mesh: grid, pipeline, recompute: 'selective', sequenceParallel: true }),
  trap: { plan: keepEverything, fails: 'memory' },
  lessonPlans: {
    sequenceParallelOnly: planState({ mesh: grid, pipeline, recompute: 'none', sequenceParallel: true }),
    selectiveOnly: planState({ mesh: grid, pipeline, recompute: 'selective' }),
    full: planState({ mesh: grid, pipeline, recompute: 'full' }),
    fullSequenceParallel: planState({ mesh: grid, pipeline, recompute: 'full', sequenceParallel: true }),
  },
};
