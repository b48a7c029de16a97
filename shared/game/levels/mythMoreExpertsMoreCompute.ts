// Misconception level: "more experts means more compute per token". A top-2 mixture of 128 experts holds
// 64 times the parameters of a dense layer of two experts' width, but each token still visits only two
// experts: the compute per token is k·4·d·f forward, whatever E (Fedus et al. 2021 §2: "sparsely activated",
// parameters without FLOPs). The apprentice, who believes every token costs 128 experts' work, splits every
// expert over all eight kitchens and keeps every guest in every kitchen; each kitchen then routes every
// token and the expert outputs are summed over the windows. Giving each kitchen its own experts (expert
// parallelism) halves the step.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { planState } from '../planState.ts';
import { parStars } from '../par/parThresholds.ts';
import { axis } from './helpers.ts';
import { BUFFET_MOE, expertParallel, MOE_TENSORS, tensorParallelExperts } from './moeHelpers.ts';

const grid = [axis('expert', 8)];
const everyoneCooksEveryExpert = planState({ mesh: grid, specs: tensorParallelExperts('expert') });

/** Myth: more experts means more compute per token. */
export const mythMoreExpertsMoreCompute: Level = {
  id: 'myth-more-experts-more-compute',
  kind: 'misconception',
  concept: 'expert-parallelism',
  title: text('误区：专家越多，每个 token 算得越多', 'Myth: more experts means more compute per token'),
  belief: text(
    '128 个专家的模型，每个 token 要做的计算就是一个专家的 128 倍，所以每个专家都得切给所有厨房一起算。',
    'A model with 128 experts does 128 experts’ worth of compute for every token, so every expert must be split over all the kitchens.',
  ),
  story: text(
    '还是那家 128 个档口的自助餐，这回只有一台机器的八间厨房。学徒觉得每位客人都要吃遍 128 个档口，活太重，于是把每个档口的菜谱都切成八份，每间厨房做每个档口的八分之一，每位客人也在每间厨房都走一遍。',
    "The same buffet of 128 counters, this time in the eight kitchens of one machine. The apprentice thinks every guest eats at all 128 counters, far too much work, so he cut every counter's recipe into eight and has each kitchen cook an eighth of every counter — and every guest walks through every kitchen.",
  ),
  goal: text(
    '看看学徒的做法慢在哪里，找出这家自助餐在八间厨房里最快的做法。',
    "See where the apprentice's plan is slow, and find the fastest buffet in eight kitchens.",
  ),
  hints: [
    text(
      '路由是 top-2：每位客人只去两个档口。一个 token 的计算量和档口的总数有关吗？',
      'Routing is top-2: each guest visits two counters. Does a token’s compute depend on how many counters there are?',
    ),
    text(
      '在局部视图里看一间厨房的灶台：它为多少位客人领位、为多少位客人做菜？',
      "Look at one kitchen's stove in the local view: how many guests does it route, and how many does it cook for?",
    ),
    text(
      '专家的菜谱不用切开，把整个档口交给一间厨房——客人呢？',
      'A counter’s recipe need not be cut: give whole counters to each kitchen. And the guests?',
    ),
  ],
  debrief: text(
    '稀疏激活：top-k 路由让每个 token 只经过 k 个专家，前向计算量是 k·4·d·f，和专家数 E 无关——这里 k = 2、d = 4096、f = 16384，每个 token 5.4 亿次浮点运算，和宽 2f 的稠密 MLP 一样，而参数是它的 64 倍。专家越多，冷柜要存的越多，灶台的活却不变。' +
      '学徒把每个专家按隐藏维切给八间厨房、客人不分：每间厨房都要为全部 token 领位、派发，还要在前向和反向各汇总一次专家的输出（AllReduce），灶台的活并没有分成八份。' +
      '专家并行让每间厨房做 16 个完整的专家、只接待八分之一的客人：计算分成了八份，通信只剩四次 AllToAll，外加三次 AllReduce（参考方案里是损失，以及每间厨房都存整份的 router 和 w_in 的梯度，都比 AllToAll 小得多），一步快了大约一倍（参考方案 {reference.stepTime}，学徒的方案 {start.stepTime}）。参考方案：把 expert_w1、expert_w2 和客人 x0、target 都按 expert 那一排切开。',
    'Sparse activation: top-k routing sends each token through only k experts, so the forward compute is k·4·d·f whatever the number of experts E — here k = 2, d = 4096, f = 16384: 540 million FLOPs a token, the same as a dense MLP of width 2f, with 64 times its parameters. More experts fill the fridges, not the stoves. ' +
      'The apprentice cut every expert by its hidden units over the eight kitchens and kept every guest everywhere: each kitchen routes and dispatches every token and the expert outputs are summed (AllReduce) forward and backward, so the stoves’ work is not divided by eight. ' +
      'Expert parallelism gives each kitchen 16 whole experts and an eighth of the guests: the compute is divided by eight, the communication is four AllToAlls plus three AllReduces far smaller than them (in the reference plan: the loss, and the gradients of router and w_in, which every kitchen holds whole), and the step is about twice as fast ({reference.stepTime} in the reference plan against the apprentice’s {start.stepTime}). The reference plan: expert_w1, expert_w2 and the guests x0 and target all cut along the expert row.',
  ),
  scenario: BUFFET_MOE,
  editable: ['setSpec', 'clearSpec'],
  limits: { maxDevices: 8, axisNames: ['expert'], tensors: MOE_TENSORS, modes: ['auto'] },
  stars: parStars('myth-more-experts-more-compute'),
  start: everyoneCooksEveryExpert,
  reference: planState({ mesh: grid, specs: expertParallel('expert') }),
  trap: { plan: everyoneCooksEveryExpert, fails: 'slower' },
};
