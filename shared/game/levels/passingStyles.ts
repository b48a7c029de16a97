// Concept level: the passing styles — AllGather (拼盘), AllReduce (汇总分发), ReduceScatter (汇总分份). The
// article's two-layer MLP with W1 split by columns: asking for h whole in every kitchen makes GSPMD gather
// W1 and W2 and every kitchen cook the whole dish; leaving h split gives an AllReduce of pred; asking for pred split
// by rows turns it into a ReduceScatter (and an AllGather in the backward pass): AllReduce = ReduceScatter
// + AllGather.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { axis, LABEL_EDITS } from './helpers.ts';

const grid = [axis('model', 4)];
const hSplit = planState({ mesh: grid, specs: { w1: [null, 'model'], w2: ['model', null] } });
const gatherAll = planState({ ...hSplit, specs: { ...hSplit.specs, h: [null, null] } });

/** The passing styles: AllGather, AllReduce, ReduceScatter. */
export const passingStyles: Level = {
  id: 'passing-styles',
  kind: 'concept',
  concept: 'collectives',
  title: text('传菜的三种手法', 'The passing styles'),
  story: text(
    '传菜员有三种手法：拼盘（AllGather，把每间厨房的一块拼成整盘，人人一份）、汇总分发（AllReduce，把各厨房的半成品加起来，人人一份总和）、汇总分份（ReduceScatter，加起来后每间厨房只留自己那一份）。' +
      '阿明的副手（GSPMD）会按标签自己挑手法。可有人给中间那盆酱 h 贴了“每间厨房都要整盆”的标签。',
    "The runners know three ways to pass: AllGather (put each kitchen's piece together into a whole plate for everyone), AllReduce (add up the kitchens' partial dishes and give everyone the sum), and ReduceScatter (add them up, but each kitchen keeps only its own share). " +
      'A-Ming\'s sous-chef (GSPMD) picks the style from the labels. But someone labelled the sauce h in the middle "every kitchen wants the whole pot".',
  ),
  goal: text(
    '看看每种标签让副手用了哪种传法，找出最省的一种。',
    'See which pass each label makes the sous-chef use, and find the cheapest.',
  ),
  hints: [
    text(
      '传菜有几种方式：汇总分发（AllReduce）、分段汇总（ReduceScatter）、拼盘（AllGather）、换位（AllToAll）——每种传的量不一样。',
      'There are several ways to pass: AllReduce, ReduceScatter, AllGather, AllToAll — each moves a different amount.',
    ),
    text(
      '打开“静态”视图看每个值旁边插入的传菜，再看“动态”视图里灶台为它们等了多久。',
      'Open the Static view to see the passes inserted at each value, then the Dynamic view for how long the stoves wait for them.',
    ),
    text(
      '先去掉 h 上“整份”的标签，看看副手改用了什么传菜；再试试给 h 换一种切法，比较一步的时间。',
      'First remove the label that keeps h whole and see which pass the sous-chef uses instead; then try cutting h another way and compare the step times.',
    ),
  ],
  debrief: text(
    '环形算法里，n 间厨房、每组数组 S 字节、窗口带宽 B、每步延迟 α：AllGather 和 ReduceScatter 都是 (n−1)α + (n−1)/n · S/B，AllReduce 是 2(n−1)α + 2(n−1)/n · S/B——正好是一次 ReduceScatter 加一次 AllGather。' +
      'h 要整盆时，副手选了更便宜的办法：把 W1 和 W2 拼回整份（每份每间厨房发 {start.allGatherBytes}，{start.allGatherTime}），然后每间厨房都把整道菜做一遍——灶台干的是整道菜而不是四分之一。反向时 h 的梯度也得是整盆（JAX 把 with_sharding_constraint 的标签同样加在梯度上）：算 dh = dpred · W2ᵀ 用的是前向已经拼好的 W2，每间厨房都算整份 dh：一步 {start.stepTime}，每秒 {start.rate} 个样本（这是起始方案）。' +
      '让 h 保持切开，pred 是部分和，AllReduce 一次（每间厨房发 {hSplit.allReduceBytes}，{hSplit.allReduceTime}），一步 {hSplit.stepTime}，每秒 {hSplit.rate} 个样本。' +
      '把 pred 标成按行分开，就是 ReduceScatter（{predRows.reduceScatterBytes}，{predRows.reduceScatterTime}），反向还要 AllGather 误差（{predRows.allGatherBytes}，又一个 {predRows.allGatherTime}）：传的总量和 AllReduce 一样，只是换了时间和地点。可误差按行切开并没有就此打住：算 dh = err · W2ᵀ 时，副手把 W2 拼成整份（和起始方案一样，{start.allGatherTime}），再用 AllToAll 把 dh 从按行换回按列（{predRows.allToAllBytes}，{predRows.allToAllTime}），XLA 也是这么做的：一步 {predRows.stepTime}。参考方案（也就是本关标准杆的方案）只给 pred 标上按行切，权重不贴标签：副手把按行切一路传遍整个 MLP——数据并行，每间厨房都有整份权重——只用 AllReduce 收两个梯度和损失：一步 {reference.stepTime}，每秒 {reference.rate} 个样本——传的是比激活小的权重梯度。',
    'In the ring algorithms, with n kitchens, an array of S bytes per group, window bandwidth B and latency α per step: AllGather and ReduceScatter each take (n−1)α + (n−1)/n · S/B; AllReduce takes 2(n−1)α + 2(n−1)/n · S/B — exactly one ReduceScatter plus one AllGather. ' +
      'When h must be whole, the sous-chef takes the cheaper way: gather W1 and W2 back whole ({start.allGatherBytes} sent per kitchen for each, {start.allGatherTime}), then every kitchen cooks the whole dish instead of a quarter. In the backward pass the gradient of h must be whole too (JAX puts a with_sharding_constraint label on the gradient as well): dh = dpred · W2ᵀ reuses the W2 gathered for the forward pass, and every kitchen computes the whole dh: {start.stepTime} a step, {start.rate} examples per second (the starting plan). ' +
      'Leave h split and pred is a partial sum: one AllReduce ({hSplit.allReduceBytes} per kitchen, {hSplit.allReduceTime}), {hSplit.stepTime} a step, {hSplit.rate} examples per second. ' +
      'Label pred split by rows and it becomes a ReduceScatter ({predRows.reduceScatterBytes}, {predRows.reduceScatterTime}), and the backward pass must AllGather the error ({predRows.allGatherBytes}, another {predRows.allGatherTime}): the same bytes as the AllReduce, moved at another time and place. But the row split of the error does not stop there: for dh = err · W2ᵀ the sous-chef gathers W2 whole (as the starting plan does, {start.allGatherTime}) and moves dh from rows back to columns with an AllToAll ({predRows.allToAllBytes}, {predRows.allToAllTime}), as XLA does: {predRows.stepTime} a step. The reference plan (par’s plan too) labels only pred by rows and leaves the weights unlabelled: the sous-chef carries the row split through the whole MLP — data parallelism, whole weights in every kitchen — and only the two gradients and the loss are all-reduced: {reference.stepTime} a step, {reference.rate} examples per second. It moves the weights’ gradients, which are smaller than the activations.',
  ),
  scenario: {
    engine: 'tasting+pricing',
    model: 'mlp2',
    tastingDims: { batch: 8 },
    banquetDims: { batch: 32768, input: 512, hidden: 8192, output: 512 },
    step: 'train',
    hardware: 'fridge-16gb-slow',
    precision: 'fp32',
  },
  editable: LABEL_EDITS,
  limits: { maxDevices: 4, axisNames: ['model'], tensors: ['w1', 'w2', 'h', 'pred'], modes: ['auto'] },
  stars: parStars('passing-styles'),
  start: gatherAll,
  // Par (shared/game/par): pred by rows and nothing else labelled, so the batch split propagates through the
  // whole MLP (data parallelism) and only the gradients are all-reduced. (h re-split by rows after a
  // column-split W1 all-to-alls dh in the backward pass, as XLA does: 100 ms.)
  reference: planState({ mesh: grid, specs: { pred: ['model', null] } }),
  trap: { plan: gatherAll, fails: 'slower' },
  lessonPlans: {
    hSplit,
    predRows: planState({ ...hSplit, specs: { ...hSplit.specs, pred: ['model', null] } }),
  },
};
