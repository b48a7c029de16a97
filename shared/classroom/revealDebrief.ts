// The reveal's debrief (issue 18 item 6): it speaks to the revealed plan — its own step, rate, fullest fridge
// and passes, or why it served nothing, then what limited it — and names every other plan it cites: the
// round's best (by team) and the level's lesson, whose figures are the reference plan's.
import { NOT_SERVED_BECAUSE } from '../game/debrief.ts';
import { formatGb, formatRate, formatSeconds, tidyZh } from '../game/format.ts';
import { wasRefused } from './scoreRound.ts';
import { text, type Text } from '../game/i18n.ts';
import type { Level } from '../game/level.ts';
import { lesson } from '../game/lesson.ts';
import type { TeamRoundResult } from '../protocol/classroom.ts';

type Figures = Pick<
  TeamRoundResult,
  'score' | 'fits' | 'tastingOk' | 'stepS' | 'tokensPerS' | 'worstMemoryBytes' | 'capacityBytes'
>;

/**
 * A result's figures as the screens print them, or why it served nothing.
 * @example resultFigures(row, 'examples').en // '1.40 s a step, 733 examples/s, fullest fridge 9.0 GB'
 */
export function resultFigures(r: Figures, unit: 'tokens' | 'examples'): Text {
  const mem = formatGb(r.worstMemoryBytes);
  if (!r.fits && r.capacityBytes > 0)
    return text(
      `冷柜装不下：最满的冷柜要 ${mem}，只有 ${formatGb(r.capacityBytes)}，上不了菜`,
      `out of memory: the fullest fridge needs ${mem} of ${formatGb(r.capacityBytes)}, so nothing is served`,
    );
  if (r.tastingOk === false) return text('试菜不对，上不了菜', 'the tasting is wrong, so nothing is served');
  if (wasRefused(r)) return text('这份方案上不了菜', 'this plan cannot be served');
  if (r.score <= 0) {
    // served nothing though it fits and tastes right: score.ts turns it down for the guests it turns away
    const why = NOT_SERVED_BECAUSE.dropped!;
    return text(
      `一步 ${formatSeconds(r.stepS)}，但没能上菜：${why['zh-CN']}（最满的冷柜 ${mem}）`,
      `${formatSeconds(r.stepS)} a step but not served, ${why.en} (fullest fridge ${mem})`,
    );
  }
  return text(
    tidyZh(
      `一步 ${formatSeconds(r.stepS)}，每秒 ${formatRate(r.score, 'zh-CN')} 个${unit === 'tokens' ? ' token' : '样本'}，最满的冷柜 ${mem}`,
    ),
    `${formatSeconds(r.stepS)} a step, ${formatRate(r.score)} ${unit}/s, fullest fridge ${mem}`,
  );
}

/** A plan the debrief speaks of: whose (a team's name), its result and its passes ('AllReduce ×1', '' for none). */
export interface CitedPlan {
  readonly name: Text;
  readonly result: TeamRoundResult;
  readonly passes: Text;
  /** Whose passes they are ("each kitchen's passes per step"; debrief.ts PlanFigures.passesHeading). */
  readonly passesHeading: Text;
  /** The other teams whose plans scored the same (a tie for the round's best), by name. */
  readonly tiedWith?: readonly Text[];
}

/** Names as a sentence lists them: "Sichuan and Hunan", "川菜和湘菜" (Intl.ListFormat, CLDR's patterns). */
const listOf = (names: readonly Text[]): Text =>
  text(
    new Intl.ListFormat('zh-CN', { type: 'conjunction' }).format(names.map((n) => n['zh-CN'])),
    new Intl.ListFormat('en', { type: 'conjunction' }).format(names.map((n) => n.en)),
  );

const withPasses = (figures: Text, plan: CitedPlan, served: boolean): Text =>
  plan.passes.en === '' || !served
    ? figures
    : text(
        `${figures['zh-CN']}，${plan.passesHeading['zh-CN']}：${plan.passes['zh-CN']}`,
        `${figures.en}; ${plan.passesHeading.en}: ${plan.passes.en}`,
      );

/**
 * The debrief of `revealed`, citing `best` (the round's best plan, when it is another team's) by name.
 * @example revealDebrief(sichuan, hunan, 'examples').en
 *   // "Sichuan's plan: out of memory: … Out of memory: …\nThe round's best plan, Hunan's: 1.40 s a step, …"
 */
export function revealDebrief(
  revealed: CitedPlan,
  best: CitedPlan | undefined,
  unit: 'tokens' | 'examples',
): Text {
  const r = revealed.result;
  const served = r.score > 0;
  const own = withPasses(resultFigures(r, unit), revealed, served);
  const zh = [`${revealed.name['zh-CN']}的方案：${own['zh-CN']}。${r.explanation['zh-CN']}`];
  const en = [`${revealed.name.en}'s plan: ${own.en}. ${r.explanation.en}`];
  if (best !== undefined) {
    const b = withPasses(resultFigures(best.result, unit), best, true);
    const tied = best.tiedWith ?? [];
    if (tied.length === 0) {
      zh.push(`本轮最佳的是${best.name['zh-CN']}的方案：${b['zh-CN']}。`);
      en.push(`The round's best plan, ${best.name.en}'s: ${b.en}.`);
    } else {
      const all = listOf([best.name, ...tied]);
      zh.push(`本轮并列最佳的是${all['zh-CN']}的方案，其中${best.name['zh-CN']}的：${b['zh-CN']}。`);
      en.push(`The round's best plans, tied, are those of ${all.en}; ${best.name.en}'s: ${b.en}.`);
    }
  }
  return text(zh.join('\n'), en.join('\n'));
}

/** The level's lesson, introduced as told with the figures of the plans it names, not the revealed plan's. */
export function lessonOf(level: Level): Text {
  // The lesson's placeholders filled from the plans it quotes (lesson.ts), then introduced as theirs.
  const l = lesson(level);
  return text(
    `这一关的道理（数字出自文中点名的方案，不是这一队的）：${l['zh-CN']}`,
    `The lesson, with the figures of the plans it names (not this team's): ${l.en}`,
  );
}
