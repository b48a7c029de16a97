// The planning phone's two lines about its player: the kitchens they chef, as every screen names kitchens
// (kitchensText: 'kitchens 0–3', '0–3 号厨房', never '0, 1, 2 和 3'), and their team's members with the
// captain starred, listed as the page's language lists names ('Bo ★, Ann'; 'Bo ★、小厨师'). Pure.
import type { Translate } from '../../ui/translate.ts';
import { kitchensText } from '../../viewModels/kitchensText.ts';

/** @example chefLine([0, 1, 2, 3], t) // 'You are the chef of kitchens 0–3.' (en), '你是 0–3 号厨房的厨师。' */
export const chefLine = (kitchens: readonly number[], t: Translate): string =>
  kitchens.length === 0
    ? t('cls.plan.noKitchen')
    : t('cls.plan.chef', { kitchens: kitchensText(kitchens, t) });

/** @example teamLine([{ id: 'a', nickname: 'Bo' }, { id: 'b', nickname: '小厨师' }], 'a', t) // '你的队伍：Bo ★、小厨师' */
export const teamLine = (
  members: readonly { readonly id: string; readonly nickname: string }[],
  captain: string | undefined,
  t: Translate,
): string =>
  t('cls.plan.team', {
    names: members.map((p) => (p.id === captain ? `${p.nickname} ★` : p.nickname)).join(t('punct.listSep')),
  });
