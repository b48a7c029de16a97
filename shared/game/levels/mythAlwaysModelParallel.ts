// Misconception level (the article's fourth): "model parallelism solves memory, so always use it". A
// Megatron MLP of 1.2 million parameters fits in one kitchen; splitting it puts an AllReduce of the
// activations on the critical path of every layer, while data parallelism sends the (small) gradients
// once per step, behind the backward pass.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState } from '../planState.ts';
import { axis, LABEL_EDITS, SLOW_KITCHEN_MLP } from './helpers.ts';

const grid = [axis('x', 4)];
const tensorParallel = planState({ mesh: grid, specs: { w1: [null, 'x'], w2: ['x', null] } });

/** Myth: always use model parallelism. */
export const mythAlwaysModelParallel: Level = {
  id: 'myth-always-model-parallel',
  kind: 'misconception',
  concept: 'data-vs-model-parallel',
  title: text('误区：永远用模型并行', 'Myth: always use model parallelism'),
  belief: text(
    '既然模型并行能解决显存问题，那以后所有训练都用模型并行就好了。',
    'Model parallelism solves the memory problem, so every training run should use it.',
  ),
  story: text(
    '这回是一道小菜：一个只有 220 万参数的 MLP，一间厨房的冷柜绰绰有余，可客人有 65536 位。' +
      '学徒已经学会了切菜，于是把 W1 和 W2 切给了四间厨房——每一层都要隔着慢窗口汇总一次。',
    'This time the dish is small: an MLP with 2.2 million parameters, which one fridge holds with room to spare — but there are 65,536 guests. ' +
      'The apprentice has learned to cut, so he split W1 and W2 over four kitchens — and every layer now adds up its sums through the slow windows.',
  ),
  goal: text('找出这道菜最快的做法。', 'Find the fastest way to cook this dish.'),
  hints: [
    text(
      '模型并行把一次激活汇总（AllReduce）放进每一层的关键路径；数据并行只在每步末尾汇总一次梯度。',
      "Model parallelism puts an AllReduce of the activations on every layer's critical path; data parallelism sums only the gradients, once per step.",
    ),
    text(
      '打开“动态”视图，看灶台每一层等汇总等了多久；再看“全局”视图里冷柜：整份菜谱占多少地方？',
      'Open the Dynamic view and see how long the stoves wait for each sum; then look at the fridges in the Global view: how much room does the whole recipe take?',
    ),
    text(
      '先把学徒切 W1 的标签去掉，再看一步的时间怎么变；然后想想：客人这么多，该切开的是什么？',
      "First remove the apprentice's label on W1 and watch the step time; then ask yourself: with this many guests, what should be split instead?",
    ),
  ],
  debrief: text(
    '模型并行把通信放在每一层的关键路径上：这里（起始方案）每步前向汇总一次 y、反向再汇总一次，每次每间厨房要在 15 GB/s 的窗口（PCIe，没有 NVLink）上发 {start.allReduceBytes}（{start.allReduceTime}），一步 {start.stepTime}。' +
      '数据并行（参考方案）只在每步结束时汇总梯度：W1、W2 每间厨房各发 {reference.allReduceBytes}，而且在反向计算时就开始传，几乎全藏在计算后面；一步 {reference.stepTime}，每秒 {reference.rate} 个样本，更快。' +
      '业界的标配是“数据并行 + 模型并行”：能塞进一张卡的模型先用数据并行；放不下了，再叠加张量或流水线并行。并行效率 Eff = T_calc / (T_calc + T_comm)：通信越少、越能藏起来，越接近线性扩展。',
    'Model parallelism puts communication on the critical path of every layer: here (the starting plan) one sum of y forward and one backward per step, each kitchen sending {start.allReduceBytes} each time through the 15 GB/s windows (PCIe, no NVLink) ({start.allReduceTime}), {start.stepTime} a step. ' +
      'Data parallelism (the reference plan) adds up the gradients once per step: each kitchen sends {reference.allReduceBytes} for each of W1 and W2, while the backward pass is still running and almost entirely hidden behind it; {reference.stepTime} a step, {reference.rate} examples per second, faster. ' +
      'The industry standard is data + model parallelism: a model that fits on one device uses data parallelism; when it no longer fits, add tensor or pipeline parallelism. Parallel efficiency Eff = T_calc / (T_calc + T_comm): the less you communicate, and the more of it you hide, the closer to linear scaling.',
  ),
  scenario: SLOW_KITCHEN_MLP,
  editable: LABEL_EDITS,
  limits: { maxDevices: 4, axisNames: ['x'], tensors: ['x0', 'target', 'w_in', 'w1', 'w2'], modes: ['auto'] },
  stars: parStars('myth-always-model-parallel'),
  start: tensorParallel,
  reference: planState({ mesh: grid, specs: { x0: ['x', null], target: ['x', null] } }),
  trap: { plan: tensorParallel, fails: 'slower' },
};
