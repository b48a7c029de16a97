// Misconception level (the article's third): "GSPMD is fully automatic: hand pjit any function and it
// finds the best sharding". GSPMD propagates the annotations it is given; with none, every value stays
// replicated (the most conservative plan) and a 1.75e9-parameter GPT overflows every fridge.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { axis, blockWeights, LABEL_EDITS, megatronBlockSpecs } from './helpers.ts';

const grid = [axis('model', 4)];
const nothing = planState({ mesh: grid });
const blocks = { ...megatronBlockSpecs('model', 'blk0/'), ...megatronBlockSpecs('model', 'blk1/') };
/** The four MLP weights only, column then row. */
const mlpOnly = Object.fromEntries(Object.entries(blocks).filter(([name]) => /\/w[12]$/.test(name)));

/** Myth: GSPMD is fully automatic. */
export const mythGspmdAutomatic: Level = {
  id: 'myth-gspmd-is-automatic',
  kind: 'misconception',
  concept: 'gspmd-annotations',
  title: text('误区：GSPMD 全自动', 'Myth: GSPMD is fully automatic'),
  belief: text(
    'GSPMD 是全自动的，随便写个函数交给 pjit，它就能帮我找到最优分片方案。',
    'GSPMD is fully automatic: hand any function to pjit and it finds the best sharding for me.',
  ),
  story: text(
    '阿明把一份两层的 GPT 菜谱（17.5 亿参数）交给副手，一个标签也没贴：“你自己看着办。”' +
      '副手很听话，可它只会沿着标签往下推；没有标签，它就用最保守的办法——每间厨房都放一整份。',
    'A-Ming hands a two-layer GPT recipe (1.75 billion parameters) to the sous-chef without a single label: "You work it out." ' +
      'The sous-chef is diligent, but it can only spread the labels it is given; with none it takes the most conservative plan — a whole copy in every kitchen.',
  ),
  goal: text(
    '给几道关键的大菜贴上标签，让副手把切法推到整张图上：冷柜装得下，越快越好。',
    'Label a few key dishes and let the sous-chef spread them through the graph: every fridge fits, and the faster the better.',
  ),
  hints: [
    text(
      '副手（GSPMD）只会顺着你的标签往下推：一个标签都没有，它就什么都不切。',
      'The sous-chef (GSPMD) only propagates the labels you give: with none at all, it splits nothing.',
    ),
    text(
      '打开“局部”视图看任意一间厨房的冷柜：整份参数、整份梯度——最大的是哪几块？',
      "Open the Local view on any kitchen's fridge: whole parameters, whole gradients — which are the biggest?",
    ),
    text(
      '从最大的菜开始：给每层的 W1 按列切，看看“静态”视图里副手自己把哪些值也切了；剩下的层照此办理。',
      "Start with the biggest dishes: cut each layer's W1 by columns and see in the Static view which values the sous-chef then cuts by itself; the rest follow suit.",
    ),
  ],
  debrief: text(
    'jit 的 in_shardings / out_shardings 是硬约束：输入和输出必须按它们切；with_sharding_constraint 也是分区器必须满足的约束。GSPMD 从这些注解出发，把切法传播到其余的值，并在需要时插入通信；可它不会替你决定要切什么。没有注解时，每个值都不切：每间厨房放着 {start.params} 参数、{start.grads} 梯度，再加激活和工作区共 {start.memory}（起始方案），16 GB 的冷柜装不下。' +
      '只给四个 MLP 权重贴标签，副手就把它们之间的激活也切开了：{mlpLabels.memory}，一步 {mlpLabels.stepTime}（每秒 {mlpLabels.rate} 个 token）。' +
      '再把注意力和输出层也标上：{megatronLabels.memory}，一步 {megatronLabels.stepTime}（每秒 {megatronLabels.rate} 个 token），每层只多了两次小小的 AllReduce。参考方案连嵌入表也按列标上，分区器在它前后改用 AllGather 和 ReduceScatter：{reference.memory}，一步 {reference.stepTime}（每秒 {reference.rate} 个 token）。' +
      '几个有意义的标签就够了——但标签的意图得由你来给。理解 PartitionSpec 的语义，才能写出好的约束。',
    'The in_shardings and out_shardings of jit are hard constraints: inputs and outputs are cut exactly as they say; a with_sharding_constraint is also a constraint the partitioner must meet. From these annotations GSPMD propagates a layout to every other value and inserts the collectives it needs; it does not decide what to cut for you. With no annotation nothing is split: every kitchen holds {start.params} of parameters and {start.grads} of gradients, {start.memory} with activations and working space (the starting plan), and no 16 GB fridge fits it. ' +
      'Label only the four MLP weights and the sous-chef splits the activations between them as well: {mlpLabels.memory}, {mlpLabels.stepTime} a step ({mlpLabels.rate} tokens per second). ' +
      'Label attention and the output layer too: {megatronLabels.memory}, {megatronLabels.stepTime} a step ({megatronLabels.rate} tokens per second), for two small AllReduces per layer. The reference plan labels the embedding by columns as well, and the partitioner gathers and scatters around it instead: {reference.memory}, {reference.stepTime} a step ({reference.rate} tokens per second). ' +
      'A few meaningful labels are enough — but the intent behind them is yours to give. Knowing what a PartitionSpec means is what makes a good constraint.',
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'gpt',
    tastingDims: { batch: 4, seq: 4, hidden: 16, heads: 4, headDim: 4, ffn: 64, vocab: 32, layers: 2 },
    banquetDims: {
      batch: 4,
      seq: 512,
      hidden: 8192,
      heads: 64,
      headDim: 128,
      ffn: 32768,
      vocab: 8192,
      layers: 2,
    },
    step: 'train',
    hardware: 'fridge-16gb-fast',
    precision: 'fp32',
  },
  editable: LABEL_EDITS,
  limits: {
    maxDevices: 4,
    axisNames: ['model'],
    tensors: [...blockWeights('blk0/'), ...blockWeights('blk1/'), 'embed', 'unembed'],
    modes: ['auto'],
  },
  stars: parStars('myth-gspmd-is-automatic'),
  start: nothing,
  reference: planState({
    mesh: grid,
    specs: {
      ...blocks,
      unembed: [null, 'model'],
      // Par (shared/game/par): the token embedding cut by its hidden columns too.
      embed: [null, 'model'],
    },
  }),
  trap: { plan: nothing, fails: 'memory' },
  lessonPlans: {
    mlpLabels: planState({ mesh: grid, specs: mlpOnly }),
    megatronLabels: planState({ mesh: grid, specs: { ...blocks, unembed: [null, 'model'] } }),
  },
};
