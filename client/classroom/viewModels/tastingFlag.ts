// What a phone's sticky footer adds, while planning, to the level panel's own headline (the fullest fridge
// against its capacity and the step time: PreviewPanel.renderHeadline): a wrong tasting, which that line
// leaves out. Nothing else: the fridge said a second time under the first was the same figure twice. Pure.
import type { Evaluation } from '../../../shared/index.ts';
import type { Translate } from '../../ui/translate.ts';

/** "✗ the tasting is wrong" when the plan's tasting fails; '' otherwise (the footer line is then hidden). */
export function tastingFlag(e: Evaluation, t: Translate): string {
  return e.tasting?.ok === false ? `✗ ${t('cls.plan.tastingWrong')}` : '';
}
