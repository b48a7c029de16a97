// A kitchen's fridge gauge: the memory parts stacked bottom-up against the fridge's capacity line. The gauge
// spans max(capacity, total) plus headroom, so an overflow shows above the line. Pure, tested without Phaser.
import type { MemoryReport } from '../../shared/index.ts';

export const GAUGE_PARTS = ['params', 'grads', 'optimizer', 'activations', 'temporaries'] as const;
export type GaugePart = (typeof GAUGE_PARTS)[number];

/** Breakdown of one device's memory (MemoryReport's groups). */
export type MemoryBytes = MemoryReport['worst'];

export interface GaugeSegment {
  readonly part: GaugePart;
  /** Bottom and top as fractions of the gauge height (0 = bottom). */
  readonly from: number;
  readonly to: number;
}

export interface FridgeGauge {
  readonly segments: readonly GaugeSegment[];
  /** Height of the capacity line as a fraction of the gauge. */
  readonly capacityAt: number;
  readonly totalBytes: number;
  readonly capacityBytes: number;
  readonly overflow: boolean;
}

const HEADROOM = 1.1;

export function fridgeGauge(bytes: MemoryBytes, capacityBytes: number): FridgeGauge {
  const span = Math.max(capacityBytes, bytes.total) * HEADROOM;
  const segments: GaugeSegment[] = [];
  let at = 0;
  for (const part of GAUGE_PARTS) {
    const size = bytes[part] / span;
    if (size <= 0) continue;
    segments.push({ part, from: at, to: at + size });
    at += size;
  }
  return {
    segments,
    capacityAt: capacityBytes / span,
    totalBytes: bytes.total,
    capacityBytes,
    overflow: bytes.total > capacityBytes,
  };
}

/** Every kitchen's gauge by device id, from the memory report's groups of equally loaded devices. */
export function fridgeGauges(memory: MemoryReport): Map<number, FridgeGauge> {
  const gauges = new Map<number, FridgeGauge>();
  for (const group of memory.groups) {
    const gauge = fridgeGauge(group.bytes, memory.capacityBytes);
    for (const id of group.devices) gauges.set(id, gauge);
  }
  return gauges;
}
