// A full fridge's verdict names its parts as the local view's fridge rows print them (formatBytes: "2.10 TB",
// "902 MB") and the fridge itself as the fridge is labelled (formatGb: "2.80 TB of 80.0 GB"). It used to
// print the parts in fridge style too ("2095.4 GB" beside the view's "2.10 TB" for the same optimizer state),
// then the fridge as "2804.3 GB" beside its parts' "2.10 TB".
import { describe, expect, it } from 'vitest';
import { formatBytes, formatGb } from '../../../shared/game/format.ts';
import { levelById } from '../../../shared/game/levels/index.ts';
import { evaluate } from './helpers.ts';

describe('the memory verdict', () => {
  it.each(['the-banquet', 'courses', 'cook-again'])('%s: parts as the views print them', (id) => {
    const level = levelById(id)!;
    const e = evaluate(level, level.trap.plan);
    expect(e.limitedBy).toBe('memory');
    const w = e.pricing.memory.worst;
    const parts = [w.params, w.grads, w.optimizer, w.activations, w.temporaries].map(formatBytes);
    expect(e.explanation.en).toContain(`working space: ${parts.join(' / ')}.`);
    expect(e.explanation['zh-CN']).toContain(`分别是 ${parts.join(' / ')}。`);
    expect(e.explanation.en).toContain(`must hold ${formatGb(w.total)} but holds`);
  });
  it('the-banquet: one unit family in one sentence (TB beside TB, not 2804.3 GB beside 2.10 TB)', () => {
    const level = levelById('the-banquet')!;
    const e = evaluate(level, level.trap.plan);
    expect(e.explanation.en).toMatch(/must hold \d\.\d\d TB but holds 80\.0 GB: \d\.\d\d TB too much/);
    expect(e.explanation.en).not.toMatch(/\d{4}\.\d GB/);
  });
});
