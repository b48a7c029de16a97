// Concept level: the giant spice rack (a recommender's embedding table sharded by rows, the article's
// PartitionSpec('row', None)). A two-tower model whose item table has 16e6 rows of 256 (4.1e9 parameters,
// 16.4 GB in fp32) on 16 kitchens. The lookup takes rows by integer id (embeddingLookup.ts): split by rows,
// it is a masked local lookup plus one all-reduce of the [batch, 256] rows, and a local scatter-add backward.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { axis, LABEL_EDITS } from './helpers.ts';

const grid = [axis('row', 16)];
const everyRack = planState({ mesh: grid });

/** The giant spice rack: an embedding table sharded by rows. */
export const giantSpiceRack: Level = {
  id: 'giant-spice-rack',
  kind: 'concept',
  concept: 'embedding-sharding',
  title: text('巨型调料架', 'The giant spice rack'),
  story: text(
    '推荐餐厅有一面巨型调料架：1600 万种商品，每种一格 256 味调料（一张 1600 万行的嵌入表，16.4 GB）。' +
      '每位客人点单时，先从架上取出他那一格，再和他的口味（用户塔）配一配，猜他会不会喜欢。现在 16 间厨房各自搬了一整面调料架。',
    'The recommendation restaurant has a giant spice rack: 16 million items, one shelf of 256 spices each (an embedding table of 16 million rows, 16.4 GB). ' +
      "Every order takes that item's shelf from the rack and matches it with the guest's taste (the user tower) to guess whether they will like it. Right now each of the 16 kitchens has carried in a whole rack.",
  ),
  goal: text(
    '把调料架按行分给 16 间厨房，让冷柜装得下。',
    'Split the rack by rows over the 16 kitchens so that the fridges fit.',
  ),
  hints: [
    text(
      "文章的标签 PartitionSpec('row', None)：每间厨房只存一百万行调料。",
      "The article's label: PartitionSpec('row', None) — each kitchen stores one million rows of spices.",
    ),
    text(
      '打开“局部”视图看冷柜：哪两块 16.4 GB 的大东西把它塞满了？',
      'Open the Local view on a fridge: which two 16.4 GB items fill it?',
    ),
    text(
      '切开之后，每间厨房只找得到自己那几行：在“静态”视图里看看，是哪一次传菜把各家找到的行加到一起的？',
      'Once it is cut, each kitchen finds only its own rows: in the Static view, which pass adds up the rows the kitchens found?',
    ),
  ],
  debrief: text(
    "嵌入表按行切（P('row', None)）：16 间厨房各存 100 万行，参数 {reference.params}、梯度 {reference.grads}。查表变成“各查各的”：订单上是整数 id，每间厨房只取自己那几行，不归它管的填 0，再做一次 AllReduce 把 256 个订单 × 256 维的结果加起来（每间厨房发 {reference.allReduceBytes}，跨节点 {reference.allReduceTime}）——文章说这里是 AllGather，其实要汇总的是查到的行，整张表从不搬动。" +
      '反向一次传菜也不用：每间厨房把梯度加回自己那几行（scatter-add）。Megatron 的 VocabParallelEmbedding、XLA 对按行切开的表做 gather，都是这样。' +
      '每间厨房都放整面架子时，冷柜要装 {start.memory}（起始方案：参数 {start.params}、梯度 {start.grads}）；按行切开（参考方案）只要 {reference.memory}，一步 {reference.stepTime}，每秒 {reference.rate} 个样本。',
    "The table is split by rows (P('row', None)): each of the 16 kitchens stores one million rows, {reference.params} of parameters and {reference.grads} of gradients. The lookup becomes local: the order slips carry integer ids, each kitchen takes only the rows it holds, fills zeros for the others, and one AllReduce adds up the 256 orders × 256 values ({reference.allReduceBytes} sent per kitchen, {reference.allReduceTime} across nodes). The article calls this an AllGather; what is combined is the rows looked up — the table itself never moves. " +
      "The backward pass needs no pass at all: each kitchen adds the gradients into its own rows (a scatter-add). Megatron's VocabParallelEmbedding and XLA's gather on a row-sharded table do exactly this. " +
      'With a whole rack in every kitchen, a fridge needs {start.memory} (the starting plan: parameters {start.params}, gradients {start.grads}); split by rows (the reference plan), {reference.memory}: {reference.stepTime} a step, {reference.rate} examples per second.',
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'embeddingLookup',
    tastingDims: { batch: 16, vocab: 64 },
    banquetDims: { batch: 256, vocab: 16_000_000, embed: 256, userFeatures: 256, userHidden: 1024 },
    step: 'train',
    hardware: 'fridge-16gb-fast',
    precision: 'fp32',
  },
  editable: LABEL_EDITS,
  limits: {
    maxDevices: 16,
    axisNames: ['row'],
    tensors: ['table', 'ids', 'features', 'click', 'user_w1', 'user_w2'],
    modes: ['auto'],
  },
  stars: parStars('giant-spice-rack'),
  start: everyRack,
  reference: planState({ mesh: grid, specs: { table: ['row', null] } }),
  trap: { plan: everyRack, fails: 'memory' },
};
