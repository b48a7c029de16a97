// Byte accounting for simulated collectives. Every chunk a device sends goes through `transfer`, which
// copies it (the receiver gets its own buffer, as over a real link) and counts its elements against the
// sender and the receiver. Bytes = elements × bytesPerElement, so one plan can be priced in f32 (4 B),
// bf16 (2 B) or int8 (1 B) while the simulation itself always moves f32 values.
import { copyFloat32 } from '../tensor/arena.ts';

/** The collectives of docs/jax-semantics.md §2.3 and §3.4. */
export type CollectiveKind =
  'all-gather' | 'all-reduce' | 'reduce-scatter' | 'all-to-all' | 'collective-permute' | 'all-slice';

/** What one collective cost, per device. */
export interface CollectiveRecord {
  readonly kind: CollectiveKind;
  /** Mesh axes the collective runs over (its device groups vary along exactly these). */
  readonly axes: readonly string[];
  /** Bytes each device put on the wire, indexed by device id. */
  readonly bytesSent: readonly number[];
  /** Bytes each device took off the wire, indexed by device id. */
  readonly bytesReceived: readonly number[];
  /** Synchronous communication rounds (a ring over n devices: n − 1; all-reduce: 2(n − 1)). */
  readonly steps: number;
}

/** f32, the element type the simulation computes in. */
export const DEFAULT_BYTES_PER_ELEMENT = 4;

/** A collective in progress: element counts per device and rounds so far (mutable while it runs). */
export interface Ledger {
  readonly sentElements: number[];
  readonly receivedElements: number[];
  steps: number;
}

/** A fresh ledger for a mesh of `deviceCount` devices. */
export function openLedger(deviceCount: number): Ledger {
  return {
    sentElements: new Array<number>(deviceCount).fill(0),
    receivedElements: new Array<number>(deviceCount).fill(0),
    steps: 0,
  };
}

/**
 * Sends `data` from device `from` to device `to`: returns the receiver's copy and counts `data.length`
 * elements on both sides. A device "sending" to itself is a local copy and costs nothing.
 * @example const received = transfer(ledger, 0, 1, chunk);
 */
export function transfer(ledger: Ledger, from: number, to: number, data: Float32Array): Float32Array {
  if (from !== to) {
    if (ledger.sentElements[from] === undefined || ledger.receivedElements[to] === undefined)
      throw new RangeError(`transfer between devices ${from} and ${to} outside the mesh`);
    ledger.sentElements[from] += data.length;
    ledger.receivedElements[to] += data.length;
  }
  return copyFloat32(data);
}

/**
 * Turns a finished ledger into the record of one collective.
 * @example closeLedger(ledger, 'all-gather', ['x'], 2) // priced in bf16
 */
export function closeLedger(
  ledger: Ledger,
  kind: CollectiveKind,
  axes: readonly string[],
  bytesPerElement: number = DEFAULT_BYTES_PER_ELEMENT,
): CollectiveRecord {
  return {
    kind,
    axes: [...axes],
    bytesSent: ledger.sentElements.map((e) => e * bytesPerElement),
    bytesReceived: ledger.receivedElements.map((e) => e * bytesPerElement),
    steps: ledger.steps,
  };
}

/** Total bytes put on the wire by all devices. */
export const totalBytesSent = (record: CollectiveRecord): number =>
  record.bytesSent.reduce((s, b) => s + b, 0);
