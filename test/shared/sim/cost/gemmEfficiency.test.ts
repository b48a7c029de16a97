// The GEMM tile/wave model (gemmEfficiency.ts): hand-worked quantisation on the A100's 108 SMs.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gemmEfficiency, gemmShape } from '../../../../shared/sim/cost/gemmEfficiency.ts';
import { parseEinsum } from '../../../../shared/sim/tensor/einsumEquation.ts';
import { unwrap } from '../../../../shared/sim/result.ts';

const A100 = { sms: 108, tileM: 256, tileN: 128 };

describe('gemmShape', () => {
  it('reads batch, M, N and K off an einsum', () => {
    const eq = unwrap(
      parseEinsum('bnqd,bnkd->bnqk', [
        [4, 8, 2048, 96],
        [4, 8, 2048, 96],
      ]),
    );
    expect(gemmShape(eq)).toEqual({ batch: 32, m: 2048, n: 2048, k: 96 });
    const logits = unwrap(
      parseEinsum('bsd,dv->bsv', [
        [1, 2048, 12288],
        [12288, 6400],
      ]),
    );
    expect(gemmShape(logits)).toEqual({ batch: 1, m: 2048, n: 6400, k: 12288 });
  });
});

describe('gemmEfficiency = e_max · q', () => {
  it('one full wave of whole tiles runs at e_max', () => {
    expect(gemmEfficiency({ batch: 1, m: 256 * 108, n: 128, k: 4096 }, A100, 0.7)).toBeCloseTo(0.7, 12);
  });
  it('takes the orientation that wastes less: 109 tiles of 256×128 need 2 waves (q 0.505), 218 of 128×128 need 3 (q 0.673)', () => {
    const g = { batch: 1, m: 256 * 109, n: 128, k: 4096 };
    expect(gemmEfficiency(g, A100, 1)).toBeCloseTo((27904 * 128) / (3 * 108 * 128 * 128), 12);
  });
  it('a partial tile is paid whole: M = 300 on the 128 side pays 3 tiles of 128 rows', () => {
    expect(gemmEfficiency({ batch: 1, m: 300, n: 256, k: 4096 }, A100, 1)).toBeCloseTo(300 / (108 * 128), 12);
  });
  it('a skinny GEMM gets a tile no wider than itself (rounded to 16)', () => {
    // N = 1 → 128×16 tiles: 64 tiles in one wave; q = 8192·1 / (108·128·16).
    expect(gemmEfficiency({ batch: 1, m: 8192, n: 1, k: 8192 }, A100, 1)).toBeCloseTo(
      8192 / (108 * 128 * 16),
      12,
    );
  });
  it('never exceeds e_max and is positive', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 1 << 15 }),
        fc.integer({ min: 1, max: 1 << 15 }),
        fc.integer({ min: 1, max: 1 << 15 }),
        (batch, m, n, k) => {
          const e = gemmEfficiency({ batch, m, n, k }, A100, 0.72);
          return e > 0 && e <= 0.72 + 1e-12;
        },
      ),
    );
  });
});
