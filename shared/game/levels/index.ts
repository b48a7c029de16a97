// The level index: every level in play order — the concepts in the order the article teaches them, each
// misconception right after the concept it contradicts. Adding a level means adding its file and a line here.
import type { Level } from '../level.ts';
import { columnThenRow } from './columnThenRow.ts';
import { cookAgain } from './cookAgain.ts';
import { courses } from './courses.ts';
import { fridgeTooSmall } from './fridgeTooSmall.ts';
import { fullStations } from './fullStations.ts';
import { giantSpiceRack } from './giantSpiceRack.ts';
import { interleavedCourses } from './interleavedCourses.ts';
import { mythAlwaysModelParallel } from './mythAlwaysModelParallel.ts';
import { mythCopying } from './mythCopying.ts';
import { mythGspmdAutomatic } from './mythGspmdAutomatic.ts';
import { mythMoreExpertsMoreCompute } from './mythMoreExpertsMoreCompute.ts';
import { mythMoreShards } from './mythMoreShards.ts';
import { mythPmapIsPjit } from './mythPmapIsPjit.ts';
import { passingStyles } from './passingStyles.ts';
import { tastingMenu } from './tastingMenu.ts';
import { theBanquet } from './theBanquet.ts';
import { theBuffet } from './theBuffet.ts';
import { theProfiler } from './theProfiler.ts';
import { theTasting } from './theTasting.ts';
import { seasoningLedgers } from './seasoningLedgers.ts';

/** Every level, in play order. */
export const LEVELS: readonly Level[] = [
  fridgeTooSmall,
  mythCopying,
  columnThenRow,
  passingStyles,
  mythGspmdAutomatic,
  theTasting,
  mythPmapIsPjit,
  mythMoreShards,
  mythAlwaysModelParallel,
  courses,
  interleavedCourses,
  cookAgain,
  seasoningLedgers,
  giantSpiceRack,
  tastingMenu,
  theBanquet,
  theBuffet,
  fullStations,
  mythMoreExpertsMoreCompute,
  theProfiler,
];

/**
 * The level with this id, or undefined.
 * @example levelById('the-banquet')?.title.en // 'The banquet'
 */
export function levelById(id: string): Level | undefined {
  return LEVELS.find((l) => l.id === id);
}
