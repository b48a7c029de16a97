// The static view grouped by phase and by the part of the model (the core's scopes), folded when long, with
// both scales named (issue 13 item 6): a tasting's rows
// are its small arrays, the totals are the banquet's step split from the core's one breakdown.
import { describe, expect, it } from 'vitest';
import { criticalDevices, evaluatePlan, levelById, stepShares } from '../../../shared/index.ts';
import { translate } from '../../../client/i18n/strings.ts';
import type { Translate } from '../../../client/ui/translate.ts';
import { formatBytes } from '../../../client/viewModels/formatBytes.ts';
import { COLLAPSE_ABOVE_ROWS, planListing, type ListingRow } from '../../../client/viewModels/planListing.ts';
import { sharesText } from '../../../client/viewModels/sharesText.ts';
import { evaluated, runs } from './listingRuns.ts';
import { staticNote, stepSharesLine } from '../../../client/viewModels/staticNote.ts';
import { kitchensText } from '../../../client/viewModels/kitchensText.ts';

const en: Translate = (key, params) => translate('en', key, params);
const zh: Translate = (key, params) => translate('zh-CN', key, params);

const scopesOf = (rows: readonly ListingRow[], phase: string) =>
  rows.flatMap((r) => (r.type === 'group' && r.key.startsWith(`${phase}:`) ? [r.scope] : []));

describe('static view of the myth level "model parallelism is copying" (one unprefixed block)', () => {
  const { level, evaluation } = evaluated('myth-model-parallel-is-copying');
  const tasting = evaluation.tasting!;
  const open = planListing(evaluation, level.limits.tensors, () => false);
  const shown = planListing(evaluation, level.limits.tensors);

  it('groups every phase by the part of the model the core’s program puts each value in', () => {
    expect(scopesOf(open, 'forward')).toEqual(['', 'block/attention', 'block/mlp', 'loss']);
    expect(scopesOf(open, 'backward')).toEqual(['loss', 'block/mlp', 'block/attention']);
    expect(scopesOf(open, 'update')).toEqual(['block/attention', 'block/mlp']);
    for (const { group, run } of runs(open))
      for (const r of run)
        if (r.type === 'node')
          expect(tasting.tensors.find((t) => t.name === r.name)!.scope).toBe(group.scope);
  });

  it('headings count exactly the values and passes under them, and nothing is lost', () => {
    for (const { group, run } of runs(open)) {
      expect(run.filter((x) => x.type === 'node')).toHaveLength(group.values);
      expect(run.filter((x) => x.type === 'edge')).toHaveLength(group.passes);
    }
    expect(open.filter((r) => r.type === 'node')).toHaveLength(tasting.tensors.length);
    const passes = runs(open).reduce((n, { group }) => n + group.passes, 0);
    expect(passes).toBe(tasting.collectives.length);
  });

  it('opens folded: a heading per phase and per group instead of ~110 flat rows', () => {
    expect(open.length).toBeGreaterThan(COLLAPSE_ABOVE_ROWS);
    expect(shown.every((r) => r.type === 'phase' || (r.type === 'group' && r.collapsed))).toBe(true);
    expect(shown).toHaveLength(3 + 9);
    // The folded headings keep the totals of the open ones.
    expect(shown.filter((r) => r.type === 'group')).toEqual(
      open.filter((r) => r.type === 'group').map((g) => ({ ...g, collapsed: true })),
    );
  });

  it('opens one group on its own: its rows, and only its, come back', () => {
    const key = 'forward:block/attention:0';
    const one = planListing(evaluation, level.limits.tensors, (k) => k !== key);
    const attention = runs(open).find((r) => r.group.key === key)!;
    expect(one).toHaveLength(shown.length + attention.run.length);
    expect(one.filter((r) => r.type === 'node').map((r) => r.type === 'node' && r.name)).toEqual(
      attention.run.flatMap((r) => (r.type === 'node' ? [r.name] : [])),
    );
  });

  it('a group’s bytes are the sum of its passes’ bytes (tasting scale)', () => {
    const withPasses = runs(open).filter((r) => r.group.passes > 0);
    expect(withPasses.length).toBeGreaterThan(0);
    for (const { group, run } of withPasses) {
      const sum = run.reduce((n, r) => {
        if (r.type !== 'edge') return n;
        const c = tasting.collectives.find((c) => c.tensor === r.tensor && c.kind === r.kind)!;
        return n + c.bytesSent;
      }, 0);
      expect(group.bytes).toBe(formatBytes(sum));
    }
  });
});

describe('static view of a two-layer GPT (myth-gspmd-is-automatic)', () => {
  const { level, evaluation } = evaluated('myth-gspmd-is-automatic');
  const rows = planListing(evaluation, level.limits.tensors);

  it('names the tasting scale on every phase heading', () => {
    const phases = rows.filter((r) => r.type === 'phase');
    expect(phases.map((r) => r.type === 'phase' && [r.phase, r.scale])).toEqual([
      ['forward', 'tasting'],
      ['backward', 'tasting'],
      ['update', 'tasting'],
    ]);
  });

  it('groups each block’s sub-layers, backward in reverse order, with unique keys', () => {
    const open = planListing(evaluation, level.limits.tensors, () => false);
    expect(scopesOf(open, 'forward')).toEqual([
      '',
      'embedding',
      'blk0/attention',
      'blk0/mlp',
      'blk1/attention',
      'blk1/mlp',
      'head',
      'loss',
    ]);
    expect(scopesOf(open, 'backward').slice(0, 4)).toEqual(['loss', 'head', 'blk1/mlp', 'blk1/attention']);
    const keys = open.flatMap((r) => (r.type === 'group' ? [r.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says the rows are the tasting’s small arrays and the totals the banquet’s, in both languages', () => {
    const [scale, totals] = staticNote(evaluation, en);
    expect(scale).toMatch(/banquet scale/);
    expect(scale).toMatch(/tasting-scale shapes and bytes/);
    expect(totals).toBe(stepSharesLine(evaluation, en));
    expect(staticNote(evaluation, zh)[0]).toMatch(/宴席规模.*试菜规模/);
  });
});

describe('static view totals', () => {
  it.each(['fridge-too-small', 'the-banquet', 'the-profiler', 'courses'])(
    '%s: the totals are the core’s step split (stepShares), as the score screen prints it',
    (id) => {
      const { level, evaluation } = evaluated(id);
      const note = staticNote(evaluation, en);
      expect(note[1]).toContain(sharesText(stepShares(evaluation), en));
      const s = stepShares(evaluation);
      expect(s.compute + s.communication + s.bubble + s.other).toBeCloseTo(1, 9);
      const priced = evaluation.tasting === null;
      // a pipeline's rows are the passes of the kitchens that finish last (each kitchen's own: the local view)
      const whose = evaluation.pricing.passGroups && {
        kitchens: kitchensText(criticalDevices(evaluation.timeline), en),
      };
      expect(note[0]).toBe(
        !priced ? en('views.tastingNote') : whose ? en('views.pricedOnlyOf', whose) : en('views.pricedOnly'),
      );
      if (id === 'courses')
        expect(note[0]).toMatch(/the passes of one step on kitchen 0, the last to finish/);
      const phases = planListing(evaluation, level.limits.tensors).filter((r) => r.type === 'phase');
      for (const p of phases) expect(p.type === 'phase' && p.scale).toBe(priced ? 'banquet' : 'tasting');
    },
  );
  it('a short listing (fridge-too-small) opens with its groups open', () => {
    const { level, evaluation } = evaluated('fridge-too-small');
    const rows = planListing(evaluation, level.limits.tensors);
    expect(rows.length).toBeLessThanOrEqual(COLLAPSE_ABOVE_ROWS);
    expect(rows.some((r) => r.type === 'group' && r.collapsed)).toBe(false);
  });
});

describe('the totals of a plan that does not fit', () => {
  it('say it is not served before the split it was priced at (fridge-too-small start), in both languages', () => {
    const level = levelById('fridge-too-small')!;
    const r = evaluatePlan(level, level.start);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.evaluation.pricing.memory.fits).toBe(false);
    const shares = sharesText(stepShares(r.evaluation), en);
    expect(stepSharesLine(r.evaluation, en)).toMatch(/^Not served: the plan does not fit\./);
    expect(stepSharesLine(r.evaluation, en)).toContain(shares);
    expect(stepSharesLine(r.evaluation, zh)).toMatch(/^没有上菜：方案放不下/);
  });
});
