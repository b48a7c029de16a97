// Concept level: the giant spice rack (a recommender's embedding table sharded by rows, the article's
// PartitionSpec('row', None)). A two-tower model whose item table has 16e6 rows of 256 (4.1e9 parameters,
// 16.4 GB in fp32) on 16 kitchens. The lookup is written as one-hot ids · table, so the order slips (ids)
// are as wide as the table has rows and must be split the same way.
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
      '打开“局部”视图看冷柜：切了调料架之后，还有哪块 16.4 GB 的大东西是整份的？',
      'Open the Local view on a fridge: with the rack cut, which other 16.4 GB item is still whole?',
    ),
    text(
      '订单（ids）在模拟里是一张有 1600 万列的独热表：它的哪一维和调料架的行对应？',
      "In the simulation the order slips (ids) are a one-hot table with 16 million columns: which of its dimensions matches the rack's rows?",
    ),
  ],
  debrief: text(
    "嵌入表按行切（P('row', None)）：16 间厨房各存 100 万行，参数 1.0 GB、梯度 1.0 GB。查表变成“各查各的”：每间厨房只找得到自己那几行，找不到的填 0，再做一次 AllReduce 把 256 宽的结果加起来（每步 1 MB，跨节点 0.3 ms）——文章说这里是 AllGather，其实要汇总的是查到的行，整张表从不搬动。" +
      '每间厨房都放整面架子时，参数、梯度、取货单、工作区加起来 49.2 GB；只切表不切取货单，还要 19.5 GB；两者都按行切，只要 3.1 GB，一步 69.9 ms，每秒 3664 单。' +
      '（真实系统用整数 id 查表，取货单不占这么多地方；这里用独热矩阵乘法来写查表，所以它和表一样宽。）',
    "The table is split by rows (P('row', None)): each of the 16 kitchens stores one million rows, 1.0 GB of parameters and 1.0 GB of gradients. The lookup becomes local: each kitchen finds only its own rows, fills zeros for the others, and one AllReduce adds up the 256-wide results (1 MB per step, 0.3 ms across nodes). The article calls this an AllGather; what is combined is the rows looked up — the table itself never moves. " +
      'With a whole rack in every kitchen, parameters, gradients, order slips and working space need 49.2 GB; splitting the table but not the slips still needs 19.5 GB; both split by rows, 3.1 GB: 69.9 ms a step, 3,664 orders per second. ' +
      '(Real systems look rows up by integer id, so the slips are small; the tasting writes the lookup as a one-hot matrix product, so here they are as wide as the table.)',
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
  reference: planState({ mesh: grid, specs: { table: ['row', null], ids: [null, 'row'] } }),
  trap: { plan: everyRack, fails: 'memory' },
};
