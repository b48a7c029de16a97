// A kitchen's step shares (shared/game/stepShares.ts) as the one line every view prints: the local view's
// stove row, the dynamic view's caption, the static view's totals and the score screen. Pure.
import { formatPercent, type StepShares } from '../../shared/index.ts';
import type { Translate } from '../ui/translate.ts';

export const sharesText = (s: StepShares, t: Translate): string =>
  t('views.stoveShare', {
    cook: formatPercent(s.compute),
    pass: formatPercent(s.communication),
    idle: formatPercent(s.bubble),
    other: formatPercent(s.other),
  });
