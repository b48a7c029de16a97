// One accepted edit in the kitchen's words, for the activity line of a team's shared plan ("Alice cut W1 by
// columns"): a verb phrase without its subject, read against the plan the edit produced (the grid sizes).
import type { PlanEdit } from './actions.ts';
import { text, type Text } from './i18n.ts';
import type { PlanState, SpecJson } from './planState.ts';
import { dishName, gridInWords } from './planWords.ts';
import { SCHEDULE_NAMES } from './scheduleNames.ts';

const cutDims = (spec: SpecJson): number[] =>
  spec.flatMap((e, dim) => (e === null || (Array.isArray(e) && e.length === 0) ? [] : [dim]));

const axesText = (spec: SpecJson): string =>
  [...new Set(spec.flatMap((e) => (e === null ? [] : typeof e === 'string' ? [e] : [...e])))].join(', ');

/** "cut W1 by columns (model)", "cut W1 into blocks (data, model)", "kept W1 whole". */
function labelWords(tensor: string, spec: SpecJson): Text {
  const name = dishName(tensor);
  const dims = cutDims(spec);
  const along = axesText(spec);
  if (dims.length === 0) return text(`让 ${name} 保持整份`, `kept ${name} whole`);
  if (spec.length === 2 && dims.length === 1)
    return dims[0] === 1
      ? text(`把 ${name} 按列切开（${along}）`, `cut ${name} by columns (${along})`)
      : text(`把 ${name} 按行切开（${along}）`, `cut ${name} by rows (${along})`);
  if (spec.length === 2) return text(`把 ${name} 切成小块（${along}）`, `cut ${name} into blocks (${along})`);
  const list = dims.join(', ');
  return text(`把 ${name} 沿第 ${list} 维切开（${along}）`, `cut ${name} along dimension ${list} (${along})`);
}

const MODE_WORDS: Record<PlanState['mode'], Text> = {
  auto: text('交给副手自动传菜（jit）', 'let the sous-chef place the passes (jit)'),
  manual: text('改成手动传菜（shard_map）', 'switched to placing the passes by hand (shard_map)'),
  pmap: text('改用 pmap', 'switched to pmap'),
};

/**
 * What `edit` did, as a phrase after a name; `after` is the plan it produced.
 * @example editInWords({ type: 'setSpec', tensor: 'w1', spec: [null, 'model'] }, plan).en // 'cut W1 by columns (model)'
 */
export function editInWords(edit: PlanEdit, after: PlanState): Text {
  switch (edit.type) {
    case 'setSpec':
      return labelWords(edit.tensor, edit.spec);
    case 'clearSpec':
      return text(`撕掉了 ${dishName(edit.tensor)} 的标签`, `took the label off ${dishName(edit.tensor)}`);
    case 'setMesh': {
      const g = gridInWords(after.mesh);
      return text(`把厨房改成 ${g['zh-CN']}`, `made the grid ${g.en}`);
    }
    case 'renameAxis':
      return text(`把 ${edit.from} 改名为 ${edit.to}`, `renamed ${edit.from} to ${edit.to}`);
    case 'setMode':
      return MODE_WORDS[edit.mode];
    case 'setPipeline': {
      const p = after.pipeline;
      const stages = after.mesh.find((a) => a.name === 'stage')?.size ?? 1;
      const s = SCHEDULE_NAMES[p.schedule];
      return text(
        `把菜序改成 ${stages} 道、每步 ${p.microbatches} 轮（${s['zh-CN']}）`,
        `set the courses to ${stages}, ${p.microbatches} rounds per step (${s.en})`,
      );
    }
    case 'setRecompute':
      return edit.policy === 'none'
        ? text('不再现做，改为备好', 'stopped cooking again (store everything)')
        : text(`选了现做不备：${edit.policy}`, `chose cook again instead of storing: ${edit.policy}`);
    case 'setZero':
      return text(`把调料账本设为第 ${edit.stage} 级`, `set the seasoning ledger to stage ${edit.stage}`);
    case 'setSequenceParallel':
      return edit.enabled
        ? text('打开了序列并行', 'turned sequence parallel on')
        : text('关掉了序列并行', 'turned sequence parallel off');
    case 'setCapacityFactor':
      return text(`把每位专家的座位设为 ${edit.factor} 倍`, `set ${edit.factor}× seats per expert`);
    case 'addManualOp':
      return text(`加了一步 ${edit.op.op}（${edit.op.name}）`, `added a ${edit.op.op} (${edit.op.name})`);
    case 'removeManualOp':
      return text(`删掉了 ${edit.name} 这一步`, `removed the step ${edit.name}`);
    case 'setManualOutput':
      return text(`把 ${edit.value} 作为 ${edit.output} 上菜`, `served ${edit.value} as ${edit.output}`);
  }
}
