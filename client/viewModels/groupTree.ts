// What a screen reader is told about the static view's groups (issue 13): the listing's phases as a tree's
// first level and each phase's groups (parts of the model) as its second, every group named with its part,
// phase, row counts and bytes at their scale, and whether it is open. Pure; ui/StaticGroupTree.ts draws it
// as WAI-ARIA tree items (aria-level, aria-expanded) and moves the focus to the cursor's group.
import type { Translate } from '../ui/translate.ts';
import type { ListingRow, PhaseName } from './planListing.ts';

export interface GroupTreeItem {
  /** The group's key in the listing (planListing's GroupRow.key). */
  readonly key: string;
  /** Its accessible name, in the present language. */
  readonly label: string;
  readonly expanded: boolean;
}

export interface GroupTreePhase {
  readonly phase: PhaseName;
  readonly label: string;
  readonly groups: readonly GroupTreeItem[];
}

/** The phases of `listing` that have groups, with their groups' spoken names; [] for a listing without. */
export function groupTree(listing: readonly ListingRow[], t: Translate): GroupTreePhase[] {
  const out: { phase: PhaseName; label: string; groups: GroupTreeItem[] }[] = [];
  let phase: { phase: PhaseName; label: string; groups: GroupTreeItem[] } | undefined;
  for (const r of listing) {
    if (r.type === 'phase') {
      const name = t(`views.phase.${r.phase}`);
      phase = { phase: r.phase, label: `${name} · ${t(`views.scale.${r.scale}`)}`, groups: [] };
      out.push(phase);
    } else if (r.type === 'group' && phase) {
      const params = {
        scope: r.scope === '' ? t('views.scopeTop') : r.scope,
        phase: t(`views.phase.${phase.phase}`),
        values: r.values,
        passes: r.passes,
        bytes: r.passes > 0 ? t(`views.groupItemBytes.${r.scale}`, { bytes: r.bytes }) : '',
      };
      const label = t(r.scale === 'banquet' ? 'views.groupItemPriced' : 'views.groupItem', params);
      phase.groups.push({ key: r.key, label, expanded: !r.collapsed });
    }
  }
  return out.filter((p) => p.groups.length > 0);
}
