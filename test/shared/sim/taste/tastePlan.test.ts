// Whole plans tasted end to end through the plan format the client and `sim taste` use.
import { describe, expect, it } from 'vitest';
import { MODEL_NAMES } from '../../../../shared/sim/models/modelRegistry.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { parseTasteRequest } from '../../../../shared/sim/taste/tasteRequest.ts';
import { tastePlan, type TasteReport } from '../../../../shared/sim/taste/tastePlan.ts';

const taste = (plan: Record<string, unknown>): TasteReport =>
  unwrap(tastePlan(unwrap(parseTasteRequest(plan))));
const summary = (r: TasteReport, phase?: string) =>
  r.collectives
    .filter((c) => !phase || c.phase === phase)
    .map((c) => `${c.kind}(${c.axes.join(',')}) ${c.tensor}`);

const megatronBlock = {
  wqkv: [null, null, 'model', null],
  wo: ['model', null, null],
  w1: [null, 'model'],
  w2: ['model', null],
};

describe('every model tastes right under a sensible plan', () => {
  it.each([
    ['mlp2', { axes: [['model', 4]] }, { w1: [null, 'model'], w2: ['model', null] }, {}],
    [
      'megatronMlp',
      {
        axes: [
          ['data', 2],
          ['model', 2],
        ],
      },
      { x0: ['data', null], target: ['data', null], w1: [null, 'model'], w2: ['model', null] },
      {},
    ],
    [
      'transformerBlock',
      {
        axes: [
          ['data', 2],
          ['model', 4],
        ],
      },
      { x: ['data', null, null], target: ['data', null, null], ...megatronBlock },
      {},
    ],
    [
      'gpt',
      {
        axes: [
          ['data', 2],
          ['model', 2],
        ],
      },
      { tokens: ['data', null, null], labels: ['data', null, null] },
      { layers: 2 },
    ],
    ['embeddingLookup', { axes: [['row', 4]] }, { table: ['row', null] }, {}],
  ])('%s', (name, mesh, inShardings, dims) => {
    const r = taste({ model: { name, dims }, mesh, inShardings });
    for (const o of r.outputs) expect(o.relError, o.name).toBeLessThanOrEqual(1e-4);
    expect(r.ok).toBe(true);
    expect(r.outputs.some((o) => o.phase === 'backward')).toBe(true);
    expect(r.outputs.some((o) => o.phase === 'update')).toBe(true);
  });

  it('visionDecoder (inference) tastes its forward pass', () => {
    const r = taste({
      model: { name: 'visionDecoder' },
      mesh: { axes: [['model', 4]] },
      step: 'forward',
      inShardings: { w_patch: [null, 'model'] },
    });
    expect(r.ok).toBe(true);
    expect(r.outputs.map((o) => o.name)).toEqual(['logits']);
  });
});

describe('the giant spice rack: an embedding table sharded by rows', () => {
  const r = taste({
    model: { name: 'embeddingLookup' },
    mesh: { axes: [['row', 4]] },
    inShardings: { table: ['row', null] },
  });
  it('never gathers the table: each kitchen looks up its own rows and the partial rows are summed', () => {
    expect(summary(r).some((c) => c.includes('all-gather') && c.includes('table'))).toBe(false);
    expect(summary(r, 'forward')).toContain('all-reduce(row) item');
    expect(r.tensors.find((t) => t.name === 'new/table')!.spec).toBe("P('row', None)");
  });
  // XLA's scatter partitioner, ids split by batch too (docs/conformance.md): the [batch, dim] updates are
  // all-gathered and each kitchen adds them into its own rows; the table's gradient is never reduced.
  it('ids split by batch: the backward gathers the updates into each kitchen’s rows, no reduction', () => {
    const byBatch = taste({
      model: { name: 'embeddingLookup' },
      mesh: { axes: [['row', 4]] },
      inShardings: { table: ['row', null], ids: ['row'] },
    });
    expect(byBatch.ok).toBe(true);
    expect(summary(byBatch, 'backward')).toContain('all-gather(row) ditem');
    expect(summary(byBatch, 'backward').some((c) => c.includes('grad/table'))).toBe(false);
    const grad = byBatch.outputs.find((o) => o.name === 'grad/table')!;
    expect(grad.relError).toBeLessThanOrEqual(1e-6);
  });
});

describe('pmap mode', () => {
  it('replicates every weight and all-reduces every gradient', () => {
    const r = taste({ model: { name: 'megatronMlp' }, mesh: { axes: [['i', 4]] }, mode: 'pmap' });
    expect(r.ok).toBe(true);
    expect(r.tensors.filter((t) => t.role === 'param').every((t) => !t.spec.includes("'i'"))).toBe(true);
    expect(summary(r, 'backward').sort()).toEqual([
      'all-reduce(i) grad/w1',
      'all-reduce(i) grad/w2',
      'all-reduce(i) grad/w_in',
    ]);
  });

  it('refuses a two-axis mesh', () => {
    const r = tastePlan(
      unwrap(
        parseTasteRequest({
          model: { name: 'mlp2' },
          mesh: {
            axes: [
              ['a', 2],
              ['b', 2],
            ],
          },
          mode: 'pmap',
        }),
      ),
    );
    expect(r.ok ? '' : r.error.message).toContain('pmap maps exactly one axis');
  });
});

describe('manual mode (shard_map): the player places the collectives', () => {
  const body = [
    { name: 'h', op: 'einsum', equation: 'bi,ih->bh', args: ['x', 'w1'] },
    { name: 'part', op: 'einsum', equation: 'bh,ho->bo', args: ['h', 'w2'] },
    { name: 'pred', op: 'psum', axes: ['model'], args: ['part'] },
  ];
  const manual = (b: typeof body, outSpec: unknown[] = [], checkVma = true) => ({
    model: { name: 'mlp2' },
    mesh: { axes: [['model', 4]] },
    mode: 'manual',
    manual: {
      inSpecs: { w1: [null, 'model'], w2: ['model', null] },
      outSpecs: { pred: outSpec },
      checkVma,
      body: b,
      outputs: { pred: b.at(-1)!.name },
    },
  });

  it('with the psum, pred equals the single-kitchen pred', () => {
    const r = taste(manual(body));
    expect(r.ok).toBe(true);
    // named by the value it sends (part), as the pricing names a manual pass
    expect(summary(r)).toEqual(['all-reduce(model) part']);
  });

  it('without it, check_vma refuses the replicated out_spec with JAX’s message', () => {
    const r = tastePlan(unwrap(parseTasteRequest(manual(body.slice(0, 2)))));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error.message).toContain(
      "out_specs which require replication which can't be statically inferred",
    );
  });

  it('without it and without the check, the tasting shows the wrong numbers and where they are', () => {
    const r = taste(manual(body.slice(0, 2), [], false));
    expect(r.ok).toBe(false);
    const pred = r.outputs[0]!;
    expect(pred.relError).toBeGreaterThan(0.1);
    expect(pred.worst!.devices).toEqual([0, 1, 2, 3]);
  });
});

describe('bad plans are refused with a clear error', () => {
  it.each([
    [{ model: { name: 'gpt5' }, mesh: { axes: [['x', 2]] } }, 'Unknown model "gpt5". Known models: mlp2,'],
    [{ model: { name: 'mlp2' }, mesh: { axes: [['x', 2]] }, inshardings: {} }, 'inshardings: unknown field'],
    [{ model: { name: 'mlp2', dims: { batch: 0 } }, mesh: { axes: [['x', 2]] } }, 'model.dims.batch'],
    [{ model: { name: 'mlp2' }, mesh: { axes: [['x', 2]] }, mode: 'magic' }, 'mode'],
    [{ model: { name: 'mlp2' }, mesh: { axes: [['x', 2]] }, mode: 'manual' }, 'manual mode needs'],
  ])('%j', (plan, fragment) => {
    const r = parseTasteRequest(plan);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error.message).toContain(fragment);
  });

  it('an unknown model is a ValueError of its own code listing the known models, as unknown hardware is', () => {
    const r = parseTasteRequest({ model: { name: 'gpt5' }, mesh: { axes: [['x', 2]] } });
    expect(r.ok ? undefined : r.error).toMatchObject({
      type: 'ValueError',
      code: 'model/unknown',
      params: { model: 'gpt5', known: MODEL_NAMES },
    });
  });

  it('an in_sharding naming a missing input lists the inputs', () => {
    const r = tastePlan(
      unwrap(
        parseTasteRequest({
          model: { name: 'mlp2' },
          mesh: { axes: [['x', 2]] },
          inShardings: { w3: ['x'] },
        }),
      ),
    );
    expect(r.ok ? '' : r.error.message).toContain(
      "in_shardings names 'w3', which is not an input; the inputs are: x, y, w1, w2",
    );
  });
});
