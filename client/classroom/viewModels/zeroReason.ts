// Why a team's round scored zero, in the page's language (the core's `reason` is an English log line):
// out of memory by how much (worst kitchen's bytes − a kitchen's capacity, decimal GB as the core prints),
// tasting wrong, too many guests turned away, or the core's refusal in the words its error code explains it
// with (`explanation`, errors.ts), since the `reason` of a refusal is the core's English message.
import {
  MIN_SERVED_SHARE,
  formatGb,
  formatPercent,
  type Locale,
  type TeamRoundResult,
  wasRefused,
} from '../../../shared/index.ts';
import type { Translate } from '../../ui/translate.ts';

/** '' for a scored plan. */
export function zeroReason(
  r: Pick<
    TeamRoundResult,
    'fits' | 'tastingOk' | 'worstMemoryBytes' | 'capacityBytes' | 'score' | 'limitedBy' | 'explanation'
  >,
  t: Translate,
  locale: Locale,
): string {
  if (r.score > 0) return ''; // served: score.ts scores every unserved plan 0
  if (r.tastingOk === false) return t('cls.run.zeroTasting');
  if (r.limitedBy === 'dropped')
    return t('cls.run.zeroDropped', { limit: formatPercent(1 - MIN_SERVED_SHARE) });
  if (!r.fits && r.capacityBytes > 0)
    return t('cls.run.zeroMemory', { over: formatGb(r.worstMemoryBytes - r.capacityBytes) });
  return wasRefused(r) ? t('cls.run.zeroRefused', { why: r.explanation[locale] }) : t('cls.zero');
}
