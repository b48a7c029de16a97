// What Megatron-LM's own code adds to or hides from a step, worked by hand on Korthikanti's 22B layer
// (h 6144, 64 heads, TP 8, microbatch 4, s 2048) on DGX A100: the optimizer step's passes (optimizerStep.ts),
// the asynchronous tensor-parallel backward (megatronLayer.ts `asyncBackward`) and the unfused gradient
// accumulation of 2021 (simulateTrain.ts).
import { describe, expect, it } from 'vitest';
import { HARDWARE_PRESETS } from '../../../../shared/sim/cost/hardware.ts';
import { CALIBRATION } from '../../../../shared/sim/cost/calibration.ts';
import { optimizerStepBytesPerParam } from '../../../../shared/sim/train/optimizerStep.ts';
import { taskS } from '../../../../shared/sim/train/blockCost.ts';
import { A100, simulate } from './helpers.ts';

const K22 = { layers: 48, hidden: 6144, heads: 64, seq: 2048, vocab: 51200 };
const doc = (parallel: object, precision = 'bf16-mixed') => ({
  model: K22,
  hardware: A100,
  parallel: { tp: 8, pp: 1, dp: 1, globalBatch: 4, microBatch: 4, recompute: 'full', ...parallel },
  precision,
});
const W = HARDWARE_PRESETS['a100-80gb'].hbmBytesPerS * CALIBRATION.gemmHbmEfficiency;
// One all-reduce of b·s·h bf16 over 8 GPUs on NVLink (300 GB/s, α 3.4 µs): 2·7/8·S/B + 2·7·α.
const S = 4 * 2048 * 6144 * 2;
const allReduceS = ((2 * 7) / 8) * (S / 300e9) + 14 * 3.4e-6;

describe('the optimizer step: Megatron mixed-precision Adam, memory-bound', () => {
  it('moves 42 bytes per parameter in bf16, 52 in fp16, 36 in fp32', () => {
    expect(optimizerStepBytesPerParam('bf16-mixed')).toBe(4 + 16 + 12 + 6 + 4);
    expect(optimizerStepBytesPerParam('fp16-mixed')).toBe(52);
    expect(optimizerStepBytesPerParam('fp32')).toBe(36);
  });
  it('22B on one TP group: every element of the device’s optimizer state × 42 bytes over HBM', () => {
    const sim = simulate(doc({}));
    // Per device: 48 layers of (12h² + 13h)/8 (+ the replicated layer norms and row-parallel biases) plus the
    // word embedding's 51200/8 rows and the position embedding: exactly the optimizer state over 12 bytes.
    const elements = sim.memory[0]!.bytes.optimizer / 12;
    expect(elements / 1e9).toBeCloseTo(2.77, 2); // 48 · 56.6M + 39.3M + 12.6M
    expect(sim.memory[0]!.updateComputeS).toBeCloseTo((elements * 42) / W, 9);
    expect(sim.memory[0]!.updateComputeS * 1e3).toBeCloseTo(87.8, 1); // 2.77e9 · 42 B / (2.039 TB/s · 0.65)
  });
  it('ZeRO-1 runs it on the 1/dp partition', () => {
    const full = simulate(doc({ dp: 4, globalBatch: 16 })).memory[0]!;
    const zero = simulate(doc({ dp: 4, globalBatch: 16, zeroStage: 1 })).memory[0]!;
    expect(zero.updateComputeS / full.updateComputeS).toBeCloseTo(0.25, 2);
  });
});

describe("Megatron's asynchronous tensor-parallel backward", () => {
  it('hides the input-gradient all-reduces of Wqkv and W1 behind their weight-gradient GEMMs', () => {
    const sync = simulate(doc({ asyncTensorAllReduce: false })).blocks.layer;
    const async = simulate(doc({})).blocks.layer;
    // Two all-reduces backward (dln1, dln2), each shorter than its GEMM: all of it hidden.
    expect(sync.backward.tensorS).toBeCloseTo(2 * allReduceS, 9);
    expect(allReduceS * 1e3).toBeCloseTo(0.635, 3);
    expect(async.backward.tensorS).toBeCloseTo(0, 12);
    expect(async.backward.computeS).toBe(sync.backward.computeS);
    // The forward pass (and full recompute's second one) keeps its two all-reduces on the critical path.
    expect(async.forward.tensorS).toBeCloseTo(2 * allReduceS, 9);
    expect(async.recompute.full.tensorS).toBeCloseTo(2 * allReduceS, 9);
  });
  it('with sequence parallelism hides the re-gathers and the reduce-scatters, not the output-gradient gathers', () => {
    const sp = simulate(doc({ sequenceParallel: true, recompute: 'selective' })).blocks.layer;
    // Six collectives of (n−1)/n·S/B + 7α = 0.317 ms backward; four hidden (ln1, ln2 gathers; dln1, dln2
    // reduce-scatters), the two all-gathers of the row-parallel outputs' gradient stay.
    const half = (7 / 8) * (S / 300e9) + 7 * 3.4e-6;
    expect(sp.backward.tensorS).toBeCloseTo(2 * half, 9);
  });
});

describe('gradient accumulation without fusion (Megatron-LM 2021, DeepSpeed)', () => {
  const pipe = (fusion: boolean) =>
    simulate(
      doc({
        pp: 2,
        globalBatch: 32,
        gradAccumulationFusion: fusion,
        schedule: '1f1b',
      }),
    );
  it('adds (m − 1)/m · 3 · 2 bytes per parameter of the stage to each backward task', () => {
    const fused = pipe(true);
    const unfused = pipe(false);
    const m = 32 / 4;
    const layers = 24;
    // Stage 1 of 2: 24 layers and the output layer's 6400 × 6144 shard.
    const params = layers * fused.blocks.layer.state.localParams + fused.blocks.output.state.localParams;
    const extra = (((m - 1) / m) * (6 * params)) / W;
    const last = (s: typeof fused) => taskS(s.stageTasks[1]!.backward);
    expect(last(unfused) - last(fused)).toBeCloseTo(extra, 12);
    expect(extra * 1e3).toBeCloseTo(5.54, 2); // 1.398e9 parameters · 6 B · 7/8 / 1.325 TB/s
  });
  it('costs nothing with one microbatch', () => {
    const one = (fusion: boolean) => simulate(doc({ gradAccumulationFusion: fusion })).stepS;
    expect(one(false)).toBe(one(true));
  });
});
