// Concept level: the buffet (自助餐) — expert parallelism. A mixture-of-experts layer (GShard, Lepikhin et al.
// 2020) is a buffet of 128 specialty counters; the maître d' (the router) sends every guest (token) to its
// two best counters. A kitchen that keeps every counter's recipes overflows its fridge; giving each kitchen
// its own counters (the experts sharded on the `expert` axis) makes the sous-chef send the guests to their
// counters and back with two AllToAll passes (换岗) forward and two backward. Across two nodes the same
// passes cross the slow windows.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { planState } from '../planState.ts';
import { parStars } from '../par/parThresholds.ts';
import { axis } from './helpers.ts';
import { BUFFET_MOE, expertParallel, MOE_TENSORS } from './moeHelpers.ts';

const oneNode = [axis('expert', 8)];
/** Guests split over the kitchens, every counter's recipes copied into every kitchen. */
const everyCounterEverywhere = planState({
  mesh: oneNode,
  specs: { x0: ['expert'], target: ['expert'] },
});

/** The buffet: expert parallelism and its AllToAll. */
export const theBuffet: Level = {
  id: 'the-buffet',
  kind: 'concept',
  concept: 'expert-parallelism',
  title: text('自助餐台', 'The buffet'),
  story: text(
    '阿明开了一家自助餐：128 个特色档口（专家），每个档口有自己的菜谱（一个 4096→16384→4096 的 MLP）。领位员（路由器）看一眼客人，就把他领到最合适的两个档口（top-2）。' +
      '每间厨房都把 128 个档口的菜谱全存了一份，客人也已经分到了八间厨房——可冷柜装不下。',
    "A-Ming opens a buffet: 128 specialty counters (experts), each with its own recipe (a 4096→16384→4096 MLP). The maître d' (the router) takes one look at each guest and sends them to their two best counters (top-2). " +
      "Every kitchen keeps all 128 counters' recipes, and the guests are already split over eight kitchens — but the fridges cannot hold it.",
  ),
  goal: text(
    '让每间厨房只开自己的几个档口，装进冷柜，再找出最快的自助餐。',
    'Give each kitchen only its own counters so the fridges hold them, then find the fastest buffet.',
  ),
  hints: [
    text(
      '每位客人只吃 128 个档口里的 2 个：没有哪间厨房需要所有档口的菜谱。',
      'Each guest eats at only 2 of the 128 counters: no kitchen needs every counter’s recipe.',
    ),
    text(
      '打开全局视图，看看冷柜里是哪几道菜占了地方；再看动态视图里客人怎么穿过窗口。',
      'Open the global view and see which dishes fill the fridges; then watch the guests cross the windows in the dynamic view.',
    ),
    text(
      'expert_w1 的第 0 维是档口编号。把它按厨房那一排切开，expert_w2 呢？',
      'Dimension 0 of expert_w1 is the counter number. Cut it along the row of kitchens — and expert_w2?',
    ),
  ],
  debrief: text(
    '混合专家层的参数多，但每个 token 只经过 k 个专家：每个 token 的计算量是 k·4·d·f（前向），和专家数 E 无关；E 只决定冷柜里要存多少菜谱。' +
      '专家并行就是把档口分给厨房：E 个专家切成 n 份，每间厨房存 E/n 个，参数、梯度和它们的 fp32 主副本都除以 n。代价是换岗（AllToAll）：领位之后，每间厨房把客人按档口分成 n 份，各送一份到档口所在的厨房；做完再送回来——前向两次，反向两次。' +
      '每次 AllToAll，每间厨房发出 (n−1)/n 份要派出的菜（E·G·C·d 个元素除以 n，C = ⌈k·S·容量系数/E⌉ 是每个档口每组的座位数）。' +
      '在一台机器的八间厨房里，这些传菜走 NVLink，几乎不花时间；扩到两台机器的 16 间厨房，灶台的活少了一半，可一半的客人要穿过慢窗口（InfiniBand），四次 AllToAll 就要花上实实在在的时间（参考方案里传菜占一步的 {reference.communication}）。参考方案：16 间厨房，每间 8 个档口。',
    'A mixture-of-experts layer has many parameters, but each token goes through only k experts: its compute is k·4·d·f (forward), whatever the number of experts E; E only decides how many recipes the fridges must hold. ' +
      'Expert parallelism gives the counters to the kitchens: E experts cut n ways, E/n per kitchen, and parameters, gradients and their fp32 master copies divided by n. The price is the AllToAll: after routing each kitchen sorts its guests by counter into n parts and sends each part to the kitchen with that counter; after cooking they come back — twice forward, twice backward. ' +
      'In each AllToAll a kitchen sends (n−1)/n of its dispatched dishes (E·G·C·d elements over n, with C = ⌈k·S·capacity factor/E⌉ the seats per counter per group). ' +
      'Among the eight kitchens of one machine these passes run on NVLink and cost almost nothing; over 16 kitchens on two machines the stoves have half the work, but half the guests cross the slow windows (InfiniBand), and the four AllToAlls now cost real time (passing is {reference.communication} of the reference plan’s step). The reference plan: 16 kitchens with 8 counters each.',
  ),
  scenario: BUFFET_MOE,
  editable: ['setMesh', 'setSpec', 'clearSpec'],
  limits: { maxDevices: 16, axisNames: ['expert', 'data'], tensors: MOE_TENSORS, modes: ['auto'] },
  stars: parStars('the-buffet'),
  start: everyCounterEverywhere,
  reference: planState({ mesh: [axis('expert', 16)], specs: expertParallel('expert') }),
  trap: { plan: everyCounterEverywhere, fails: 'memory' },
};
