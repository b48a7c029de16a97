// The static view's note above its rows: which scale each figure is at, then the totals — the critical
// kitchens' step split from the core's one breakdown (shared/game/stepShares.ts), the same line the score
// screen's "step split" shows (stepSharesLine). Pure.
import { criticalDevices, stepShares, type Evaluation } from '../../shared/index.ts';
import type { Translate } from '../ui/translate.ts';
import { kitchensText } from './kitchensText.ts';
import { sharesText } from './sharesText.ts';
import { criticalShareText } from './stepHeadline.ts';

/**
 * "Last to finish, kitchens 0–3: cooking 70%, …" of the evaluated plan (stepShares.ts); a plan that does not fit is
 * not served (debrief.ts planFigures), and the line says so before the split it was priced at.
 */
export function stepSharesLine(evaluation: Evaluation, t: Translate): string {
  const line = criticalShareText(evaluation.timeline, sharesText(stepShares(evaluation), t), t);
  return evaluation.pricing.memory.fits ? line : t('views.notServedShares', { line });
}

/**
 * The note's lines: the scales (a tasting's rows are small arrays; the totals are the banquet's) and, in a
 * pipeline, whose passes the rows are (the kitchens that finish last); then the totals.
 */
export function staticNote(evaluation: Evaluation, t: Translate): string[] {
  const priced = evaluation.tasting === null;
  const first = !priced
    ? t('views.tastingNote')
    : evaluation.pricing.passGroups
      ? t('views.pricedOnlyOf', { kitchens: kitchensText(criticalDevices(evaluation.timeline), t) })
      : t('views.pricedOnly');
  return [first, stepSharesLine(evaluation, t)];
}
