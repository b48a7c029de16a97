// A pipeline device's events as parallel typed arrays (pipelineSimulation.ts writes them, one per device):
// a step of the banquet has tens of thousands, and an object per event costs more than the simulation, so
// readers visit the record (`visitRecord`) or build the objects once on demand (`materialise`).
import type { EventVisitor, TimelineEvent, TimelineEventKind } from './pipelineSimulation.ts';

/** Event kinds by code in the compact record. */
const KINDS: readonly TimelineEventKind[] = [
  'forward',
  'backward',
  'recompute',
  'send',
  'recv',
  'idle',
  'collective',
];
/** Codes of the kinds the simulation emits (a 'collective' is merged in later, withCollectives). */
export const [FORWARD, BACKWARD, RECOMPUTE, SEND, RECV, IDLE] = [0, 1, 2, 3, 4, 5] as const;

/** One device's events as parallel arrays; `tag` = microbatch·v + chunk, or −1 (idle). */
export interface EventRecord {
  count: number;
  kind: Uint8Array;
  tag: Int32Array;
  startS: Float64Array;
  endS: Float64Array;
}

/** An empty record with room for `capacity` events. */
export function eventRecord(capacity: number): EventRecord {
  return {
    count: 0,
    kind: new Uint8Array(capacity),
    tag: new Int32Array(capacity),
    startS: new Float64Array(capacity),
    endS: new Float64Array(capacity),
  };
}

/** Doubles the record's room, keeping its events. */
export function grow(r: EventRecord): void {
  const bigger = eventRecord(2 * r.kind.length);
  bigger.kind.set(r.kind);
  bigger.tag.set(r.tag);
  bigger.startS.set(r.startS);
  bigger.endS.set(r.endS);
  Object.assign(r, { ...bigger, count: r.count });
}

/** Calls `visit` per event in order, microbatch = ⌊tag/v⌋ and chunk = tag mod v (−1, −1 without a tag). */
export function visitRecord(r: EventRecord, v: number, visit: EventVisitor): void {
  for (let i = 0; i < r.count; i++) {
    const tag = r.tag[i]!;
    const kind = KINDS[r.kind[i]!]!;
    if (tag < 0) visit(kind, r.startS[i]!, r.endS[i]!, -1, -1);
    else visit(kind, r.startS[i]!, r.endS[i]!, Math.floor(tag / v), tag % v);
  }
}

/** The record's events as objects of device `d` (what `deviceEvents` caches). */
export function materialise(d: number, r: EventRecord, v: number): TimelineEvent[] {
  const out = new Array<TimelineEvent>(r.count);
  for (let i = 0; i < r.count; i++) {
    const tag = r.tag[i]!;
    const kind = KINDS[r.kind[i]!]!;
    const startS = r.startS[i]!;
    const endS = r.endS[i]!;
    out[i] =
      tag < 0
        ? { device: d, kind, startS, endS }
        : { device: d, kind, microbatch: Math.floor(tag / v), chunk: tag % v, startS, endS };
  }
  return out;
}
