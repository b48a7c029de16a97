// What the screens call each pipeline schedule (docs/glossary.md: courses 菜序, the pipeline's stages): the
// courses editor's choices and its section note, par's plan on the score screen, a plan read aloud in the
// classroom and its activity line all name a schedule from this one table, in the page's language. 1F1B and
// GPipe are proper names in both languages; the interleaved schedule is 交错 in Chinese, as the levels' goals
// say ("GPipe / 1F1B / 交错"). The core's ids ('1f1b', 'interleaved') are code, never shown.
import type { PipelineSchedule } from '../sim/cost/pipelineSimulation.ts';
import { text, type Locale, type Text } from './i18n.ts';

export const SCHEDULE_NAMES: Readonly<Record<PipelineSchedule, Text>> = {
  gpipe: text('GPipe', 'GPipe'),
  '1f1b': text('1F1B', '1F1B'),
  interleaved: text('交错', 'interleaved'),
};

/** How each schedule serves the rounds, said after its name where a player chooses one. */
export const SCHEDULE_WAYS: Readonly<Record<PipelineSchedule, Text>> = {
  gpipe: text('先全部前向，再全部反向', 'all forwards, then all backwards'),
  '1f1b': text('前向一轮、反向一轮', 'one forward, one backward'),
  interleaved: text('每站做几段不相邻的层', 'each station cooks several non-adjacent chunks'),
};

/**
 * A schedule as the screens name it in `locale`.
 * @example scheduleName('interleaved', 'zh-CN') // '交错'
 */
export const scheduleName = (schedule: PipelineSchedule, locale: Locale): string =>
  SCHEDULE_NAMES[schedule][locale];

/**
 * A schedule with how it serves, as a chooser offers it; an English name starts the line with a capital.
 * @example scheduleChoice('gpipe', 'en') // 'GPipe: all forwards, then all backwards'
 * @example scheduleChoice('interleaved', 'zh-CN') // '交错：每站做几段不相邻的层'
 */
export function scheduleChoice(schedule: PipelineSchedule, locale: Locale): string {
  const name = scheduleName(schedule, locale);
  const way = SCHEDULE_WAYS[schedule][locale];
  return locale === 'zh-CN' ? `${name}：${way}` : `${name[0]!.toUpperCase()}${name.slice(1)}: ${way}`;
}
