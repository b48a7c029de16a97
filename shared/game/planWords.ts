// A plan in the kitchen's words (docs/glossary.md), for the classroom's reveal and its activity line: the grid
// ("4 kitchens in a row (model)"), what each kitchen holds of every labelled dish ("each kitchen holds a column
// slice of W1 (1/4, cut along model)"), the mode, the courses and the memory savers — the same facts as
// planSummary's one line of code, read aloud. Dimension 0 of a matrix is its rows, dimension 1 its columns.
import { text, type Text } from './i18n.ts';
import type { Level } from './level.ts';
import {
  PLAN_DEFAULTS,
  deviceCount,
  type MeshAxisState,
  type PlanState,
  type SpecJson,
} from './planState.ts';
import { SCHEDULE_NAMES, SCHEDULE_WAYS } from './scheduleNames.ts';

/** A dish's name as the stories write it: w1 → W1; other names as they are. */
export const dishName = (name: string): string => (/^w\d+$/u.test(name) ? name.toUpperCase() : name);

const axesOf = (entry: SpecJson[number]): readonly string[] =>
  entry === null ? [] : typeof entry === 'string' ? [entry] : entry;

/** Pieces a dimension is cut into: the product of its axes' sizes (an axis missing from the grid counts 1). */
const piecesOf = (axes: readonly string[], mesh: readonly MeshAxisState[]): number =>
  axes.reduce((n, a) => n * (mesh.find((m) => m.name === a)?.size ?? 1), 1);

const axisList = (axes: readonly string[]): Text => text(axes.join(' 和 '), axes.join(' and '));

/**
 * What each kitchen holds of a dish with this label, with `names` for the dish (one or several, already
 * joined), e.g. "each kitchen holds a column slice of W1 (1/4, cut along model)".
 */
export function holdingInWords(names: string, spec: SpecJson, mesh: readonly MeshAxisState[]): Text {
  const cuts = spec.map((e, dim) => ({ dim, axes: axesOf(e) })).filter((c) => c.axes.length > 0);
  if (cuts.length === 0)
    return text(`每间厨房都放整份 ${names}`, `every kitchen holds the whole of ${names}`);
  const matrix = spec.length === 2;
  if (matrix && cuts.length === 1) {
    const { dim, axes } = cuts[0]!;
    const n = piecesOf(axes, mesh);
    const a = axisList(axes);
    return dim === 1
      ? text(
          `每间厨房拿 ${names} 的一列切片（按 ${a['zh-CN']} 切成 ${n} 份）`,
          `each kitchen holds a column slice of ${names} (1/${n}, cut along ${a.en})`,
        )
      : text(
          `每间厨房拿 ${names} 的一行切片（按 ${a['zh-CN']} 切成 ${n} 份）`,
          `each kitchen holds a row slice of ${names} (1/${n}, cut along ${a.en})`,
        );
  }
  if (matrix) {
    const [r, c] = [axisList(cuts[0]!.axes), axisList(cuts[1]!.axes)];
    const n = piecesOf([...cuts[0]!.axes, ...cuts[1]!.axes], mesh);
    return text(
      `每间厨房拿 ${names} 的一块（行按 ${r['zh-CN']}、列按 ${c['zh-CN']} 切，共 ${n} 块）`,
      `each kitchen holds a block of ${names} (rows cut along ${r.en}, columns along ${c.en}: 1/${n})`,
    );
  }
  const zh = cuts.map(
    (c) => `第 ${c.dim} 维按 ${axisList(c.axes)['zh-CN']} 切成 ${piecesOf(c.axes, mesh)} 份`,
  );
  const en = cuts.map(
    (c) => `dimension ${c.dim} cut along ${axisList(c.axes).en} into ${piecesOf(c.axes, mesh)}`,
  );
  return text(
    `每间厨房拿 ${names} 的一片（${zh.join('；')}）`,
    `each kitchen holds a piece of ${names} (${en.join('; ')})`,
  );
}

/** The grid: "4 kitchens in a row (model)", "8 kitchens in a 2 × 4 grid (data × model)". */
export function gridInWords(grid: readonly MeshAxisState[]): Text {
  const n = deviceCount({ mesh: grid });
  // An axis of size 1 adds no kitchen: "8 kitchens in a row (stage)", not "a 1 × 8 × 1 grid".
  const mesh = grid.filter((a) => a.size > 1);
  const names = mesh.map((a) => a.name).join(' × ');
  if (n === 1) return text('只有 1 间厨房', 'one kitchen');
  if (mesh.length === 1) return text(`${n} 间厨房排成一排（${names}）`, `${n} kitchens in a row (${names})`);
  const sizes = mesh.map((a) => a.size).join(' × ');
  return text(`${n} 间厨房，${sizes} 的网格（${names}）`, `${n} kitchens in a ${sizes} grid (${names})`);
}

/** Megatron levels: what each axis of the data × stage × model grid does (their layouts are Megatron's). */
function megatronRoles(mesh: readonly MeshAxisState[]): Text[] {
  const size = (name: string) => mesh.find((a) => a.name === name)?.size ?? 1;
  const out: Text[] = [];
  const [dp, pp, tp] = [size('data'), size('stage'), size('model')];
  if (dp > 1)
    out.push(
      text(
        `菜单抄 ${dp} 份，各做各的客桌（data）`,
        `the menu copied ${dp} times, each copy cooking its own tables (data)`,
      ),
    );
  if (pp > 1)
    out.push(text(`分 ${pp} 道菜序，一道接一道（stage）`, `${pp} courses, one after another (stage)`));
  if (tp > 1)
    out.push(
      text(
        `每层的矩阵由 ${tp} 间厨房分着做（model）`,
        `every layer's matrices shared by ${tp} kitchens (model)`,
      ),
    );
  return out;
}

/** The labels, dishes with the same holding grouped: "each kitchen holds a column slice of W1 and W3". */
function labelsInWords(specs: Readonly<Record<string, SpecJson>>, mesh: readonly MeshAxisState[]): Text[] {
  const groups = new Map<string, { spec: SpecJson; names: string[] }>();
  for (const [name, spec] of Object.entries(specs)) {
    // Dishes with equal labels read the same: grouped by the label (trailing unsplit dimensions included).
    const key = JSON.stringify(spec);
    const g = groups.get(key) ?? { spec, names: [] };
    g.names.push(dishName(name));
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const zh = holdingInWords(g.names.join('、'), g.spec, mesh)['zh-CN'];
    const en = holdingInWords(g.names.join(', '), g.spec, mesh).en;
    return text(zh, en);
  });
}

/** A schedule and how it serves: 'GPipe (all forwards, then all backwards)', '交错（每站做几段不相邻的层）'. */
const scheduleWords = (schedule: PlanState['pipeline']['schedule']): Text => {
  const [name, way] = [SCHEDULE_NAMES[schedule], SCHEDULE_WAYS[schedule]];
  return text(`${name['zh-CN']}（${way['zh-CN']}）`, `${name.en} (${way.en})`);
};

/** The courses, memory savers and seats of a plan that differ from the defaults. */
function extrasInWords(plan: PlanState): Text[] {
  const out: Text[] = [];
  const p = plan.pipeline;
  const d = PLAN_DEFAULTS.pipeline;
  if (p.microbatches !== d.microbatches || p.schedule !== d.schedule || p.virtualStages !== d.virtualStages) {
    const s = scheduleWords(p.schedule);
    const v = p.virtualStages > 1;
    out.push(
      text(
        `每步分 ${p.microbatches} 轮上菜，${s['zh-CN']}${v ? `，每间厨房 ${p.virtualStages} 段` : ''}`,
        `${p.microbatches} rounds per step, ${s.en}${v ? `, ${p.virtualStages} chunks per kitchen` : ''}`,
      ),
    );
  }
  if (plan.recompute === 'full')
    out.push(text('现做不备：反向前整层重算', 'cook again instead of storing: whole layers recomputed'));
  if (plan.recompute === 'selective')
    out.push(text('现做不备：只重算注意力', 'cook again instead of storing: attention only'));
  if (plan.zeroStage > 0) {
    const what = [
      text('优化器状态', 'optimizer state'),
      text('优化器状态和梯度', 'optimizer state and gradients'),
      text('优化器状态、梯度和参数', 'optimizer state, gradients and parameters'),
    ][plan.zeroStage - 1]!;
    out.push(
      text(
        `调料账本第 ${plan.zeroStage} 级：${what['zh-CN']}分给各份菜单`,
        `seasoning ledger stage ${plan.zeroStage}: ${what.en} split over the copies of the menu`,
      ),
    );
  }
  if (plan.sequenceParallel)
    out.push(text('序列并行：层归一化按序列切开', 'sequence parallel: the norms cut along the sequence'));
  if (plan.capacityFactor !== null)
    out.push(text(`每位专家留 ${plan.capacityFactor} 倍的座位`, `${plan.capacityFactor}× seats per expert`));
  return out;
}

/**
 * The plan read aloud, one clause per fact, grid first.
 * @example planInWords(fridgeTooSmall, fridgeTooSmall.reference).map((w) => w.en)
 *   // ['4 kitchens in a row (model)', 'each kitchen holds a column slice of W1 (1/4, cut along model)',
 *   //  'each kitchen holds a row slice of W2 (1/4, cut along model)']
 */
export function planInWords(level: Pick<Level, 'scenario'>, plan: PlanState): Text[] {
  const out = [gridInWords(plan.mesh)];
  if (level.scenario.engine === 'train') out.push(...megatronRoles(plan.mesh));
  if (plan.mode === 'pmap')
    out.push(
      text(
        'pmap：每间厨房放整份菜，各做各的客桌',
        'pmap: every kitchen holds whole dishes and cooks its own tables',
      ),
    );
  else if (plan.mode === 'manual' && plan.manual !== null) {
    out.push(
      text(
        `手动传菜（shard_map，${plan.manual.body.length} 步）`,
        `passes placed by hand (shard_map, ${plan.manual.body.length} steps)`,
      ),
    );
    out.push(...labelsInWords(plan.manual.inSpecs, plan.mesh));
  } else if (level.scenario.engine !== 'train') {
    const labels = labelsInWords(plan.specs, plan.mesh);
    out.push(
      ...(labels.length > 0 ? labels : [text('每道菜每间厨房都放整份', 'every dish whole in every kitchen')]),
    );
  }
  out.push(...extrasInWords(plan));
  return out;
}
