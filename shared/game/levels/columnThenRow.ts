// Concept level: column then row (Megatron-LM's MLP, Shoeybi et al. 2019 §3): y = gelu(x·W1)·W2 with W1
// split by columns and W2 by rows needs one AllReduce forward and one backward; the other pairings pay
// for bigger passes. Megatron MLP at 65,536 rows, hidden 512, ffn 2048 on four kitchens with slow windows.
import { text } from '../i18n.ts';
import type { Level } from '../level.ts';
import { parStars } from '../par/parThresholds.ts';
import { planState, type SpecJson } from '../planState.ts';
import { axis, LABEL_EDITS, SLOW_KITCHEN_MLP } from './helpers.ts';

const grid = [axis('model', 4)];
const labelled = (w1: SpecJson, w2: SpecJson) => planState({ mesh: grid, specs: { w1, w2 } });
const rowThenColumn = labelled(['model', null], [null, 'model']);

/** Column then row: Megatron's MLP with one AllReduce. */
export const columnThenRow: Level = {
  id: 'column-then-row',
  kind: 'concept',
  concept: 'megatron-mlp',
  title: text('先竖切，再横切', 'Column then row'),
  story: text(
    '阿明的招牌菜要过两道工序：先用 W1 把食材调成四倍量的酱（再过一遍 gelu），再用 W2 收汁。' +
      '四间厨房已经把两盆料都切开了，可切的方向不对：W1 横着切、W2 竖着切，传菜员来回跑，一大盆酱在窗口间递来递去。',
    "A-Ming's signature dish has two steps: W1 turns the ingredients into four times as much sauce (then gelu), and W2 reduces it. " +
      'The four kitchens have cut both bowls, but the wrong way: W1 by rows and W2 by columns, so the runners carry a huge pot of sauce from window to window.',
  ),
  goal: text(
    '换一种切法，让两道工序之间只传一次、而且是小份的菜。',
    'Cut the two bowls another way, so that the two steps need a single, small pass between them.',
  ),
  hints: [
    text(
      'gelu 不是线性的：部分和不能先穿过它再相加——而 gelu 前的那锅有 ffn = 2048 列，很大。',
      'gelu is not linear: partial sums cannot pass through it before they are added up — and the pot before gelu has ffn = 2048 columns, a big one.',
    ),
    text(
      '打开“静态”视图：学徒的切法在哪个值上插入了汇总（AllReduce）？那个值有多宽？',
      "Open the Static view: on which value does the apprentice's plan insert a sum (AllReduce), and how wide is that value?",
    ),
    text(
      '如果每间厨房算出自己那几列的完整值，gelu 就能就地做：先想想 W1 要按哪一维切。',
      'If each kitchen computes whole values for its own columns, gelu runs locally: first work out which dimension of W1 to cut.',
    ),
  ],
  debrief: text(
    'Megatron-LM 的 MLP：Y = gelu(X·W1)·W2。W1 按列切成 [W1₁ | W1₂ | W1₃ | W1₄]，每间厨房算 gelu(X·W1ᵢ)，不用交流；W2 按行切，每间厨房算 gelu(X·W1ᵢ)·W2ᵢ，得到部分和，Y = Σᵢ gelu(X·W1ᵢ)·W2ᵢ 只需一次 AllReduce。' +
      '在这四间慢窗口厨房里：先列后行（参考方案）一步 {reference.stepTime}（每秒 {reference.rate} 个样本），前向只汇总一次 y（{reference.allReduceBytes}，{reference.allReduceTime}），反向再汇总一次输入梯度。' +
      '先行后列（起始方案）时，gelu 之前的部分和必须先汇总，那是 4 倍宽的 h_pre（{start.allReduceBytes}，{start.allReduceTime}），反向还要再来一次，一步 {start.stepTime}；两层都按列切要先 AllGather 拼出 h，一步 {columnsTwice.stepTime}；两层都按行切是 {rowsTwice.stepTime}。' +
      '环形 AllReduce 的时间是 2(n−1)α + 2(n−1)/n · S/B：切法决定了 S 有多大。',
    "Megatron-LM's MLP: Y = gelu(X·W1)·W2. Split W1 by columns, [W1₁ | W1₂ | W1₃ | W1₄], and each kitchen computes gelu(X·W1ᵢ) without talking to the others; split W2 by rows and each kitchen's gelu(X·W1ᵢ)·W2ᵢ is a partial sum: Y = Σᵢ gelu(X·W1ᵢ)·W2ᵢ needs one AllReduce. " +
      'In these four kitchens with slow windows: column then row (the reference plan) takes {reference.stepTime} a step ({reference.rate} examples per second), with one AllReduce of y forward ({reference.allReduceBytes}, {reference.allReduceTime}) and one of the input gradient backward. ' +
      'Row then column (the starting plan) must add up the partial sums before gelu, and that is the 4× wider h_pre ({start.allReduceBytes}, {start.allReduceTime}), again in the backward pass: {start.stepTime} a step. Columns twice needs an AllGather of h first: {columnsTwice.stepTime}; rows twice: {rowsTwice.stepTime}. ' +
      'A ring AllReduce takes 2(n−1)α + 2(n−1)/n · S/B: the way you cut decides how big S is.',
  ),
  scenario: SLOW_KITCHEN_MLP,
  editable: LABEL_EDITS,
  limits: { maxDevices: 4, axisNames: ['model'], tensors: ['w1', 'w2'], modes: ['auto'] },
  stars: parStars('column-then-row'),
  start: rowThenColumn,
  reference: planState({ mesh: grid, specs: { w1: [null, 'model'], w2: ['model', null] } }),
  trap: { plan: rowThenColumn, fails: 'slower' },
  lessonPlans: {
    columnsTwice: labelled([null, 'model'], [null, 'model']),
    rowsTwice: labelled(['model', null], ['model', null]),
  },
};
