import { describe, expect, it } from 'vitest';
import { classifyLabels, einsumFlops, parseEinsum } from '../../../../shared/sim/tensor/einsumEquation.ts';
import { unwrap } from '../../../../shared/sim/result.ts';

describe('parseEinsum', () => {
  it('reads labels and sizes', () => {
    expect(
      unwrap(
        parseEinsum('bsd,dnh->bsnh', [
          [2, 3, 4],
          [4, 5, 6],
        ]),
      ),
    ).toEqual({
      inputs: ['bsd', 'dnh'],
      output: 'bsnh',
      sizes: { b: 2, s: 3, d: 4, n: 5, h: 6 },
    });
  });

  it('accepts one operand, rank-0 terms, size-0 dims and whitespace', () => {
    expect(unwrap(parseEinsum('ij->', [[2, 3]])).output).toBe('');
    expect(unwrap(parseEinsum(',i->i', [[], [3]])).inputs).toEqual(['', 'i']);
    expect(
      unwrap(
        parseEinsum(' ij , jk -> ik ', [
          [0, 3],
          [3, 4],
        ]),
      ).sizes,
    ).toEqual({ i: 0, j: 3, k: 4 });
  });

  it.each([
    [
      'ij,jk',
      [
        [2, 3],
        [3, 4],
      ],
      "einsum equation 'ij,jk' has no '->': implicit output is not supported",
    ],
    ['ij->i->i', [[2, 3]], "einsum equation 'ij->i->i' contains '->' more than once"],
    ['...i,ij->j', [[2], [2, 3]], "uses an ellipsis ('...'), which is not supported"],
    ['i,i,i->i', [[2], [2], [2]], "einsum supports 1 or 2 operands, but equation 'i,i,i->i' names 3"],
    ['ij,jk->ik', [[2, 3]], "einsum equation 'ij,jk->ik' names 2 operands but 1 was given"],
    ['ij->ij', [[2, 3], [3]], "einsum equation 'ij->ij' names 1 operand but 2 were given"],
    [
      'i1,jk->ik',
      [
        [2, 3],
        [3, 4],
      ],
      "invalid subscript '1' in einsum equation 'i1,jk->ik'",
    ],
    [
      'ij,jk->iK',
      [
        [2, 3],
        [3, 4],
      ],
      "einsum output label 'K' does not appear in any input subscripts ('ij,jk')",
    ],
    [
      'bd,bsd->bs',
      [
        [2, 3],
        [2, 3],
      ],
      "einsum operand 1 has rank 2 but its subscripts 'bsd' name 3 dimensions",
    ],
    ['i->i', [[2, 3]], "einsum operand 0 has rank 2 but its subscripts 'i' name 1 dimension"],
    ['ii->i', [[2, 2]], "einsum subscripts 'ii' of operand 0 repeat label 'i': traces and diagonals"],
    [
      'ij,jj->i',
      [
        [2, 3],
        [3, 3],
      ],
      "einsum subscripts 'jj' of operand 1 repeat label 'j'",
    ],
    ['i,j->ii', [[2], [2]], "einsum output subscripts 'ii' repeat label 'i': diagonals are not supported"],
    [
      'bsd,dh->bsh',
      [
        [2, 3, 32],
        [16, 4],
      ],
      "size of label 'd' is 32 in operand 0 but 16 in operand 1",
    ],
    [
      'ij,jk->ik',
      [
        [2, -1],
        [3, 4],
      ],
      'einsum operand 0 has an invalid shape [2, -1]',
    ],
    ['ij->ij', [[2, 1.5]], 'einsum operand 0 has an invalid shape [2, 1.5]'],
  ] as const)('refuses %s', (equation, shapes, message) => {
    const result = parseEinsum(equation, shapes);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.type).toBe('ValueError');
      expect(result.error.message).toContain(message);
    }
  });
});

describe('classifyLabels', () => {
  it('sorts every label by role', () => {
    const eq = unwrap(
      parseEinsum('bxsd,dnhby->bsnh', [
        [2, 7, 3, 4],
        [4, 5, 6, 2, 8],
      ]),
    );
    expect(classifyLabels(eq)).toEqual({
      batch: ['b'],
      freeA: ['s'],
      freeB: ['n', 'h'],
      contracting: ['d'],
      summedA: ['x'],
      summedB: ['y'],
    });
  });

  it('orders batch labels as the output does', () => {
    const eq = unwrap(
      parseEinsum('abi,baj->baij', [
        [2, 3, 4],
        [3, 2, 5],
      ]),
    );
    expect(classifyLabels(eq).batch).toEqual(['b', 'a']);
  });

  it('treats a single operand as A', () => {
    const eq = unwrap(parseEinsum('ijk->ki', [[2, 3, 4]]));
    expect(classifyLabels(eq)).toEqual({
      batch: [],
      freeA: ['i', 'k'],
      freeB: [],
      contracting: [],
      summedA: ['j'],
      summedB: [],
    });
  });
});

describe('einsumFlops', () => {
  it('counts 2 FLOPs per multiply-add over all distinct labels', () => {
    expect(
      einsumFlops(
        unwrap(
          parseEinsum('ij,jk->ik', [
            [2, 3],
            [3, 4],
          ]),
        ),
      ),
    ).toBe(2 * 2 * 3 * 4);
    expect(
      einsumFlops(
        unwrap(
          parseEinsum('bsd,dnh->bsnh', [
            [2, 3, 4],
            [4, 5, 6],
          ]),
        ),
      ),
    ).toBe(2 * 720);
    expect(einsumFlops(unwrap(parseEinsum('i,j->ij', [[3], [5]])))).toBe(30);
  });

  it('counts one add per element for one operand', () => {
    expect(einsumFlops(unwrap(parseEinsum('ij->i', [[3, 5]])))).toBe(15);
  });
});
