// Kitchen (device) ids as a phrase whose noun agrees with the count, in the locale of `t`: "kitchen 3",
// "kitchens 0–3" (en); "3 号厨房", "0–3 号厨房" (zh-CN, no plural). The ids are the core's formatKitchens
// (sorted, consecutive runs as 'a–b'), so a list never reads "kitchen 0, 1, 2, 3".
import { formatKitchens } from '../../shared/index.ts';
import type { Translate } from '../ui/translate.ts';

/** @example kitchensText([3, 0, 1, 2], t) // 'kitchens 0–3' (en) */
export const kitchensText = (ids: readonly number[], t: Translate): string =>
  t(ids.length === 1 ? 'kitchens.one' : 'kitchens.many', { ids: formatKitchens(ids) });

/** A memory row's heading, "Kitchen 4" / "Kitchens 0–3" (en), "0–3 号厨房" (zh-CN). */
export const kitchensHeading = (
  row: { readonly kitchens: string; readonly count: number },
  t: Translate,
): string => t(row.count === 1 ? 'preview.kitchen' : 'preview.kitchens', { ids: row.kitchens });
