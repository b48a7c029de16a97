// The pipeline schedules' names (`schedule.name.<id>`) and the courses editor's choices (`schedule.<id>`: the
// name and how it serves), taken from the core's one table (shared/game/scheduleNames.ts) so that the editor,
// its section note and par's plan name a schedule as the classroom's words do.
import {
  SCHEDULES,
  scheduleChoice,
  scheduleName,
  type Locale,
  type PipelineSchedule,
} from '../../shared/index.ts';
import type { StringTables } from './defineStrings.ts';

type ScheduleKey = `schedule.${PipelineSchedule}` | `schedule.name.${PipelineSchedule}`;

const table = (locale: Locale) =>
  Object.fromEntries(
    SCHEDULES.flatMap((s) => [
      [`schedule.${s}`, scheduleChoice(s, locale)],
      [`schedule.name.${s}`, scheduleName(s, locale)],
    ]),
  ) as Record<ScheduleKey, string>;

export const scheduleStrings: StringTables<ScheduleKey> = { en: table('en'), zh: table('zh-CN') };
