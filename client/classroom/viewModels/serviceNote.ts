// The projector's service panels in words (ServiceBoard.ts): how many columns the teams' panels take, and
// the one line under a team's badge — what its step does, or why it does not cook or is not served. Pure.
import { MIN_SERVED_SHARE, formatPercent, type Locale, type ServiceTeam } from '../../../shared/index.ts';
import type { Translate } from '../../ui/translate.ts';
import { overflows, stepHeadline } from '../../viewModels/stepHeadline.ts';

/** Columns of the panels' grid for `n` teams: one row up to 3, then 2 or 3 rows (12 teams: 4 × 3). */
export const serviceColumns = (n: number): number => (n <= 3 ? Math.max(1, n) : n === 4 ? 2 : n <= 9 ? 3 : 4);

/** What a panel shows: the step cooking, or not cooking (out of memory, or a plan the core refused). */
export const serviceState = (team: ServiceTeam): 'cooking' | 'oom' | 'refused' =>
  team.step === null ? 'refused' : overflows(team.step) ? 'oom' : 'cooking';

export function serviceNote(team: ServiceTeam, t: Translate, locale: Locale): string {
  if (team.step === null) return `✗ ${team.refusal?.[locale] ?? t('cls.zero')}`;
  if (overflows(team.step)) return `✗ ${stepHeadline(team.step, t)}`;
  if (team.step.tastingOk === false) return `✗ ${t('cls.run.zeroTasting')}`;
  const seated = team.step.servedShare;
  if (seated !== null && seated < MIN_SERVED_SHARE)
    return `✗ ${t('cls.run.zeroDropped', { limit: formatPercent(1 - MIN_SERVED_SHARE) })}`;
  return stepHeadline(team.step, t);
}
