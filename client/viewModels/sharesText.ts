// A kitchen's step shares (shared/game/stepShares.ts) as the one line every view prints: the dynamic view's
// caption, the static view's totals and the score screen; the local view's stove takes them in two rows (one
// row of four was cut at 1280 px: "optimizer step <…"). Pure.
import { formatPercent, type StepShares } from '../../shared/index.ts';
import type { Translate } from '../ui/translate.ts';

export const sharesText = (s: StepShares, t: Translate): string =>
  t('views.stoveShare', {
    cook: formatPercent(s.compute),
    pass: formatPercent(s.communication),
    idle: formatPercent(s.bubble),
    other: formatPercent(s.other),
  });

/** The same shares in two rows: cooking and passing, then idle and the optimizer step. */
export const sharesRows = (s: StepShares, t: Translate): readonly [string, string] => [
  t('views.stoveShareBusy', { cook: formatPercent(s.compute), pass: formatPercent(s.communication) }),
  t('views.stoveShareRest', { idle: formatPercent(s.bubble), other: formatPercent(s.other) }),
];
