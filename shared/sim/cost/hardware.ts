// Hardware presets for pricing a plan (docs/design.md §4.3): peak FLOP/s per precision, HBM capacity and
// bandwidth, and the two kinds of "window" between kitchens — the fast one inside a node (NVLink/NVSwitch,
// TPU ICI) and the slow one between nodes (InfiniBand, TPU DCN). Every number names its source.
// Capacities are decimal bytes (1 GB = 1e9 B), as the datasheets print them and as ZeRO's worked example
// counts; bandwidths are one-way bytes per second per device.
import type { Mesh } from '../mesh.ts';
import type { GemmTiling } from './gemmEfficiency.ts';
import { err, ok, type Result } from '../result.ts';
import { quoteValue } from '../input/quoteValue.ts';

export type Precision = 'fp32' | 'tf32' | 'bf16' | 'fp16' | 'int8';

/**
 * One kind of link. `topology` says how a group of devices on it is wired: `'switched'` (NVSwitch, a fat
 * tree: any device reaches any other in one hop) or `'torus'` (TPU ICI: nearest neighbours only, a ring per
 * axis with wraparound). Only all-to-all prices the two differently (collectiveTime.ts).
 */
export interface LinkSpec {
  /** One-way bytes per second each device can push onto this link kind. */
  readonly bytesPerS: number;
  /** α: per-message (per ring step) latency, seconds. */
  readonly latencyS: number;
  readonly topology?: 'switched' | 'torus';
}

export interface DeviceSpec {
  readonly id: string;
  readonly name: string;
  /** Dense (no sparsity) peak FLOP/s (int8: OP/s) by input precision. */
  readonly peakFlops: Readonly<Record<Precision, number>>;
  /** HBM capacity, bytes. */
  readonly memoryBytes: number;
  /** HBM bandwidth, bytes per second. */
  readonly hbmBytesPerS: number;
  /** Link between devices of one node (one NVLink domain, one TPU ICI slice). */
  readonly intraNode: LinkSpec;
  /** Link between nodes. */
  readonly interNode: LinkSpec;
  /** Devices per node; node n holds device ids n·devicesPerNode … (n+1)·devicesPerNode − 1. */
  readonly devicesPerNode: number;
  /**
   * SMs and GEMM tile, for the tile/wave model of gemmEfficiency.ts; absent: one fitted matmul efficiency
   * for every shape (calibration.ts `matmulEfficiency`).
   */
  readonly gemmTiling?: GemmTiling;
}

// α per ring step: NCCL's own cost model, NVIDIA/nccl src/graph/tuning.cc `hwLat`, Ring / Simple protocol:
// NVLink 3.4 µs, PCI 5.7 µs, network 9.6 µs.
const NCCL_NVLINK_LATENCY_S = 3.4e-6;
const NCCL_PCI_LATENCY_S = 5.7e-6;
const NCCL_NET_LATENCY_S = 9.6e-6;
// TPU ICI ≈ 1 µs per hop (docs/jax-semantics.md §2.3). DCN: no figure in our references; NCCL's network hop is used as
// the order of magnitude (assumption).
const ICI_LATENCY_S = 1e-6;
const DCN_LATENCY_S = NCCL_NET_LATENCY_S;

// NVLink 3 / NVSwitch: 600 GB/s total per A100 = 300 GB/s each way (docs/cost-model.md §5; docs/jax-semantics.md §2.5).
const A100_NVLINK: LinkSpec = { bytesPerS: 300e9, latencyS: NCCL_NVLINK_LATENCY_S, topology: 'switched' };
// DGX A100 / Selene: eight 200 Gb/s HDR InfiniBand HCAs per 8-GPU node = 25 GB/s per GPU each way
// (docs/cost-model.md §5).
// A100: 108 SMs; cuBLAS's largest bf16 tile 256×128 (NVIDIA Matrix Multiplication Background User's Guide,
// "Tile quantization", "Wave quantization").
const A100_TILING: GemmTiling = { sms: 108, tileM: 256, tileN: 128 };
const A100_IB: LinkSpec = { bytesPerS: 25e9, latencyS: NCCL_NET_LATENCY_S, topology: 'switched' };
// NVLink 4: 900 GB/s total per H100/H200 = 450 GB/s each way (NVIDIA H100 and H200 datasheets; docs/jax-semantics.md §2.5).
const HOPPER_NVLINK: LinkSpec = { bytesPerS: 450e9, latencyS: NCCL_NVLINK_LATENCY_S, topology: 'switched' };
// One 400 Gb/s ConnectX-7 NDR NIC per GPU = 50 GB/s each way (docs/jax-semantics.md §2.5, H100 DGX SuperPod).
const HOPPER_IB: LinkSpec = { bytesPerS: 50e9, latencyS: NCCL_NET_LATENCY_S, topology: 'switched' };

/** NVIDIA A100 Tensor Core GPU datasheet (SXM), dense: FP32 19.5 T, TF32 156 T, BF16/FP16 312 T, INT8 624 T. */
const A100_FLOPS = { fp32: 19.5e12, tf32: 156e12, bf16: 312e12, fp16: 312e12, int8: 624e12 } as const;
/**
 * NVIDIA H100 Tensor Core GPU datasheet (SXM): FP32 67 T; TF32 989 T, BF16/FP16 1979 T, INT8 3958 T are
 * quoted with 2:4 sparsity, so dense is half. The H200 datasheet lists the same compute.
 */
const HOPPER_FLOPS = {
  fp32: 67e12,
  tf32: 989e12 / 2,
  bf16: 1979e12 / 2,
  fp16: 1979e12 / 2,
  int8: 3958e12 / 2,
} as const;

/**
 * TPU rates from bf16 and int8 (scaling book tpus.md). The MXU multiplies bf16; JAX's `lax.Precision` runs
 * an f32 matmul as 3 bf16 passes (HIGH, ≈ tf32 precision) or 6 (HIGHEST, fp32). TPUs have no fp16 MXU
 * path (tpus.md lists bf16 and int8 only); fp16 is priced as fp32 (assumption).
 */
function tpuFlops(bf16: number, int8: number): Record<Precision, number> {
  return { fp32: bf16 / 6, tf32: bf16 / 3, bf16, fp16: bf16 / 6, int8 };
}

/**
 * TPU ICI along one torus axis with wraparound: a chip drives one link in each ring direction, so its
 * one-way egress along the axis is the "bidirectional per-link" figure of docs/jax-semantics.md §2.3, and a ring
 * all-gather takes (n−1)/n · V / W_bidi ≈ V / W_ici, the scaling book's result. Axes without wraparound
 * (v4/v5p axes not a multiple of 4, v5e axes under 16) are twice as slow; not modelled.
 */
const ici = (bidiBytesPerS: number): LinkSpec => ({
  bytesPerS: bidiBytesPerS,
  latencyS: ICI_LATENCY_S,
  topology: 'torus',
});
/** DCN ≈ 2.5e10 B/s per host (docs/jax-semantics.md §2.3), shared by the host's chips (tpus.md: v4/v5p 4, v5e 8). */
const dcn = (chipsPerHost: number): LinkSpec => ({
  bytesPerS: 2.5e10 / chipsPerHost,
  latencyS: DCN_LATENCY_S,
  topology: 'switched',
});

export const HARDWARE_PRESET_IDS = [
  'a100-40gb',
  'a100-80gb',
  'h100',
  'h200',
  'tpu-v4',
  'tpu-v5e',
  'tpu-v5p',
  'fridge-16gb-slow',
  'fridge-16gb-fast',
] as const;
export type HardwarePresetId = (typeof HARDWARE_PRESET_IDS)[number];

/** Teaching rates: one round stove of 1e14 bf16 FLOP/s, with A100-like ratios between precisions. */
const FRIDGE_FLOPS = { fp32: 1e14 / 16, tf32: 1e14 / 2, bf16: 1e14, fp16: 1e14, int8: 2e14 } as const;

/**
 * The presets. A TPU "node" is one ICI-connected pod (slice); nodes talk over DCN. GPU memory is the
 * datasheet's figure in decimal bytes, where the parts hold binary ones (nvidia-smi: an A100 80GB has 81,920
 * MiB = 85.9e9 B): the 7% between them stands for what the memory model does not count, the CUDA context,
 * NCCL's buffers and the caching allocator's fragmentation (docs/pricing.md "Memory and score").
 */
export const HARDWARE_PRESETS: Readonly<Record<HardwarePresetId, DeviceSpec>> = {
  'a100-40gb': {
    id: 'a100-40gb',
    name: 'NVIDIA A100 40GB SXM',
    peakFlops: A100_FLOPS,
    memoryBytes: 40e9, // A100 datasheet: 40 GB HBM2
    hbmBytesPerS: 1555e9, // A100 datasheet: 1,555 GB/s
    intraNode: A100_NVLINK,
    interNode: A100_IB,
    devicesPerNode: 8, // DGX A100 (docs/cost-model.md §5)
    gemmTiling: A100_TILING,
  },
  'a100-80gb': {
    id: 'a100-80gb',
    name: 'NVIDIA A100 80GB SXM',
    peakFlops: A100_FLOPS,
    memoryBytes: 80e9, // A100 datasheet: 80 GB HBM2e
    hbmBytesPerS: 2039e9, // A100 datasheet: 2,039 GB/s (docs/cost-model.md §5: about 2.0 TB/s)
    intraNode: A100_NVLINK,
    interNode: A100_IB,
    devicesPerNode: 8,
    gemmTiling: A100_TILING,
  },
  h100: {
    id: 'h100',
    name: 'NVIDIA H100 80GB SXM',
    peakFlops: HOPPER_FLOPS,
    memoryBytes: 80e9, // H100 datasheet: 80 GB HBM3
    hbmBytesPerS: 3.35e12, // H100 datasheet: 3.35 TB/s (docs/jax-semantics.md §2.5)
    intraNode: HOPPER_NVLINK,
    interNode: HOPPER_IB,
    devicesPerNode: 8, // DGX H100 (docs/jax-semantics.md §2.5)
  },
  h200: {
    id: 'h200',
    name: 'NVIDIA H200 141GB SXM',
    peakFlops: HOPPER_FLOPS,
    memoryBytes: 141e9, // H200 datasheet: 141 GB HBM3e
    hbmBytesPerS: 4.8e12, // H200 datasheet: 4.8 TB/s (docs/jax-semantics.md §2.5)
    intraNode: HOPPER_NVLINK,
    interNode: HOPPER_IB,
    devicesPerNode: 8,
  },
  'tpu-v4': {
    id: 'tpu-v4',
    name: 'Google TPU v4',
    peakFlops: tpuFlops(2.75e14, 2.75e14), // tpus.md: bf16 2.75e14, int8 2.75e14
    memoryBytes: 32e9, // docs/jax-semantics.md §2.3: 32 GB
    hbmBytesPerS: 1.2e12, // docs/jax-semantics.md §2.3
    intraNode: ici(9e10), // docs/jax-semantics.md §2.3: 4.5e10 one-way / 9e10 bidi per link
    interNode: dcn(4),
    devicesPerNode: 16 * 16 * 16, // pod 16x16x16 (docs/jax-semantics.md §2.3)
  },
  'tpu-v5e': {
    id: 'tpu-v5e',
    name: 'Google TPU v5e',
    peakFlops: tpuFlops(1.97e14, 3.94e14), // tpus.md: bf16 1.97e14, int8 3.94e14
    memoryBytes: 16e9, // docs/jax-semantics.md §2.3: 16 GB
    hbmBytesPerS: 8.1e11, // docs/jax-semantics.md §2.3
    intraNode: ici(9e10), // docs/jax-semantics.md §2.3: 4.5e10 one-way / 9e10 bidi per link
    interNode: dcn(8),
    devicesPerNode: 16 * 16, // pod 16x16 (docs/jax-semantics.md §2.3)
  },
  'tpu-v5p': {
    id: 'tpu-v5p',
    name: 'Google TPU v5p',
    peakFlops: tpuFlops(4.59e14, 9.18e14), // tpus.md: bf16 4.59e14, int8 9.18e14
    memoryBytes: 96e9, // docs/jax-semantics.md §2.3: 96 GB
    hbmBytesPerS: 2.8e12, // docs/jax-semantics.md §2.3
    intraNode: ici(1.8e11), // docs/jax-semantics.md §2.3: 9e10 one-way / 1.8e11 bidi per link
    interNode: dcn(4),
    devicesPerNode: 16 * 20 * 28, // pod 16x20x28 = 8960 chips (docs/jax-semantics.md §2.3)
  },
  // Teaching kitchens: invented round numbers, chosen so that the windows, not the stoves, decide.
  'fridge-16gb-slow': {
    id: 'fridge-16gb-slow',
    name: 'Teaching kitchen: 16 GB fridge, slow windows',
    peakFlops: FRIDGE_FLOPS,
    memoryBytes: 16e9,
    hbmBytesPerS: 1e12,
    // PCIe-class window, ≈ 1.5e10 B/s per chip (docs/jax-semantics.md §2.3), NCCL's PCI latency.
    intraNode: { bytesPerS: 1.5e10, latencyS: NCCL_PCI_LATENCY_S, topology: 'switched' },
    // A tenth of an A100's InfiniBand share.
    interNode: { bytesPerS: 2.5e9, latencyS: NCCL_NET_LATENCY_S, topology: 'switched' },
    devicesPerNode: 4,
  },
  'fridge-16gb-fast': {
    id: 'fridge-16gb-fast',
    name: 'Teaching kitchen: 16 GB fridge, fast windows',
    peakFlops: FRIDGE_FLOPS,
    memoryBytes: 16e9,
    hbmBytesPerS: 1e12,
    intraNode: A100_NVLINK,
    interNode: A100_IB,
    devicesPerNode: 8,
  },
};

/** The preset with this id, or a ValueError listing the known ids. */
export function hardwarePreset(id: string): Result<DeviceSpec> {
  const known: readonly string[] = HARDWARE_PRESET_IDS;
  if (!known.includes(id))
    return err(
      'hardware/unknown',
      { id, known: HARDWARE_PRESET_IDS },
      `Unknown hardware ${quoteValue(id)}. Known hardware: ${HARDWARE_PRESET_IDS.join(', ')}.`,
    );
  return ok(HARDWARE_PRESETS[id as HardwarePresetId]);
}

/** The link one mesh axis runs on: the slowest link that any of its device groups crosses. */
export interface AxisLink extends LinkSpec {
  readonly axis: string;
  readonly size: number;
  readonly link: 'intra' | 'inter';
  /**
   * Devices of one group along this axis that share a node, the fewest over every device of every group
   * (a group inside one node: `size`; one device per node: 1). All-to-all splits its bytes by it
   * (collectiveTime.ts).
   */
  readonly nodeMembers: number;
  /** The node's own link, which the `nodeMembers` of a group share whatever `link` is. */
  readonly intraNode: LinkSpec;
}

/**
 * For each mesh axis (in mesh order), whether its device groups stay inside a node or cross nodes.
 * A group along axis k is the devices differing only in coordinate k: ids base + i·stride, stride = product
 * of the later axes' sizes (row-major, mesh.ts). It stays in a node iff its first and last ids share
 * ⌊id / devicesPerNode⌋. One crossing group puts the whole axis on the inter-node link (collectives over an
 * axis run in lockstep, so the slowest group sets the pace).
 * @example meshAxisLinks(mesh({data: 64, model: 8}), a100) // model → intra (8 consecutive ids), data → inter
 */
export function meshAxisLinks(mesh: Mesh, hardware: DeviceSpec): AxisLink[] {
  const perNode = hardware.devicesPerNode;
  if (!Number.isSafeInteger(perNode) || perNode < 1)
    throw new RangeError(`devicesPerNode must be a positive integer, got ${perNode}`);
  let stride = mesh.deviceCount;
  return mesh.axes.map((axis) => {
    stride /= axis.size;
    let crosses = false;
    let nodeMembers = axis.size;
    if (axis.size > 1)
      for (let id = 0; id < mesh.deviceCount; id++) {
        if (Math.floor(id / stride) % axis.size !== 0) continue; // this axis' coordinate of id
        const perNodeCount = new Map<number, number>();
        for (let i = 0; i < axis.size; i++) {
          const node = Math.floor((id + i * stride) / perNode);
          perNodeCount.set(node, (perNodeCount.get(node) ?? 0) + 1);
        }
        if (perNodeCount.size > 1) crosses = true;
        for (const c of perNodeCount.values()) nodeMembers = Math.min(nodeMembers, c);
      }
    const spec = crosses ? hardware.interNode : hardware.intraNode;
    return {
      axis: axis.name,
      size: axis.size,
      link: crosses ? 'inter' : 'intra',
      ...spec,
      nodeMembers,
      intraNode: hardware.intraNode,
    };
  });
}
