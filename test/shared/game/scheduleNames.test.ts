// A pipeline schedule has one name per language on every screen (shared/game/scheduleNames.ts): the courses
// editor's choices and section note, par's plan, a plan read aloud and the classroom's activity line. Chinese
// screens showed the core's ids ('菜序：interleaved, m = 16', '把菜序改成 8 道、每步 16 轮（interleaved）').
import { describe, expect, it } from 'vitest';
import { translate } from '../../../client/i18n/strings.ts';
import { editInWords } from '../../../shared/game/editWords.ts';
import { LOCALES } from '../../../shared/game/i18n.ts';
import { levelById } from '../../../shared/game/levels/index.ts';
import { planState } from '../../../shared/game/planState.ts';
import { planInWords } from '../../../shared/game/planWords.ts';
import { SCHEDULE_NAMES, scheduleChoice, scheduleName } from '../../../shared/game/scheduleNames.ts';
import { SCHEDULES } from '../../../shared/sim/cost/pipelineSimulation.ts';

/** A core id of a schedule, as it must never be shown ('interleaved' is also the English name). */
const SCHEDULE_ID = { 'zh-CN': /\b(?:1f1b|gpipe|interleaved)\b/, en: /\b(?:1f1b|gpipe)\b/ } as const;

const courses = levelById('courses')!;
const interleaved = (schedule: (typeof SCHEDULES)[number]) =>
  planState({
    ...courses.reference,
    pipeline: { microbatches: 16, schedule, virtualStages: schedule === 'interleaved' ? 4 : 1 },
  });

describe('schedule names', () => {
  it('names 1F1B and GPipe so in both languages, and the interleaved schedule 交错 in Chinese', () => {
    expect(SCHEDULES.map((s) => scheduleName(s, 'zh-CN'))).toEqual(['GPipe', '1F1B', '交错']);
    expect(SCHEDULES.map((s) => scheduleName(s, 'en'))).toEqual(['GPipe', '1F1B', 'interleaved']);
  });

  it('are the names the courses level’s goal lists: GPipe / 1F1B / 交错', () => {
    for (const locale of LOCALES)
      expect(courses.goal[locale]).toContain(SCHEDULES.map((s) => scheduleName(s, locale)).join(' / '));
  });

  it('are the courses editor’s choices and section-note names, in the page’s language', () => {
    for (const locale of LOCALES)
      for (const s of SCHEDULES) {
        expect(translate(locale, `schedule.${s}`)).toBe(scheduleChoice(s, locale));
        expect(translate(locale, `schedule.name.${s}`)).toBe(scheduleName(s, locale));
      }
    expect(translate('zh-CN', 'schedule.interleaved')).toBe('交错：每站做几段不相邻的层');
    expect(translate('en', 'schedule.interleaved')).toBe(
      'Interleaved: each station cooks several non-adjacent chunks',
    );
    expect(translate('zh-CN', 'courses.virtual')).toBe('每站分几段（交错）');
  });

  it('name the schedule in an edit and a plan read aloud, never by its id', () => {
    for (const s of SCHEDULES) {
      const plan = interleaved(s);
      const edit = editInWords({ type: 'setPipeline', schedule: s }, plan);
      const words = planInWords(courses, plan);
      for (const locale of LOCALES) {
        expect(edit[locale]).toContain(SCHEDULE_NAMES[s][locale]);
        expect(edit[locale]).not.toMatch(SCHEDULE_ID[locale]);
        for (const w of words) expect(w[locale]).not.toMatch(SCHEDULE_ID[locale]);
      }
    }
    expect(editInWords({ type: 'setPipeline', schedule: 'interleaved' }, interleaved('interleaved'))).toEqual(
      {
        'zh-CN': '把菜序改成 8 道、每步 16 轮（交错）',
        en: 'set the courses to 8, 16 rounds per step (interleaved)',
      },
    );
  });
});
