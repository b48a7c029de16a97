// Misconception level (the article's second): "four GPUs split four ways, eight GPUs eight ways: more
// shards are always faster". Per kitchen, a ring AllReduce moves 2(n−1)/n · S — about the same for any n —
// while the compute shrinks as 1/n, and a ring that leaves the node runs every step at the slow window.
// Megatron MLP on teaching kitchens with 4 per node: 16-way is slower than 4-way.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState, type PlanState } from '../planState.ts';
import { axis } from './helpers.ts';

const split = (n: number): PlanState =>
  planState({ mesh: [axis('model', n)], specs: { w1: [null, 'model'], w2: ['model', null] } });

/** Myth: more shards are always faster. */
export const mythMoreShards: Level = {
  id: 'myth-more-shards-are-faster',
  kind: 'misconception',
  concept: 'communication-cost',
  title: text('误区：分得越多越快', 'Myth: more shards are always faster'),
  belief: text(
    '四卡能分四份，八卡就能分八份，分片越多并行度越高，速度一定越快。',
    'Four GPUs split four ways, eight split eight ways: the more shards, the more parallel, the faster.',
  ),
  story: text(
    '阿明的厨房楼里每层有 4 间厨房，同层之间是快窗口，跨楼层只能走慢吞吞的升降梯。' +
      '菜谱已经按 Megatron 的切法贴好了标签，现在只用两间厨房做。老板说：“楼里有 16 间，全用上，肯定快八倍！”',
    "A-Ming's building has 4 kitchens per floor, with fast windows between them; between floors there is only a slow dumbwaiter. " +
      'The recipe is already labelled the Megatron way and runs in two kitchens. The owner says: "There are 16 kitchens in the building — use them all, it will be eight times faster!"',
  ),
  goal: text(
    '改变这排厨房的间数（1 到 16），找到最快的那一个。',
    'Change how many kitchens the row has (1 to 16) and find the fastest.',
  ),
  hints: [
    text(
      '看每次 AllReduce 的时间：每间厨房要发出的字节数 2(n−1)/n · S，n 越大反而越接近 2S。',
      'Watch each AllReduce: every kitchen sends 2(n−1)/n · S bytes, which gets closer to 2S as n grows, not smaller.',
    ),
    text(
      '超过 4 间，这排厨房就跨了楼层：整个环都按慢窗口的速度走。',
      "Beyond 4 kitchens the row spans floors: the whole ring moves at the slow window's pace.",
    ),
    text('做菜的时间按 1/n 变少，传菜的时间却不会。', 'The cooking shrinks as 1/n; the passing does not.'),
  ],
  debrief: text(
    '多切一刀，每间厨房的计算按 1/n 变少，但通信不会跟着变少。环形 AllReduce 每间厨房发出 2(n−1)/n · S 字节：n = 4 是 1.5·S，n = 16 是 1.875·S，几乎不变；还有 2(n−1) 步的延迟。（文章说“通信量随设备数对数增长”，并不准确：每卡字节数接近常数，延迟步数随 n 线性增长。）' +
      '更要命的是窗口：4 间一层时，16 路的环必然跨层，每一步都走慢窗口（2.5 GB/s，而层内是 15 GB/s）。' +
      '结果：2 路（起始方案）{start.stepTime}；4 路（参考方案）{reference.stepTime}（每秒 {reference.rate} 个样本）最快；8 路 {eightWay.stepTime}，16 路 {trap.stepTime}——多用 4 倍的厨房，反而慢了近一倍，传菜占了一步的 {trap.communication}。' +
      '调优要找计算与通信的平衡点，并且让切得最细的那一排留在节点内的快窗口里。',
    "One more cut makes each kitchen's compute shrink as 1/n, but not its communication. A ring AllReduce has each kitchen send 2(n−1)/n · S bytes: 1.5·S at n = 4, 1.875·S at n = 16 — almost the same — plus 2(n−1) steps of latency. (The article says the communication grows logarithmically with the device count; more precisely, the bytes per device are nearly constant and the latency steps grow linearly.) " +
      'Worse are the windows: with 4 kitchens per floor a 16-way ring must cross floors, and every step runs at the slow window (2.5 GB/s instead of 15 GB/s inside a floor). ' +
      'The result: 2-way (the starting plan) {start.stepTime}; 4-way (the reference plan) {reference.stepTime} ({reference.rate} examples per second) is the fastest; 8-way {eightWay.stepTime} and 16-way {trap.stepTime} — four times the kitchens and almost twice as slow, with passing taking {trap.communication} of the step. ' +
      "Tuning means finding the balance of compute and communication, and keeping the finest cuts inside a node's fast windows.",
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'megatronMlp',
    tastingDims: {},
    banquetDims: { batch: 16384, input: 256, hidden: 1024, ffn: 4096 },
    step: 'train',
    hardware: 'fridge-16gb-slow',
    precision: 'fp32',
  },
  editable: ['setMesh'],
  limits: { maxDevices: 16, axisNames: ['model'], tensors: [], modes: ['auto'] },
  stars: parStars('myth-more-shards-are-faster'),
  start: split(2),
  reference: split(4),
  trap: { plan: split(16), fails: 'slower' },
  lessonPlans: { eightWay: split(8) },
};
