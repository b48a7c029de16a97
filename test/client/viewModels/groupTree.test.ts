// What a screen reader is told of the static view's groups (issue 13): phases with their groups, each named
// with its part, phase, counts and bytes at their scale, and whether it is open, in both languages.
import { describe, expect, it } from 'vitest';
import { evaluatePlan, levelById } from '../../../shared/index.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';
import { groupTree } from '../../../client/viewModels/groupTree.ts';
import { planListing } from '../../../client/viewModels/planListing.ts';

const en: Translate = (key, params) => translate('en', key, params);
const zh: Translate = (key, params) => translate('zh-CN', key, params);

function listing(id: string, open?: string) {
  const level = levelById(id)!;
  const r = evaluatePlan(level, level.reference);
  if (!r.ok) throw new Error(r.error.message);
  return planListing(r.evaluation, level.limits.tensors, open ? (k) => k !== open : undefined);
}

describe('the static view’s groups for screen readers', () => {
  it('one tree item per group heading, under its phase, folded as drawn', () => {
    const rows = listing('myth-model-parallel-is-copying');
    const tree = groupTree(rows, en);
    expect(tree.map((p) => p.phase)).toEqual(['forward', 'backward', 'update']);
    expect(tree[0]!.label).toBe('Forward · tasting scale (small arrays)');
    const keys = tree.flatMap((p) => p.groups.map((g) => g.key));
    expect(keys).toEqual(rows.flatMap((r) => (r.type === 'group' ? [r.key] : [])));
    expect(tree.every((p) => p.groups.every((g) => !g.expanded))).toBe(true);
  });

  it('names the group’s part, phase, counts and bytes, and says it is open once opened', () => {
    const key = 'forward:block/attention:0';
    const rows = listing('myth-model-parallel-is-copying', key);
    const g = rows.find((r) => r.type === 'group' && r.key === key)!;
    if (g.type !== 'group') throw new Error('not a group');
    const item = groupTree(rows, en)[0]!.groups.find((x) => x.key === key)!;
    expect(item.expanded).toBe(true);
    expect(item.label).toBe(
      `block/attention, Forward: 30 values, ${g.passes} passes, ${g.bytes} sent (tasting scale)`,
    );
    const zhItem = groupTree(rows, zh)[0]!.groups.find((x) => x.key === key)!;
    expect(zhItem.label).toBe(
      `block/attention，前向：30 个值，${g.passes} 次传菜，传 ${g.bytes}（试菜规模）`,
    );
    expect(zhItem.label).not.toMatch(/[:,]/);
  });

  it('a priced-only level’s groups are named with banquet-scale bytes per step, without values', () => {
    const tree = groupTree(listing('cook-again'), en);
    const layer = tree[0]!.groups[0]!;
    expect(layer.label).toMatch(/^layer\/attention, Forward: \d+ passes, .+ per step \(banquet scale\)$/);
  });

  it('a listing without groups gives an empty tree', () => {
    expect(groupTree(listing('courses'), en)).toEqual([]);
  });
});
