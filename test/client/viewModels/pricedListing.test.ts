// A priced-only (Megatron, banquet-scale) level's static view grouped by the part of the full-size model each
// priced pass belongs to (the core's CollectiveCost.scope: its block, the pipeline's sends, the tied
// embedding), as the tasting levels are by Value.scope, with every total labelled banquet scale (issue 13).
import { describe, expect, it } from 'vitest';
import { translate } from '../../../client/i18n/strings.ts';
import { formatBytes } from '../../../client/viewModels/formatBytes.ts';
import { evaluated, runs } from './listingRuns.ts';
import { planListing } from '../../../client/viewModels/planListing.ts';

describe('a priced-only level’s static view, grouped by part of the model', () => {
  it('cook-again (tensor parallel): forward and backward split into the layer’s attention and MLP and the output layer', () => {
    const { level, evaluation } = evaluated('cook-again', 'reference');
    expect(evaluation.tasting).toBeNull();
    const open = planListing(evaluation, level.limits.tensors, () => false);
    const scopes = (phase: string) =>
      open.flatMap((r) => (r.type === 'group' && r.key.startsWith(`${phase}:`) ? [r.scope] : []));
    // the layer's two halves, as the tasting-scale block's (megatronLayer.ts scopes them like jax.named_scope)
    expect(scopes('forward')).toEqual(['layer/attention', 'layer/mlp', 'output']);
    expect([...scopes('backward')].sort()).toEqual(['layer/attention', 'layer/mlp', 'output']);
    // Every priced pass is under the group of its scope; nothing is lost.
    const priced = evaluation.pricing.collectives;
    const listed = runs(open).flatMap(({ group, run }) =>
      run.map((r) => {
        expect(r.type).toBe('edge');
        const c = priced.find((c) => r.type === 'edge' && c.tensor === r.tensor)!;
        expect(c.scope).toBe(group.scope);
        return r;
      }),
    );
    expect(listed).toHaveLength(priced.length);
  });

  it('the-profiler (pipelined): the stage sends are the pipeline’s, apart from the layer’s passes', () => {
    const { level, evaluation } = evaluated('the-profiler', 'reference');
    const open = planListing(evaluation, level.limits.tensors, () => false);
    const forward = open.flatMap((r) => (r.type === 'group' && r.key.startsWith('forward:') ? [r] : []));
    expect(forward.map((g) => g.scope)).toEqual(['layer/attention', 'layer/mlp', 'pipeline']);
    const sends = evaluation.pricing.collectives.find((c) => c.tensor === 'stage_out')!;
    expect(sends.scope).toBe('pipeline');
    expect(evaluation.pricing.collectives.find((c) => c.tensor === 'grad/tied_embed')?.scope).toBe(
      'embedding',
    );
  });

  it('a group’s bytes are one kitchen’s per step at banquet scale (per run × runs per step)', () => {
    const { level, evaluation } = evaluated('cook-again', 'start');
    const open = planListing(evaluation, level.limits.tensors, () => false);
    const groups = runs(open);
    expect(groups.length).toBeGreaterThan(1);
    for (const { group, run } of groups) {
      expect(group.scale).toBe('banquet');
      expect(group.values).toBe(0);
      const sum = run.reduce((n, r) => {
        const c = evaluation.pricing.collectives.find((c) => r.type === 'edge' && c.tensor === r.tensor)!;
        return n + c.bytesPerDevice * c.perStep;
      }, 0);
      expect(group.bytes).toBe(formatBytes(sum));
    }
  });

  it('labels each total with its scale in both languages, tasting and banquet apart', () => {
    const params = { bytes: '1.2 GB' };
    // Short on the row (a phone's width), the phase heading above naming the scale in full.
    expect(translate('en', 'views.groupBytes.banquet', params)).toBe(' · 1.2 GB/step (banquet)');
    expect(translate('en', 'views.groupBytes.tasting', params)).toBe(' · 1.2 GB (tasting)');
    expect(translate('zh-CN', 'views.groupBytes.banquet', params)).toBe(' · 每步 1.2 GB（宴席）');
    expect(translate('zh-CN', 'views.groupBytes.tasting', params)).toBe(' · 1.2 GB（试菜）');
    const tasting = evaluated('myth-model-parallel-is-copying', 'reference');
    const rows = planListing(tasting.evaluation, tasting.level.limits.tensors);
    expect(rows.every((r) => r.type !== 'group' || r.scale === 'tasting')).toBe(true);
  });
});
