// A wrong manual (shard_map) program is a failed tasting with its reason, never an exception (issue 13
// item 4): in The tasting, all_gather(pred_partial) served as pred stacks the four kitchens' partial sums
// (a [8, 4] result against the one-kitchen [2, 4] dish); and any program the edits accept evaluates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  evaluatePlan,
  formatKitchens,
  type PlanEdit,
  type PlanState,
} from '../../../shared/index.ts';
import { level } from './helpers.ts';

const tasting = level('the-tasting');

function apply(plan: PlanState, edits: readonly PlanEdit[]): PlanState {
  let state = plan;
  for (const e of edits) {
    const r = applyEdit(tasting, state, e);
    if (r.ok) state = r.state;
  }
  return state;
}

describe('manual tasting', () => {
  it('all_gather(pred_partial) served as pred is a failed tasting that names the shapes', () => {
    const plan = apply(tasting.start, [
      {
        type: 'addManualOp',
        op: { name: 'g', op: 'all_gather', axes: ['model'], dim: 0, args: ['pred_partial'] },
      },
      { type: 'setManualOutput', output: 'pred', value: 'g' },
    ]);
    expect(plan.manual?.outputs['pred']).toBe('g');
    const r = evaluatePlan(tasting, plan);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const e = r.evaluation;
    expect(e.tasting?.ok).toBe(false);
    expect(e.tasting?.outputs[0]?.shapeMismatch).toEqual({ served: [8, 4], expected: [2, 4] });
    expect(e.stars).toBe(0);
    expect(e.limitedBy).toBe('tasting');
    expect(e.explanation.en).toContain('8×4');
    expect(e.explanation.en).toContain('2×4');
    expect(e.explanation['zh-CN']).toContain('8×4');
    // JSON-ready: no Infinity or NaN.
    expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });

  it('evaluates whatever collectives a learner adds and serves, without throwing', () => {
    const value = fc.constantFrom('h', 'pred_partial', 'c0', 'c1', 'c2');
    const op = fc.record({
      op: fc.constantFrom('psum', 'all_gather', 'psum_scatter', 'all_to_all'),
      arg: value,
      dim: fc.constantFrom(0, 1),
      splitDim: fc.constantFrom(0, 1),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3 }), value, (ops, served) => {
        const edits: PlanEdit[] = ops.map((o, i) => ({
          type: 'addManualOp',
          op: {
            name: `c${i}`,
            op: o.op,
            axes: ['model'],
            args: [o.arg],
            ...(o.op === 'psum' ? {} : { dim: o.dim }),
            ...(o.op === 'all_to_all' ? { splitDim: o.splitDim } : {}),
          },
        }));
        edits.push({ type: 'setManualOutput', output: 'pred', value: served });
        const r = evaluatePlan(tasting, apply(tasting.start, edits));
        expect(r.ok).toBe(true);
        if (r.ok && r.evaluation.tasting && !r.evaluation.tasting.ok)
          expect(r.evaluation.explanation.en).toMatch(/^The tasting failed/);
      }),
      { numRuns: 60, seed: 13 },
    );
  });
});

describe('the tasting verdict', () => {
  it('names the worst kitchens as a range: "kitchens 0–3", not "kitchen 0, 1, 2, 3"', () => {
    const r = evaluatePlan(tasting, tasting.trap.plan);
    if (!r.ok) throw new Error(r.error.message);
    const devices = r.evaluation.tasting!.outputs[0]!.worstDevices;
    expect(devices.length).toBeGreaterThan(1);
    expect(r.evaluation.explanation.en).toContain(`worst in kitchens ${formatKitchens(devices)}`);
    expect(r.evaluation.explanation.en).not.toMatch(/kitchen \d, \d/);
  });
});
