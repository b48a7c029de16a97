// Share of peak a GEMM reaches on a GPU, from how the GPU runs it (NVIDIA, "Matrix Multiplication
// Background User's Guide", Deep Learning Performance docs: §"Tile quantization" and §"Wave quantization"):
// cuBLAS splits the M×N output into thread-block tiles (A100 bf16: 256×128 for large GEMMs), each tile runs
// on one SM, and the tiles run in waves of as many tiles as the GPU has SMs (A100: 108). A GEMM therefore
// pays for whole tiles and whole waves:
//   tiles    T = batch · ⌈M/256⌉ · ⌈N/128⌉   (M, N oriented to waste less)
//   waves    W = ⌈T / SMs⌉
//   useful   q = batch · M · N / (W · SMs · 256 · 128)           tile and wave quantisation together
//   efficiency = e_max · q
// e_max (the share of peak a tile sustains in its steady state) is fitted on the calibration rows of
// docs/cost-model.md §6 only (calibration.ts). Memory-bound GEMMs (small K or a skinny operand) are priced by
// the HBM roofline beside this (pricePlan.ts `matmulTimeS`). A per-tile fixed cost (K-loop fill, epilogue)
// is left out: fitted as K/(K + K₀) it made the skinny one-hot selector einsums compute-bound, which cuBLAS
// runs as memory-bound GEMV-like kernels with smaller tiles.
import { classifyLabels, type EinsumEquation } from '../tensor/einsumEquation.ts';

/** `batch` independent (M×K)·(K×N) products, per device. */
export interface GemmShape {
  readonly batch: number;
  readonly m: number;
  readonly n: number;
  readonly k: number;
}

/** How a GPU runs GEMMs: its SM count and the thread-block tile of large GEMMs. */
export interface GemmTiling {
  readonly sms: number;
  readonly tileM: number;
  readonly tileN: number;
}

const product = (labels: readonly string[], sizes: Readonly<Record<string, number>>): number =>
  labels.reduce((p, l) => p * sizes[l]!, 1);

/**
 * The GEMM an einsum runs: batch labels, A's free labels (M), B's (N), the contracted ones (K).
 * Labels summed out of one operand alone are a reduction before the matmul and do not enter it.
 * @example gemmShape(parseEinsum('bsd,dv->bsv', [[1, 2048, 12288], [12288, 6400]])) // {batch 1, m 2048, n 6400, k 12288}
 */
export function gemmShape(eq: EinsumEquation): GemmShape {
  const c = classifyLabels(eq);
  return {
    batch: product(c.batch, eq.sizes),
    m: product(c.freeA, eq.sizes),
    n: product(c.freeB, eq.sizes),
    k: product(c.contracting, eq.sizes),
  };
}

/** `n` rounded up to a multiple of 16 (the tensor cores' MMA granularity). */
const mmaRound = (n: number) => Math.ceil(n / 16) * 16;

/**
 * q: the share of the paid-for tile-waves that is useful output, for one orientation of the tile. A tile
 * never exceeds the GEMM (rounded to 16): cuBLAS runs skinny GEMMs with narrow tiles, so a matrix–vector
 * product is not charged a 256×128 tile per 256 outputs and stays memory-bound.
 */
function quantisedShare(g: GemmShape, t: GemmTiling, tM: number, tN: number): number {
  const tileM = Math.min(tM, mmaRound(g.m));
  const tileN = Math.min(tN, mmaRound(g.n));
  const tiles = g.batch * Math.ceil(g.m / tileM) * Math.ceil(g.n / tileN);
  const waves = Math.ceil(tiles / t.sms);
  return (g.batch * g.m * g.n) / (waves * t.sms * tileM * tileN);
}

/**
 * Share of peak FLOP/s of one GEMM: e_max · q with the better of the two tile orientations. A GEMM with an
 * empty dimension does no work; it is given e_max (its time is 0 either way).
 * @example gemmEfficiency({ batch: 1, m: 256 * 108, n: 128, k: 4096 }, { sms: 108, tileM: 256, tileN: 128 }, 0.7) // 0.7: one full wave
 */
export function gemmEfficiency(g: GemmShape, tiling: GemmTiling, peakEfficiency: number): number {
  if (g.batch * g.m * g.n * g.k === 0) return peakEfficiency;
  const q = Math.max(
    quantisedShare(g, tiling, tiling.tileM, tiling.tileN),
    quantisedShare(g, tiling, tiling.tileN, tiling.tileM),
  );
  return peakEfficiency * q;
}
