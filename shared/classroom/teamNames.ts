// Team names (docs/design.md §2: teams are kitchens): China's eight great cuisines, then four more regional
// kitchens, in both languages. Team i (0-based) is named TEAM_NAMES[i].
import { text, type Text } from '../game/i18n.ts';

/** Twelve kitchen names, one per possible team (MAX_TEAMS). */
export const TEAM_NAMES: readonly Text[] = [
  text('川菜', 'Sichuan'),
  text('粤菜', 'Cantonese'),
  text('鲁菜', 'Shandong'),
  text('苏菜', 'Jiangsu'),
  text('浙菜', 'Zhejiang'),
  text('闽菜', 'Fujian'),
  text('湘菜', 'Hunan'),
  text('徽菜', 'Anhui'),
  text('京菜', 'Beijing'),
  text('本帮菜', 'Shanghai'),
  text('客家菜', 'Hakka'),
  text('滇菜', 'Yunnan'),
];
