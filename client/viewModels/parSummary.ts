// The score screen's par section: how close the served plan came to the level's par (the best plan the
// search found, shared/game/par) and, once the level is passed, par's plan in words. Pure.
import {
  formatRate,
  levelPar,
  parFraction,
  scheduleName,
  type Level,
  type Locale,
  type PlanState,
} from '../../shared/index.ts';
import { labelText } from './specForm.ts';

export interface ParSummary {
  /** Par's score. */
  readonly par: number;
  /** Par's score as the screens print a rate in the page's language (formatRate: '1.23k', '3.74 万'). */
  readonly parRate: string;
  /** The served score over par, 0–1 (above 1 only if the search missed a better plan). */
  readonly fraction: number;
  /** Par's plan, one line per choice, or null until the level is passed (one star or more). */
  readonly plan: readonly string[] | null;
}

const WORDS = {
  en: {
    grid: 'Grid',
    labels: 'Labels',
    courses: 'Courses',
    recompute: 'Cook again (recompute)',
    zero: 'ZeRO stage',
    sp: 'Sequence parallel',
    seats: 'Seats per counter (capacity factor)',
    mode: 'Mode',
    unlabelled: 'no labels',
    on: 'on',
    off: 'off',
    passes: 'Passes',
    colon: ': ',
    comma: ', ',
    // as the editors' options name them (client/i18n/editorStrings.ts 'mode.*', 'recompute.*'), in short
    modes: { auto: 'auto (jit with shardings)', manual: 'manual (shard_map)', pmap: 'pmap' },
    policies: {
      none: 'none',
      selective: 'selective (attention only)',
      full: 'full (each layer’s input kept)',
    },
  },
  'zh-CN': {
    grid: '网格',
    labels: '切法标签',
    courses: '菜序',
    recompute: '现做不备（重算）',
    zero: 'ZeRO 阶段',
    sp: '序列并行',
    seats: '每个档口的座位（容量系数）',
    mode: '模式',
    unlabelled: '不加标签',
    on: '开',
    off: '关',
    passes: '传菜',
    colon: '：',
    comma: '，',
    modes: { auto: '自动（带分片的 jit）', manual: '手动（shard_map）', pmap: 'pmap' },
    policies: { none: '不重算', selective: '选择性（只重做注意力）', full: '全部（每层只存输入）' },
  },
} as const;

/**
 * Par's plan as lines: only the choices the level lets the player make. `shapes` are the dishes' shapes
 * (specForm.ts tensorShapes), so that each label reads one entry per dimension, as the label editor's do.
 */
export function parPlanLines(
  level: Level,
  plan: PlanState,
  locale: Locale,
  shapes: ReadonlyMap<string, readonly number[]> = new Map(),
): string[] {
  const w = WORDS[locale];
  const can = (t: Level['editable'][number]) => level.editable.includes(t);
  const lines: string[] = [];
  if (can('setMode')) lines.push(`${w.mode}${w.colon}${w.modes[plan.mode]}`);
  if (can('setMesh') || can('renameAxis') || can('setPipeline'))
    lines.push(`${w.grid}${w.colon}${plan.mesh.map((a) => `${a.name} ${a.size}`).join(' × ')}`);
  if (can('setPipeline')) {
    const p = plan.pipeline;
    lines.push(
      `${w.courses}${w.colon}${scheduleName(p.schedule, locale)}${w.comma}m = ${p.microbatches}${p.schedule === 'interleaved' ? `${w.comma}v = ${p.virtualStages}` : ''}`,
    );
  }
  if (can('setRecompute')) lines.push(`${w.recompute}${w.colon}${w.policies[plan.recompute]}`);
  if (can('setZero')) lines.push(`${w.zero}${w.colon}${plan.zeroStage}`);
  if (can('setSequenceParallel')) lines.push(`${w.sp}${w.colon}${plan.sequenceParallel ? w.on : w.off}`);
  if (can('setCapacityFactor') && plan.capacityFactor !== null)
    lines.push(`${w.seats}${w.colon}${plan.capacityFactor}`);
  if (can('setSpec')) {
    const specs =
      plan.mode === 'manual' && plan.manual
        ? { ...plan.manual.inSpecs, ...plan.manual.outSpecs }
        : plan.specs;
    const labelled = level.limits.tensors
      .filter((t) => t in specs)
      .map((t) => `${t} ${labelText(specs[t]!, shapes.get(t)?.length)}`);
    lines.push(`${w.labels}${w.colon}${labelled.length > 0 ? labelled.join('; ') : w.unlabelled}`);
  }
  if (plan.mode === 'manual' && plan.manual && can('addManualOp'))
    lines.push(
      `${w.passes}${w.colon}${plan.manual.body
        .filter((o) => o.op !== 'einsum')
        .map((o) => `${o.op}(${o.args.join(', ')})`)
        .join('; ')}`,
    );
  return lines;
}

/** The par section of a served plan's score, or null when the level has no recorded par. */
export function parSummary(
  level: Level,
  score: number,
  best: number,
  locale: Locale,
  shapes: ReadonlyMap<string, readonly number[]> = new Map(),
): ParSummary | null {
  const par = levelPar(level.id);
  if (!par) return null;
  return {
    par: par.score,
    parRate: formatRate(par.score, locale),
    fraction: parFraction(score, par.score),
    plan: best >= 1 ? parPlanLines(level, par.plan, locale, shapes) : null,
  };
}
