// The arena's rule (tensor/arena.ts): a tasting recycles its arrays, so a report handed out must share
// none of them — tasting plan B leaves plan A's report (and a game evaluation of A) deep-equal to what it was.
import { expect, it } from 'vitest';
import { evaluatePlan } from '../../../../shared/game/evaluatePlan.ts';
import { levelById } from '../../../../shared/game/levels/index.ts';
import { unwrap } from '../../../../shared/sim/result.ts';
import { parseTasteRequest } from '../../../../shared/sim/taste/tasteRequest.ts';
import { tastePlan } from '../../../../shared/sim/taste/tastePlan.ts';

const A = {
  model: { name: 'mlp2' },
  mesh: { axes: [['model', 4]] },
  inShardings: { w1: [null, 'model'], w2: ['model', null] },
  includeShards: true,
};
const B = {
  model: { name: 'transformerBlock' },
  mesh: {
    axes: [
      ['data', 2],
      ['model', 4],
    ],
  },
  inShardings: { x: ['data', null, null], w1: [null, 'model'], w2: ['model', null] },
  includeShards: true,
};

it("tasting plan B leaves plan A's report deep-equal", () => {
  const a = unwrap(tastePlan(unwrap(parseTasteRequest(A))));
  const before = structuredClone(a);
  unwrap(tastePlan(unwrap(parseTasteRequest(B))));
  expect(a).toEqual(before);
});

it("evaluating level B's plan leaves level A's evaluation deep-equal", () => {
  const la = levelById('the-tasting')!;
  const lb = levelById('myth-model-parallel-is-copying')!;
  const a = evaluatePlan(la, la.reference);
  const before = structuredClone(a);
  evaluatePlan(lb, lb.reference);
  evaluatePlan(lb, lb.start);
  expect(a).toEqual(before);
});
