// The one line of the live preview a phone keeps in view while planning (the sticky footer): whether the
// fullest kitchen's memory fits its fridge and one step's time — or, out of memory, by how much it does not
// fit, as every screen says it (oomText). No stars or score: the preview's figures only. Pure.
import { formatGb, formatSeconds, type Evaluation } from '../../../shared/index.ts';
import type { Translate } from '../../ui/translate.ts';
import { oomText } from '../../viewModels/oomText.ts';

export function planHeadline(e: Evaluation, t: Translate): string {
  const m = e.pricing.memory;
  if (!m.fits)
    return `✗ ${oomText({ needBytes: m.worst.total, capacityBytes: m.capacityBytes, fits: false }, t)}`;
  const line = t('cls.plan.headline', {
    used: formatGb(m.worst.total),
    cap: formatGb(m.capacityBytes),
    step: formatSeconds(e.pricing.stepS),
  });
  return e.tasting?.ok === false ? `${line} · ✗ ${t('cls.plan.tastingWrong')}` : line;
}
