// Concept level: full counters (客满的档口) — the capacity factor of a mixture of experts. Each counter
// (expert) keeps C = ⌈k·S·cf/E⌉ seats per token group; guests routed to a full counter are dropped. The
// buffet starts at GShard's training factor of 2 (nobody is turned away, but every expert's matmuls and
// every all-to-all are padded to twice the even share); too few seats turn more than the kitchen's 1% away
// (the drops follow the balanced router's Binomial(S, k/E) per counter: routedTokens.ts).
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { planState } from '../planState.ts';
import { parStars } from '../par/parThresholds.ts';
import { axis } from './helpers.ts';
import { BUFFET_MOE, expertParallel, MOE_TENSORS } from './moeHelpers.ts';

const grid = [axis('expert', 16)];
const seats = (capacityFactor: number) =>
  planState({ mesh: grid, specs: expertParallel('expert'), capacityFactor });

/** Full counters: the capacity factor, dropped tokens and the padding it costs. */
export const fullStations: Level = {
  id: 'full-stations',
  kind: 'concept',
  concept: 'expert-capacity',
  alsoTeaches: ['expert-parallelism'],
  title: text('客满的档口', 'Full counters'),
  story: text(
    '自助餐开在两台机器的 16 间厨房里，每间厨房 8 个档口。领位员按客人的口味分配档口，可每个档口每桌只摆 C 个座位：来得多的档口坐满了，后来的客人只好原样离开（被丢弃的 token）。' +
      '领班怕得罪客人，按平均人数的两倍摆了座位（容量系数 2，GShard 训练时的做法）：没人被拒，可空座位也要照样做菜、照样传过窗口。',
    "The buffet runs in 16 kitchens on two machines, 8 counters each. The maître d' seats guests by taste, but each counter lays only C seats per table group: a popular counter fills up, and the guests who come later leave unserved (dropped tokens). " +
      'Afraid of offending anyone, the head waiter laid twice the average number of seats (capacity factor 2, as GShard trains): nobody is turned away, but every empty seat is still cooked for and passed through the windows.',
  ),
  goal: text(
    '被拒的客人不超过 1%，让自助餐尽量快。',
    'Turn away no more than 1% of the guests, and make the buffet as fast as you can.',
  ),
  hints: [
    text(
      '座位数 C = ⌈k·S·系数/E⌉：平均每个档口每桌来 k·S/E 位客人，但有的档口多，有的少。',
      'Seats C = ⌈k·S·factor/E⌉: on average k·S/E guests come to a counter per table, but some counters get more than others.',
    ),
    text(
      '在局部视图里看灶台和传菜：专家的矩阵乘和 AllToAll 都按座位数算，不按来的人数算。',
      'Look at the stove and the passes in the local view: the experts’ matmuls and the AllToAlls are sized by the seats, not by the guests who come.',
    ),
    text(
      '一档一档地减少座位，看预览里坐下的客人比例什么时候跌破 99%。',
      'Take seats away one step at a time, and watch when the share of seated guests in the preview drops below 99%.',
    ),
  ],
  debrief: text(
    '容量系数决定每个档口的座位：C = ⌈k·S·系数/E⌉（GShard §2.2）。这里每桌 S = 2048 位客人、E = 128 个档口、每位客人去 k = 2 个，平均每个档口 32 位。' +
      '路由器在辅助损失的约束下大体均衡，每个档口来的人数近似服从 Binomial(S, k/E)，总有档口比平均多：系数 1（32 个座位）时 {factor1.dropped} 的客人被拒，1.25（40 个座位）时 {reference.dropped}，1.5 时几乎没有（{factor15.dropped}）。' +
      '座位越多，灶台和窗口越忙：每个专家的矩阵乘、派发与汇合的四次 AllToAll 都按 C 计算，即使座位空着。一步的时间几乎和系数成正比（系数 1 时 {factor1.stepTime}，1.25 时 {reference.stepTime}，1.5 时 {factor15.stepTime}，起始的 2 时 {start.stepTime}），所以好方案选满足质量底线的最小系数。参考方案：容量系数 1.25。',
    'The capacity factor sets each counter’s seats: C = ⌈k·S·factor/E⌉ (GShard §2.2). Here a table group has S = 2048 guests, E = 128 counters and each guest visits k = 2, so a counter expects 32. ' +
      'A router held roughly balanced by its auxiliary loss sends a counter about Binomial(S, k/E) guests, and some counters always get more than average: at factor 1 (32 seats) {factor1.dropped} of the guests are turned away, at 1.25 (40 seats) {reference.dropped}, at 1.5 almost none ({factor15.dropped}). ' +
      'More seats keep the stoves and windows busier: every expert’s matmuls and the four AllToAlls of dispatch and combine are sized by C, even when seats stay empty. The step time grows almost in proportion to the factor ({factor1.stepTime} at factor 1, {reference.stepTime} at 1.25, {factor15.stepTime} at 1.5, {start.stepTime} at the starting 2), so a good plan takes the smallest factor that meets the quality bar. The reference plan: capacity factor 1.25.',
  ),
  scenario: BUFFET_MOE,
  editable: ['setCapacityFactor'],
  limits: { maxDevices: 16, axisNames: ['expert'], tensors: MOE_TENSORS, modes: ['auto'] },
  stars: parStars('full-stations'),
  start: seats(2),
  reference: seats(1.25),
  trap: { plan: seats(2), fails: 'slower' },
  lessonPlans: { factor1: seats(1), factor15: seats(1.5) },
};
