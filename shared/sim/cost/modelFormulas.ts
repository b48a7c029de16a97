// Closed-form counts for a GPT-style transformer (docs/cost-model.md §1–3): parameters and FLOPs (Narayanan et
// al. 2021), model vs hardware FLOPs (Korthikanti et al. 2022 appendix A), MFU (PaLM appendix B), ZeRO
// model states (Rajbhandari et al. 2020), activations per layer (Korthikanti Table 2) and the pipeline
// schedules' bubble and in-flight microbatches (Narayanan §2.2, Korthikanti §4.2.3).
// Symbols: l layers, h hidden, a heads, V vocabulary, s sequence, B global batch, b microbatch, t tensor-
// parallel size, p pipeline stages, m microbatches, v interleaved chunks, Ψ parameters.
import type { PipelineSchedule } from './pipelineSimulation.ts';

export interface TransformerShape {
  readonly layers: number;
  readonly hidden: number;
  readonly heads: number;
  readonly vocab: number;
  readonly seqLen: number;
}

/**
 * Megatron eq. (2): `P = 12 l h² (1 + 13/(12h) + (V+s)/(12 l h))` = 12lh² + 13lh + (V+s)h
 * (per layer 12h² weights + 13h biases and norms; word and position embeddings).
 * @example megatronParameterCount({ layers: 96, hidden: 12288, vocab: 51200, seqLen: 2048, heads: 96 }) // 1.746e11
 */
export function megatronParameterCount(shape: TransformerShape): number {
  const { layers: l, hidden: h, vocab: V, seqLen: s } = shape;
  return 12 * l * h * h * (1 + 13 / (12 * h) + (V + s) / (12 * l * h));
}

/**
 * FLOPs of one iteration over a global batch of `batch` sequences, Megatron eq. (3). Full recompute counts
 * the forward twice: `96 B s l h² (1 + s/(6h) + V/(16 l h))`; none: `72 B s l h² (1 + s/(6h) + V/(12 l h))`.
 * Both = k·l·(24Bsh² + 4Bs²h) + 6BshV with k = 4 (fwd + bwd + recompute) or 3 (fwd + bwd).
 */
export function megatronFlopsPerIteration(
  shape: TransformerShape,
  batch: number,
  recompute: 'none' | 'full',
): number {
  const { layers: l, hidden: h, vocab: V, seqLen: s } = shape;
  const base = batch * s * l * h * h;
  return recompute === 'full'
    ? 96 * base * (1 + s / (6 * h) + V / (16 * l * h))
    : 72 * base * (1 + s / (6 * h) + V / (12 * l * h));
}

/** Korthikanti appendix A model FLOPs (what MFU counts): `72 B L s h² (1 + s/(6h) + V/(12 h L))`. */
export function modelFlopsPerIteration(shape: TransformerShape, batch: number): number {
  return megatronFlopsPerIteration(shape, batch, 'none');
}

/**
 * FLOPs the hardware executes (what HFU and Megatron's "TFLOP/s per GPU" count): model FLOPs without
 * recompute; `72 B L s h² (1 + s/(3h) + V/(12 h L))` with selective recompute (attention's s²-terms run
 * twice, Korthikanti appendix A); Megatron eq. (3) with full recompute.
 */
export function hardwareFlopsPerIteration(
  shape: TransformerShape,
  batch: number,
  recompute: 'none' | 'selective' | 'full',
): number {
  if (recompute !== 'selective') return megatronFlopsPerIteration(shape, batch, recompute);
  const { layers: l, hidden: h, vocab: V, seqLen: s } = shape;
  return 72 * batch * s * l * h * h * (1 + s / (3 * h) + V / (12 * h * l));
}

/** Achieved share of peak: `flops / (stepS · devices · peakFlopsPerDevice)`; MFU with model FLOPs, HFU with hardware FLOPs. */
export function flopsUtilization(
  flopsPerIteration: number,
  stepS: number,
  devices: number,
  peakFlopsPerDevice: number,
): number {
  return flopsPerIteration / (stepS * devices * peakFlopsPerDevice);
}

/** PaLM appendix B model FLOPs per token: `6N + 12 L H Q T` (N parameters, H heads, Q head dim, T sequence). */
export function palmFlopsPerToken(
  params: number,
  layers: number,
  heads: number,
  headDim: number,
  seqLen: number,
): number {
  return 6 * params + 12 * layers * heads * headDim * seqLen;
}

/**
 * PaLM MFU: `tokensPerS · (6N + 12 L H Q T) / peakFlopsPerS`, the peak summed over every device.
 * @example palmMfu(238.3e3, 6144 * 275e12, 540.35e9, 118, 48, 256, 2048) // 0.462, PaLM 540B on TPU v4
 */
export function palmMfu(
  tokensPerS: number,
  peakFlopsPerS: number,
  params: number,
  layers: number,
  heads: number,
  headDim: number,
  seqLen: number,
): number {
  return (tokensPerS * palmFlopsPerToken(params, layers, heads, headDim, seqLen)) / peakFlopsPerS;
}

/** Megatron eq. (4): end-to-end training time ≈ `8 T P / (n X)` seconds for T tokens, n devices at X FLOP/s each. */
export function megatronTrainingTimeS(
  tokens: number,
  params: number,
  devices: number,
  flopsPerS: number,
): number {
  return (8 * tokens * params) / (devices * flopsPerS);
}

export type ZeroStage = 0 | 1 | 2 | 3;

/**
 * ZeRO model-state bytes per device for mixed-precision Adam (2 B params + 2 B grads + K B optimizer state
 * per parameter, K = 12): stage 0 `(2+2+K)Ψ`; 1 `4Ψ + KΨ/N_d`; 2 `2Ψ + (2+K)Ψ/N_d`; 3 `(2+2+K)Ψ/N_d`.
 * Pass Ψ already divided by the model-parallel size t·p.
 * @example zeroModelStateBytes(7.5e9, 1, 64) // 31.40625e9 (ZeRO's worked example: 31.4 GB)
 */
export function zeroModelStateBytes(
  params: number,
  stage: ZeroStage,
  dataParallel: number,
  optimizerBytesPerParam = 12,
): number {
  const psi = params;
  const k = optimizerBytesPerParam;
  const nd = dataParallel;
  switch (stage) {
    case 0:
      return (2 + 2 + k) * psi;
    case 1:
      return 4 * psi + (k * psi) / nd;
    case 2:
      return 2 * psi + ((2 + k) * psi) / nd;
    case 3:
      return ((2 + 2 + k) * psi) / nd;
  }
}

/** Korthikanti Table 2 rows: what each transformer layer keeps for the backward pass. */
export type ActivationConfig =
  | 'none' // no parallelism
  | 'tp' // tensor parallel
  | 'tp-sp' // tensor + sequence parallel
  | 'tp-selective' // tensor parallel + selective recompute
  | 'tp-sp-selective' // tensor + sequence parallel + selective recompute
  | 'full-recompute'; // only the layer input is kept

export interface ActivationShape {
  readonly seqLen: number;
  readonly microbatch: number;
  readonly hidden: number;
  readonly heads: number;
  /** t; ignored by 'none' and 'full-recompute'. */
  readonly tensorParallel: number;
}

/**
 * Activation bytes per transformer layer per device (16-bit activations, 1-byte dropout masks), Korthikanti
 * Table 2: none `sbh(34 + 5as/h)`; tp `sbh(10 + 24/t + 5as/(ht))`; tp-sp `(sbh/t)(34 + 5as/h)`; tp-selective
 * `sbh(10 + 24/t)`; tp-sp-selective `34 sbh/t`; full-recompute `2sbh`.
 */
export function activationBytesPerLayer(shape: ActivationShape, config: ActivationConfig): number {
  const { seqLen: s, microbatch: b, hidden: h, heads: a, tensorParallel: t } = shape;
  const sbh = s * b * h;
  const attention = (5 * a * s) / h; // the a·s² softmax, its dropout mask and scores, per sbh
  switch (config) {
    case 'none':
      return sbh * (34 + attention);
    case 'tp':
      return sbh * (10 + 24 / t + attention / t);
    case 'tp-sp':
      return (sbh / t) * (34 + attention);
    case 'tp-selective':
      return sbh * (10 + 24 / t);
    case 'tp-sp-selective':
      return (sbh * 34) / t;
    case 'full-recompute':
      return 2 * sbh;
  }
}

/**
 * Microbatches whose activations the first pipeline stage holds at its peak, in units of one microbatch
 * through l/p layers: GPipe m; 1F1B min(p, m); interleaved 1F1B p·(1 + (p−1)/(p·v)) = p + (p−1)/v
 * (Megatron's warm-up of 2(p−1) + (v−1)p + 1 chunk-microbatches of l/(pv) layers), at most m.
 */
export function firstStageInFlightMicrobatches(
  schedule: PipelineSchedule,
  stages: number,
  microbatches: number,
  chunks = 1,
): number {
  const p = stages;
  const m = microbatches;
  if (schedule === 'gpipe') return m;
  if (schedule === '1f1b') return Math.min(p, m);
  return Math.min(m, p + (p - 1) / chunks);
}

/**
 * Activation bytes on the first stage: per-layer bytes × l/p layers × in-flight microbatches. With 1F1B and
 * m ≥ p this is l layers' worth whatever p is (Korthikanti §4.2.3).
 */
export function firstStageActivationBytes(
  perLayerBytes: number,
  layers: number,
  schedule: PipelineSchedule,
  stages: number,
  microbatches: number,
  chunks = 1,
): number {
  return (
    perLayerBytes * (layers / stages) * firstStageInFlightMicrobatches(schedule, stages, microbatches, chunks)
  );
}

/** Pipeline bubble over ideal time (Narayanan §2.2): `(p−1)/(v·m)`; v = 1 for GPipe and 1F1B. */
export function pipelineBubbleOverIdeal(stages: number, microbatches: number, chunks = 1): number {
  return (stages - 1) / (chunks * microbatches);
}

/** Pipeline bubble as a share of the whole step: `(p−1)/(v·m + p − 1)`; GPipe and 1F1B `(p−1)/(m+p−1)`. */
export function pipelineBubbleShare(stages: number, microbatches: number, chunks = 1): number {
  return (stages - 1) / (chunks * microbatches + stages - 1);
}
